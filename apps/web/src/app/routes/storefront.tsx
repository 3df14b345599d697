import { useParams } from 'react-router';
import { useAuth } from '../../features/auth/index.ts';
import { StorefrontPage } from '../../features/discovery/components/storefront-page.tsx';

/** spec §2 Storefront (/storefront/{username}). */
export function StorefrontRoute() {
  const { username = '' } = useParams();
  const { user, isAdmin } = useAuth();
  // A new username is a new page: reset tabs and the debug log.
  return <StorefrontPage key={username.toLowerCase()} username={username} viewerId={user?.id ?? null} viewerIsAdmin={isAdmin} />;
}
