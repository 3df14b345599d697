import { useAuth } from '../../features/auth/index.ts';
import { LikedPage } from '../../features/discovery/components/liked-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** spec §2 Liked (/liked). */
export function LikedRoute() {
  const { user } = useAuth();
  useDocumentTitle('Liked Posts');
  return <LikedPage userId={user?.id ?? null} />;
}
