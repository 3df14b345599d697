import { useState, type FormEvent } from 'react';
import { useFormError } from '../../lib/use-form-error.ts';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { validateNewPassword, AUTH_MSG } from '@glyphary/shared';
import { Banner } from '../../components/ui/banner.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { paths } from '../../config/paths.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { postResetPassword } from '../../features/auth/auth-api.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /reset-password?token=…: the page the reset mail's link lands on. */
export function ResetPasswordRoute() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkBroken = !token || params.has('error');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { error: formError, setError, errorRef } = useFormError();
  const error = formError ?? (linkBroken ? AUTH_MSG.resetLinkInvalid : null);
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    const invalid = validateNewPassword(newPassword, confirmPassword);
    if (invalid) return setError(invalid);
    setError(null);
    setPending(true);
    try {
      await postResetPassword(newPassword, token);
      setDone(true);
    } catch (caught) {
      setError(caught instanceof ApiError && !caught.code.startsWith('HTTP_') && caught.status < 500 ? caught.message : AUTH_MSG.resetFailed);
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthCard title="Reset password" description="Choose a new password for your account.">
      {done ? (
        <div className="flex flex-col gap-5">
          <Banner tone="success">{AUTH_MSG.passwordResetDone}</Banner>
          <Link to={paths.login} className={buttonClasses({ size: 'lg' })}>
            Log in
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
          {error ? (
            <Banner tone="error" ref={errorRef} focusable>
              {error}
            </Banner>
          ) : null}
          <PasswordInput label="New Password" name="newPassword" autoComplete="new-password" required disabled={linkBroken} value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />
          <PasswordInput label="Confirm New Password" name="confirmPassword" autoComplete="new-password" required disabled={linkBroken} value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
          <Button type="submit" size="lg" loading={pending} disabled={linkBroken}>
            Reset password
          </Button>
          {linkBroken ? (
            <Link to={paths.forgotPassword} className="text-center text-sm text-fg underline">
              Request a new link
            </Link>
          ) : null}
        </form>
      )}
    </AuthCard>
  );
}
