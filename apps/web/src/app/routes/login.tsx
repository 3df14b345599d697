import { DISCOVERY_MSG, PRODUCT_NAME, safeRedirectPath } from '@glyphary/shared';
import { paths } from '../../config/paths.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { useSearchParams } from '../../lib/router.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * Why a protected page sent the visitor here, where the spec words it: /liked, like every protected
 * page, goes to /login; its text 'Please log in to view your liked posts' (spec §2 Liked) is shown here.
 */
const REASONS: Readonly<Record<string, string>> = { [paths.liked]: DISCOVERY_MSG.likedLoginRequired };

/** spec §2 Login (/login), signed-out only. */
export function LoginRoute() {
  useDocumentTitle('Log in');
  const [params] = useSearchParams();
  const reason = REASONS[safeRedirectPath(params.get('redirect')).split('?')[0]!];
  return (
    <AuthCard title="Log in" description={reason ?? `Welcome back to ${PRODUCT_NAME}.`}>
      <LoginForm />
    </AuthCard>
  );
}
