/**
 * Runs once, after the web server is up and before any worker starts: creates the designated super
 * admin, proves its address and saves a signed-in session for the tests. Done here, not by "whichever
 * test comes first": two tests racing to create it let the second sign in before the address was
 * proven (still without the role), and two signing in at once got a 429 (one sign-in per email at a time).
 */
import { rm } from 'node:fs/promises';
import { request } from '@playwright/test';
import { BASE_URL, MAIL_API_URL, SUPER_ADMIN_EMAIL } from './ports.ts';
import { SUPER_ADMIN, SUPER_ADMIN_STATE } from './super-admin.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { 'x-forwarded-for': '10.255.255.1' } });
  try {
    const headers = { origin: BASE_URL, 'content-type': 'application/json' };
    const signUp = await api.post('/api/auth/sign-up/email', {
      headers,
      data: { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password, name: SUPER_ADMIN.displayName, username: SUPER_ADMIN.username },
    });
    if (!signUp.ok()) throw new Error(`super admin sign-up: ${signUp.status()} ${await signUp.text()}`);
    // The role waits for the address to be proven (issue 21): open the mailed link, signed in as the account.
    const deadline = Date.now() + 15_000;
    let text = '';
    while (!text && Date.now() < deadline) {
      const mail = await fetch(`${MAIL_API_URL}/last?to=${encodeURIComponent(SUPER_ADMIN_EMAIL)}`);
      if (mail.ok) text = ((await mail.json()) as { text: string }).text;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const link = /https?:\/\/\S+\/verify-email\S+/.exec(text)?.[0];
    if (!link) throw new Error('no verification link in the super admin mail');
    const url = new URL(link);
    await api.get(url.pathname + url.search, { maxRedirects: 0 });
    // Signed in afresh, as the tests will be: an admin-only read is answered only once the role is there.
    const signIn = await api.post('/api/auth/sign-in/email', { headers, data: { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password } });
    if (!signIn.ok()) throw new Error(`super admin sign-in: ${signIn.status()} ${await signIn.text()}`);
    const audit = await api.get('/api/admin/audit?limit=1&offset=0');
    if (!audit.ok()) throw new Error(`the super admin is not an admin after verifying: ${audit.status()} ${await audit.text()}`);
    // Tests take this session (signInAsSuperAdmin) rather than signing in themselves.
    await api.storageState({ path: SUPER_ADMIN_STATE });
  } finally {
    await api.dispose();
  }
  // The global teardown: the session dies with this run's server.
  return () => rm(SUPER_ADMIN_STATE, { force: true });
}
