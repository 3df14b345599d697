import { useState, type FormEvent } from 'react';
import { useFormError } from '../../../lib/use-form-error.ts';
import { Link, useSearchParams } from '../../../lib/router.tsx';
import { COMMON_MSG } from '@glyphary/shared';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../use-auth.ts';

/** spec §2 Login: email, password (show/hide), links to /forgot-password and /signup, §8 errors. */
export function LoginForm() {
  const { signIn } = useAuth();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { error, setError, errorRef } = useFormError();
  const [pending, setPending] = useState(false);
  const redirect = params.get('redirect');

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      // On success the route guard sends the user on (to `redirect` or /).
      await signIn(email, password);
    } catch (caught) {
      setError(errorMessage(caught, COMMON_MSG.loginFailed));
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
      <Input label="Email" type="email" name="email" autoComplete="email" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <div className="flex flex-col gap-2">
        <PasswordInput label="Password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <Link to={paths.forgotPassword} className="self-end text-sm text-muted underline hover:text-fg">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" loading={pending}>
        {pending ? 'Logging in...' : 'Log in'}
      </Button>
      <p className="text-center text-sm text-muted">
        Don&apos;t have an account?{' '}
        <Link to={redirect ? `${paths.signup}?redirect=${encodeURIComponent(redirect)}` : paths.signup} className="font-medium text-fg underline">
          Sign Up
        </Link>
      </p>
    </form>
  );
}
