import { COMMON_MSG, type SignupFields } from '@glyphary/shared';
import { ApiError } from '../../lib/api-client.ts';
import { postSignIn, postSignOut, postSignUp, type SessionUser } from './auth-api.ts';

// Signing in, up and out (the auth provider's calls): only the sign-in and sign-up forms and the user
// menu make them, so they load with their first use instead of with every page.

/** An API error keeps the server's spec text; anything else (network, 'HTTP {status}') gets `fallback`. */
function toAuthError(error: unknown, fallback: string): Error {
  if (error instanceof ApiError && error.status === 429) return new Error(COMMON_MSG.tooManyAttempts);
  if (error instanceof ApiError && !error.code.startsWith('HTTP_') && error.status < 500) return new Error(error.message);
  return new Error(fallback);
}

/**
 * Signs in with email and password (spec §4).
 * @throws Error with the spec's text: the server's, 'Too many attempts…' or 'Login failed'.
 */
export async function signInAccount(email: string, password: string): Promise<SessionUser> {
  try {
    return (await postSignIn(email.trim(), password)).user;
  } catch (error) {
    throw toAuthError(error, COMMON_MSG.loginFailed);
  }
}

/**
 * Creates the account after the spec §5 checks, in order, on the client.
 * @throws Error with the first failed check's text, the server's, or the sign-up fallback.
 */
export async function signUpAccount(fields: SignupFields): Promise<SessionUser> {
  // The checks and their texts load with the first sign-up.
  const { validateSignup } = await import('./validate-signup.ts');
  const invalid = validateSignup(fields);
  if (invalid) throw new Error(invalid);
  try {
    const result = await postSignUp({
      email: fields.email.trim(),
      password: fields.password,
      name: fields.displayName.trim(),
      username: fields.username.trim(),
    });
    return result.user;
  } catch (error) {
    throw toAuthError(error, COMMON_MSG.signupFailed);
  }
}

/** Ends the session; a failed request is logged and the page signs out anyway. */
export async function signOutAccount(): Promise<void> {
  try {
    await postSignOut();
  } catch (error) {
    console.warn('Sign-out request failed', error);
  }
}
