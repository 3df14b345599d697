/**
 * Issue 46 item 7: a password reset clears the sign-in lock of its email, both the email's own count and
 * each known device's (`auth-email:<email>`, `auth-device:<email>:<device>`). Whoever proved the mailbox
 * was otherwise still refused (429) with the new password until the window ran out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories.ts';

const LIMIT = 3;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ AUTH_EMAIL_FAILURE_LIMIT: String(LIMIT) });
});
afterAll(async () => {
  await t.close();
});

const signIn = (email: string, password: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, headers: cookie ? { cookie, origin: 'http://localhost:3000' } : {} });

/** The known-device cookie a successful sign-in sets (name=value only). */
function deviceCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const device = all.map((c) => c.split(';')[0] ?? '').filter((c) => !c.startsWith('better-auth'));
  expect(device.length, JSON.stringify(all)).toBeGreaterThan(0);
  return device.join('; ');
}

/** The real flow: request the mail, follow its link, post the token with a new password. */
async function resetPassword(user: TestUser, newPassword: string): Promise<void> {
  const request = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email: user.email, redirectTo: '/reset-password' },
  });
  expect(request.statusCode).toBe(200);
  const mail = t.mails.filter((m) => m.to === user.email).at(-1);
  const link = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '');
  const follow = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
  expect(follow.statusCode).toBe(302);
  const token = new URL(String(follow.headers.location), 'http://localhost').searchParams.get('token');
  const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });
  expect(reset.statusCode, reset.body).toBe(200);
}

describe('issue 46 item 7: a password reset clears the sign-in lock', () => {
  it('the email locked by failed sign-ins (anywhere and on a known device) signs in after the reset', async () => {
    const user = await createUser(t.app);
    // A known device first, then failures from it and from elsewhere until both counts are locked.
    const first = await signIn(user.email, user.password);
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookie(first.headers['set-cookie']);
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await signIn(user.email, 'wrong-password-1')).statusCode).toBe(401);
      expect((await signIn(user.email, 'wrong-password-1', cookie)).statusCode).toBe(401);
    }
    expect((await signIn(user.email, user.password)).statusCode).toBe(429);
    expect((await signIn(user.email, user.password, cookie)).statusCode).toBe(429);

    await resetPassword(user, 'after-reset-lock-9');

    // The email in another letter case is the same lock.
    expect((await signIn(user.email.toUpperCase(), 'after-reset-lock-9')).statusCode).toBe(200);
    expect((await signIn(user.email, 'after-reset-lock-9', cookie)).statusCode).toBe(200);
  });

  it("a reset clears only that email's locks", async () => {
    const [locked, other] = [await createUser(t.app), await createUser(t.app)];
    for (let i = 0; i < LIMIT; i += 1) expect((await signIn(other.email, 'wrong-password-1')).statusCode).toBe(401);
    await resetPassword(locked, 'after-reset-other-9');
    expect((await signIn(other.email, other.password)).statusCode).toBe(429);
  });
});
