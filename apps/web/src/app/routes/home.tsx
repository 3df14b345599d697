import { HomePage } from '../../features/discovery/components/home-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** spec §2 Home (/). */
export function HomeRoute() {
  useDocumentTitle(null);
  return <HomePage />;
}
