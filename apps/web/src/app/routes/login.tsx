import { PRODUCT_NAME } from '@glyphary/shared';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** spec §2 Login (/login), signed-out only. */
export function LoginRoute() {
  useDocumentTitle('Log in');
  return (
    <AuthCard title="Log in" description={`Welcome back to ${PRODUCT_NAME}.`}>
      <LoginForm />
    </AuthCard>
  );
}
