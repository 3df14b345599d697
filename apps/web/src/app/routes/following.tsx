import { FollowingPage } from '../../features/community/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Issue 19: /following, new glyphs and releases from the creators the signed-in user follows. */
export function FollowingRoute() {
  useDocumentTitle('Following');
  return <FollowingPage />;
}
