import { HomePage } from '../../features/discovery/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** spec §2 Home (/). */
export function HomeRoute() {
  useDocumentTitle(null);
  return <HomePage />;
}
