import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { SignupForm } from '../../features/auth/components/signup-form.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** spec §2 Signup (/signup), signed-out only. */
export function SignupRoute() {
  useDocumentTitle('Sign up');
  return (
    <AuthCard title="Sign up" description="Share your glyphs and request new ones.">
      <SignupForm />
    </AuthCard>
  );
}
