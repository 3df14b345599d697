import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@glyphary/shared';
import { eq } from 'drizzle-orm';
import { buildTestApp, SUPER_ADMIN_EMAIL, type TestApp } from '../build-test-app.ts';
import { createUser, userFields } from '../factories.ts';
import { users, sessions } from '../../src/db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const signUp = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload, headers });
const signIn = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload, headers });

describe('sign-up', () => {
  it('creates the account and its profile with the spec initial values, answering {token, user}', async () => {
    const fields = userFields();
    const response = await signUp(fields);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(typeof body.token).toBe('string');
    expect(body.user.username).toBe(fields.username);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row).toMatchObject({ name: fields.name, bio: '', website: '', location: '', glyphsCount: 0, isAdmin: false });
    expect(String(response.headers['set-cookie'])).toMatch(/^glyphary\.session_token=[^;]+;.*HttpOnly.*SameSite=Lax/);
  });

  it.each([
    [{ password: '12345' }, MSG.passwordTooShort],
    [{ username: 'ab' }, MSG.usernameTooShort],
    [{ username: 'bad name!' }, MSG.usernameChars],
    [{ username: 'a'.repeat(31) }, MSG.usernameTooLong],
    [{ email: 'not-an-email' }, MSG.invalidEmail],
    [{ password: 'x'.repeat(129) }, MSG.passwordTooLong],
    [{ name: '   ' }, MSG.displayNameRequired],
    // spec §5 order: password length is checked before the username
    [{ password: '123', username: 'a' }, MSG.passwordTooShort],
    [{ username: 'a!' }, MSG.usernameTooShort],
  ])('refuses %j with the spec message and stores nothing', async (override, message) => {
    const before = await t.database.db.$count(users);
    const response = await signUp(userFields(override as Record<string, string>));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, code: expect.any(String) });
    expect(await t.database.db.$count(users)).toBe(before);
  });

  it('refuses very common passwords as too weak', async () => {
    const response = await signUp(userFields({ password: 'password123' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MSG.weakPasswordCommon);
    expect(response.json().error.startsWith(MSG.weakPassword)).toBe(true);
  });

  it('refuses a username taken in another letter case', async () => {
    const first = await createUser(t.app);
    const response = await signUp(userFields({ username: first.username.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(MSG.usernameTaken);
  });

  it('refuses an email in use in another letter case', async () => {
    const first = await createUser(t.app);
    const response = await signUp(userFields({ email: first.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(MSG.emailInUse);
  });

  it('ignores server-owned fields such as isAdmin in the body', async () => {
    const fields = userFields();
    const response = await signUp({ ...fields, isAdmin: true, isSuperAdmin: true, glyphsCount: 99, bio: 'x' });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, fields.email));
    expect(row).toMatchObject({ isAdmin: false, isSuperAdmin: false, glyphsCount: 0, bio: '' });
  });

  it('keeps passwords exactly as typed (never trimmed)', async () => {
    const fields = userFields({ password: '  spaced pass  ' });
    expect((await signUp(fields)).statusCode).toBe(200);
    expect((await signIn({ email: fields.email, password: 'spaced pass' })).statusCode).toBe(401);
    expect((await signIn({ email: fields.email, password: '  spaced pass  ' })).statusCode).toBe(200);
  });
});

describe('super admin', () => {
  it('is the SUPER_ADMIN_EMAIL account when configured', async () => {
    const superAdmin = await createUser(t.app, { email: SUPER_ADMIN_EMAIL });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, superAdmin.id));
    expect(row).toMatchObject({ isSuperAdmin: true, isAdmin: true });
  });

  it('is the first account when SUPER_ADMIN_EMAIL is not set, and only that one', async () => {
    const fresh = await buildTestApp({ SUPER_ADMIN_EMAIL: undefined });
    try {
      const [first, second] = [await createUser(fresh.app), await createUser(fresh.app)];
      const rows = await fresh.database.db.select().from(users);
      expect(rows.find((r) => r.id === first.id)).toMatchObject({ isSuperAdmin: true, isAdmin: true });
      expect(rows.find((r) => r.id === second.id)).toMatchObject({ isSuperAdmin: false, isAdmin: false });
    } finally {
      await fresh.close();
    }
  });
});

describe('sign-in', () => {
  it('answers {token, user} and the token authenticates API calls', async () => {
    const user = await createUser(t.app);
    const response = await signIn({ email: user.email, password: user.password });
    expect(response.statusCode).toBe(200);
    const { token } = response.json();
    const me = await t.app.inject({ method: 'GET', url: `/api/get-user/${user.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(me.json().user.email).toBe(user.email);
  });

  it('distinguishes an unknown email from a wrong password with the same status', async () => {
    const user = await createUser(t.app);
    const wrong = await signIn({ email: user.email, password: 'not-the-password' });
    const unknown = await signIn({ email: `nobody_${user.username}@example.test`, password: 'whatever-1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toBe(MSG.loginWrongPassword);
    expect(unknown.json().error).toBe(MSG.loginUserNotFound);
  });

  it('refuses an invalid email address', async () => {
    const response = await signIn({ email: 'nope', password: 'whatever-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MSG.invalidEmail);
  });
});

describe('throttling', () => {
  it('locks an email after repeated failures, even from rotating X-Forwarded-For addresses', async () => {
    const throttled = await buildTestApp({ AUTH_EMAIL_FAILURE_LIMIT: '3' });
    try {
      const user = await createUser(throttled.app);
      for (let i = 0; i < 3; i += 1) {
        const r = await throttled.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: user.email, password: 'wrong-password' },
          headers: { 'x-forwarded-for': `10.0.0.${i}` },
        });
        expect(r.statusCode).toBe(401);
      }
      const locked = await throttled.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: user.password },
        headers: { 'x-forwarded-for': '10.0.0.99' },
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error).toBe(MSG.tooManyAttempts);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await throttled.close();
    }
  });

  it('shares one per-IP limit between sign-in and sign-up', async () => {
    const throttled = await buildTestApp({ AUTH_IP_LIMIT: '3' });
    try {
      await throttled.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: userFields() });
      await throttled.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'a@b.co', password: 'x12345' } });
      await throttled.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'c@d.co', password: 'x12345' } });
      const fourth = await throttled.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: userFields() });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().error).toBe(MSG.tooManyAttempts);
    } finally {
      await throttled.close();
    }
  });

  it('collapses login errors into the generic message when AUTH_GENERIC_LOGIN_ERRORS is set', async () => {
    const generic = await buildTestApp({ AUTH_GENERIC_LOGIN_ERRORS: 'true' });
    try {
      const user = await createUser(generic.app);
      const wrong = await generic.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: 'bad-pass-1' } });
      const unknown = await generic.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'zz@example.test', password: 'bad-pass-1' } });
      expect(wrong.json().error).toBe(MSG.loginFailed);
      expect(unknown.json().error).toBe(MSG.loginFailed);
    } finally {
      await generic.close();
    }
  });
});

describe('production origin checks', () => {
  // Better Auth checks Origin only on requests that carry cookies (CSRF needs ambient credentials).
  it('lets an API client without cookies or Origin sign in, and refuses a foreign Origin', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'p'.repeat(40) });
    try {
      const user = await createUser(production.app);
      const apiClient = await production.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password } });
      expect(apiClient.statusCode).toBe(200);
      const token = apiClient.json().token as string;
      const me = await production.app.inject({ method: 'POST', url: '/api/update-user', headers: { authorization: `Bearer ${token}` }, payload: { bio: 'api' } });
      expect(me.statusCode).toBe(200);
      const foreign = await production.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'https://evil.example' },
        payload: { email: user.email, password: user.password },
      });
      expect(foreign.statusCode).toBe(403);
    } finally {
      await production.close();
    }
  });
});

describe('sessions and passwords', () => {
  it('sign-out revokes the session token', async () => {
    const user = await createUser(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: user.auth, payload: {} });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'POST', url: '/api/update-user', headers: user.auth, payload: { bio: 'x' } });
    expect(after.statusCode).toBe(401);
  });

  it('changes the password with the current one, refuses a wrong current password, and signs out other sessions', async () => {
    const user = await createUser(t.app);
    const other = (await signIn({ email: user.email, password: user.password })).json().token as string;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: user.auth,
      payload: { currentPassword: 'not-it-1', newPassword: 'brand-new-pass' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(MSG.currentPasswordIncorrect);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: user.auth,
      payload: { currentPassword: user.password, newPassword: '123' },
    });
    expect(short.json().error).toBe(MSG.passwordTooShort);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: user.auth,
      payload: { currentPassword: user.password, newPassword: 'brand-new-pass' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await signIn({ email: user.email, password: 'brand-new-pass' })).statusCode).toBe(200);
    const stale = await t.app.inject({ method: 'GET', url: `/api/get-user/${user.id}`, headers: { authorization: `Bearer ${other}` } });
    expect(stale.json().user.email).toBeUndefined();
  });

  it('change-password without a session is 401', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: 'abcdef1', newPassword: 'abcdefg2' } });
    expect(response.statusCode).toBe(401);
  });

  it('resets a forgotten password through the emailed link', async () => {
    const user = await createUser(t.app);
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email, redirectTo: '/reset-password' },
    });
    expect(request.statusCode).toBe(200);
    const mail = t.mails.find((m) => m.to === user.email);
    expect(mail?.subject).toContain('Reset');
    const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    const follow = await t.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
    expect(follow.statusCode).toBe(302);
    const token = new URL(String(follow.headers.location), 'http://localhost').searchParams.get('token');
    expect(token).toBeTruthy();
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'after-reset-9' } });
    expect(reset.statusCode).toBe(200);
    expect((await signIn({ email: user.email, password: 'after-reset-9' })).statusCode).toBe(200);
    const reused = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'again-reset-9' } });
    expect(reused.statusCode).toBe(400);
  });

  it('answers a reset request for an unknown email the same way, sending nothing', async () => {
    const before = t.mails.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'unknown-person@example.test', redirectTo: '/reset-password' },
    });
    expect(response.statusCode).toBe(200);
    expect(t.mails.length).toBe(before);
  });

  it('treats garbage, malformed and revoked bearer tokens as a visitor (401 on user routes)', async () => {
    for (const authorization of ['Bearer garbage', 'Bearer ', 'Basic abc', `Bearer ${'x'.repeat(5000)}`]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/update-user', headers: { authorization }, payload: { bio: 'x' } });
      expect(response.statusCode).toBe(401);
    }
  });

  it('has exactly one session row per sign-in', async () => {
    const user = await createUser(t.app);
    expect(await t.database.db.$count(sessions, eq(sessions.userId, user.id))).toBe(1);
  });
});
