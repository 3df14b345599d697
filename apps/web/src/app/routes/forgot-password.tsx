import { useState, type FormEvent } from 'react';
import { useFormError } from '../../lib/use-form-error.ts';
import { Link } from '../../lib/router.tsx';
import { isValidEmail, AUTH_MSG, COMMON_MSG } from '@glyphary/shared';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { paths } from '../../config/paths.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { postRequestPasswordReset } from '../../features/auth/auth-api.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * /forgot-password: asks for a reset mail. The answer is the same whether or not the account exists
 * (no account oracle), except when throttled.
 */
export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { error, setError, errorRef } = useFormError();
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const trimmed = email.trim();
    if (!trimmed) return setFieldError(AUTH_MSG.emailRequired);
    if (!isValidEmail(trimmed)) return setFieldError(AUTH_MSG.invalidEmail);
    setFieldError(null);
    setPending(true);
    try {
      await postRequestPasswordReset(trimmed);
      setSent(true);
    } catch (caught) {
      if (isApiError(caught, 429)) setError(COMMON_MSG.tooManyAttempts);
      else setSent(true);
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthCard
      title="Forgot password"
      description="Enter your account's email and we will send you a link to choose a new password."
      footer={
        <Link to={paths.login} className="font-medium text-fg underline">
          Back to log in
        </Link>
      }
    >
      {sent ? (
        <Banner tone="success">{AUTH_MSG.resetLinkSent}</Banner>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
          {error ? (
        <Banner tone="error" ref={errorRef} focusable>
          {error}
        </Banner>
      ) : null}
          <Input label="Email" type="email" name="email" autoComplete="email" inputMode="email" required value={email} error={fieldError} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" size="lg" loading={pending}>
            Send reset link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
