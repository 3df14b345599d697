import { useState, type FormEvent } from 'react';
import { useFormError } from '../../../lib/use-form-error.ts';
import { Link } from '../../../lib/router.tsx';
import { MAX_DISPLAY_NAME, MAX_USERNAME_LENGTH, COMMON_MSG } from '@glyphary/shared';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../use-auth.ts';
import { markWelcome } from './welcome-card.tsx';

/** spec §2 Signup: email, username, display name, password, confirm password; §5 checks in order, §8 errors. */
export function SignupForm() {
  const { signUp } = useAuth();
  const [fields, setFields] = useState({ email: '', username: '', displayName: '', password: '', confirmPassword: '' });
  const { error, setError, errorRef } = useFormError();
  const [pending, setPending] = useState(false);
  const set = (key: keyof typeof fields) => (event: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: event.target.value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      await signUp(fields);
      markWelcome();
    } catch (caught) {
      setError(errorMessage(caught, COMMON_MSG.signupFailed));
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      {error ? (
        <Banner tone="error" ref={errorRef} focusable>
          {error}
        </Banner>
      ) : null}
      <Input label="Email" type="email" name="email" autoComplete="email" inputMode="email" required value={fields.email} onChange={set('email')} />
      <Input
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={MAX_USERNAME_LENGTH}
        hint="Letters, numbers and underscores; at least 3 characters."
        value={fields.username}
        onChange={set('username')}
      />
      <Input label="Display Name" name="displayName" autoComplete="nickname" required maxLength={MAX_DISPLAY_NAME} value={fields.displayName} onChange={set('displayName')} />
      <PasswordInput label="Password" name="password" autoComplete="new-password" required hint="At least 6 characters." value={fields.password} onChange={set('password')} />
      <PasswordInput label="Confirm Password" name="confirmPassword" autoComplete="new-password" required value={fields.confirmPassword} onChange={set('confirmPassword')} />
      <Button type="submit" size="lg" loading={pending}>
        {pending ? 'Creating account...' : 'Create account'}
      </Button>
      <p className="text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to={paths.login} className="font-medium text-fg underline">
          Log in
        </Link>
      </p>
    </form>
  );
}
