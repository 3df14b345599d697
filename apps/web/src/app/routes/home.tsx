import { HomePage } from '../../features/discovery/components/home-page.tsx';
import { WelcomeCard } from '../../features/auth/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** spec §2 Home (/). */
export function HomeRoute() {
  useDocumentTitle(null);
  return (
    <>
      <WelcomeCard />
      <HomePage />
    </>
  );
}
