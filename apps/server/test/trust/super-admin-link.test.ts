/**
 * Issue 46 item 7: opening the super admin's verification link while signed out marked the account
 * verified without promoting it, and Better Auth never runs the verification hook for a verified
 * account again, so nobody could be promoted after that. Now that opening leaves the address unverified
 * and the same link, opened signed in as the account, still promotes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, SUPER_ADMIN_EMAIL, type TestApp } from '../build-test-app.ts';
import { userFields } from '../factories.ts';
import { users } from '../../src/db/schema/index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const roleOf = async (id: string) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return { isSuperAdmin: row?.isSuperAdmin, isAdmin: row?.isAdmin, emailVerified: row?.emailVerified };
};

/** The verification link mailed to `email` (Better Auth hands the mail over in the background). */
async function linkTo(email: string): Promise<string> {
  for (let i = 0; i < 100 && !t.mails.some((m) => m.to === email); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  const url = t.mails.filter((m) => m.to === email).at(-1)?.text.match(/https?:\/\/\S+verify-email\S+/)?.[0];
  if (!url) throw new Error(`no verification link for ${email}`);
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

describe('issue 46 item 7: the super admin link opened signed out', () => {
  it('promotes nobody, leaves the address unverified, and the same link opened signed in still promotes', async () => {
    const signUp = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: userFields({ email: SUPER_ADMIN_EMAIL }) });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const { user, token } = signUp.json() as { user: { id: string }; token: string };
    const link = await linkTo(SUPER_ADMIN_EMAIL);

    const signedOut = await t.app.inject({ method: 'GET', url: link });
    expect(signedOut.statusCode).toBeLessThan(400);
    expect(await roleOf(user.id)).toEqual({ isSuperAdmin: false, isAdmin: false, emailVerified: false });

    const signedIn = await t.app.inject({ method: 'GET', url: link, headers: { authorization: `Bearer ${token}` } });
    expect(signedIn.statusCode).toBeLessThan(400);
    expect(await roleOf(user.id)).toEqual({ isSuperAdmin: true, isAdmin: true, emailVerified: true });
  });
});
