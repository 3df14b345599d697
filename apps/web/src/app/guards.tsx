import { Navigate, Outlet, useLocation, useSearchParams } from '../lib/router.tsx';
import { safeRedirectPath, COMMON_MSG } from '@glyphary/shared';
import { Spinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { useAuth } from '../features/auth/use-auth.ts';

/**
 * /login and /signup: signed-in users go to / (spec §2), or to the same-origin `redirect` target
 * they were sent from by a protected route.
 */
export function SignedOutOnly() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  if (user) return <Navigate to={safeRedirectPath(params.get('redirect'))} replace />;
  return <Outlet />;
}

/** Protected routes: signed-out users go to /login, keeping where they wanted to go (spec §2). */
export function RequireAuth() {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) return <Navigate to={paths.loginWithRedirect(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}

/** /admin: signed in (RequireAuth), then the admin check; non-admins go to / (spec §2, §6). */
export function RequireAdmin() {
  const { isAdmin, isProfileLoading } = useAuth();
  if (isProfileLoading) return <AdminLoading />;
  if (!isAdmin) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}

/** spec §2 Admin panel: 'Loading admin panel...'. */
export function AdminLoading() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label={COMMON_MSG.loadingAdminPanel} />
    </div>
  );
}
