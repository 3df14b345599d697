import { ChartColumn } from 'lucide-react';
import { Link, useNavigate, useParams } from '../../lib/router.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { FollowButton, ReportButton } from '../../features/community/index.ts';
import { useAuth } from '../../features/auth/index.ts';
import { StorefrontPage } from '../../features/discovery/components/storefront-page.tsx';

/** spec §2 Storefront (/storefront/{username}). */
export function StorefrontRoute() {
  const { username = '' } = useParams();
  const { user, isAdmin } = useAuth();
  // A new username is a new page: reset tabs and the debug log.
  const navigate = useNavigate();
  const toLogin = () => navigate(paths.loginWithRedirect(paths.storefront(username)));
  return (
    <StorefrontPage
      key={username.toLowerCase()}
      username={username}
      viewerId={user?.id ?? null}
      viewerIsAdmin={isAdmin}
      // Issue 19: follow the creator, or report the account; issue 51: the owner's way to their numbers.
      renderActions={(owner) =>
        owner.uid === user?.id ? (
          <Link to={paths.dashboard} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <ChartColumn size={16} aria-hidden="true" />
            Dashboard
          </Link>
        ) : (
          <>
            <FollowButton userId={owner.uid} signedIn={user !== null} onSignInRequired={toLogin} />
            <ReportButton targetType="user" targetId={owner.uid} label="user" signedIn={user !== null} onSignInRequired={toLogin} />
          </>
        )
      }
    />
  );
}
