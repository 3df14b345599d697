import { randomBytes, randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { BASE_URL, MAIL_API_URL, SUPER_ADMIN_EMAIL } from './support/ports.ts';

export { expect };


export interface TestUser {
  email: string;
  username: string;
  displayName: string;
  password: string;
}

/** A fresh, unique, valid user (nothing is created). */
export function uniqueUser(prefix = 'u'): TestUser {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    email: `${prefix}-${id}@e2e.test`,
    username: `${prefix}_${id}`,
    displayName: `Dot ${id.slice(-5)}`,
    password: `Matrix-${randomBytes(6).toString('hex')}!`,
  };
}

/** Headers of a same-origin JSON call, as the browser sends them. */
export const jsonHeaders = { origin: BASE_URL, 'content-type': 'application/json' };

/** Creates the account through the API. On `page.request` this also signs the browser in. */
export async function signUpViaApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post('/api/auth/sign-up/email', {
    headers: jsonHeaders,
    data: { email: user.email, password: user.password, name: user.displayName, username: user.username },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in through the API (on `page.request`, the browser shares the session cookie). */
export async function loginViaApi(request: APIRequestContext, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  const response = await request.post('/api/auth/sign-in/email', {
    headers: jsonHeaders,
    data: { email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Fills and submits the signup form, then waits until the app shows the signed-in top bar. */
export async function signUpViaUi(page: Page, user: TestUser): Promise<void> {
  await page.goto('/signup');
  await fillSignupForm(page, { ...user, confirmPassword: user.password });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeEnabled();
}

export async function fillSignupForm(page: Page, fields: TestUser & { confirmPassword: string }): Promise<void> {
  await page.getByLabel('Email').fill(fields.email);
  await page.getByLabel('Username').fill(fields.username);
  await page.getByLabel('Display Name').fill(fields.displayName);
  await page.getByLabel('Password', { exact: true }).fill(fields.password);
  await page.getByLabel('Confirm Password').fill(fields.confirmPassword);
}

/** Logs in through the login form and waits for the signed-in top bar. */
export async function loginViaUi(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeEnabled();
}

/** Opens the user menu with the keyboard and picks an item by its visible text. */
export async function chooseFromUserMenu(page: Page, item: string): Promise<void> {
  const trigger = page.getByRole('button', { name: 'User menu' });
  await expect(trigger).toBeEnabled();
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menuItem = page.getByRole('menuitem', { name: item, exact: true });
  await expect(menuItem).toBeVisible();
  await menuItem.focus();
  await page.keyboard.press('Enter');
}

/**
 * Scrolls down the glyph page until its sections that render only near the viewport (the APK panel,
 * releases, comments) have all rendered, as a person scrolling down would. Some may
 * already have rendered on their own (a tall window), so this waits for none in particular.
 */
export async function revealDeferredSections(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.locator('[data-near-viewport]')).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** Axe, WCAG 2.0 A/AA and 2.1 AA: the page has no violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Cards fade in one after another (spec §2): measured mid-fade, their text has too little contrast.
  // Jump the finite entrance animations to their end state
  // (spinners and other endless ones are left alone).
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().iterations !== Infinity) animation.finish();
    }
  });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** Waits for a mail to `address` at the SMTP sink and returns the newest. */
export async function waitForMail(address: string): Promise<Mail> {
  let mail: Mail | null = null;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${MAIL_API_URL}/last?to=${encodeURIComponent(address)}`);
        mail = response.ok ? ((await response.json()) as Mail) : null;
        return mail !== null;
      },
      { message: `a mail to ${address}`, timeout: 15_000 },
    )
    .toBe(true);
  return mail as unknown as Mail;
}

function randomClientIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

interface Fixtures {
  /** A user created through the API (not signed in); deleted after the test if it still exists. */
  account: TestUser;
  /** A user created through the API with the browser page signed in as them. */
  signedInUser: TestUser;
}

async function deleteAccountQuietly(request: APIRequestContext, user: TestUser): Promise<void> {
  const signIn = await request.post('/api/auth/sign-in/email', {
    headers: jsonHeaders,
    data: { email: user.email, password: user.password },
  });
  if (signIn.ok()) await request.delete('/api/delete-user-data', { headers: { origin: BASE_URL } });
}

export const test = base.extend<Fixtures>({
  // CONVENTIONS "Tests": an unexpected console error or uncaught exception in the page fails the test.
  // (Failed HTTP responses the test provokes, such as a 401 on a wrong password, are logged by the
  // browser as "Failed to load resource" and are expected.)
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
    });
    await use(page);
    expect(problems, 'console errors in the page').toEqual([]);
  },
  // Each test is its own client (own IP): per-IP throttles never couple tests (see support/start-server.ts).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': randomClientIp() });
  },
  account: async ({ playwright, extraHTTPHeaders }, use) => {
    const request = await playwright.request.newContext({ baseURL: BASE_URL, extraHTTPHeaders });
    const user = uniqueUser();
    await signUpViaApi(request, user);
    await use(user);
    await deleteAccountQuietly(request, user);
    await request.dispose();
  },
  signedInUser: async ({ page, playwright, extraHTTPHeaders }, use) => {
    const user = uniqueUser();
    await signUpViaApi(page.request, user);
    await use(user);
    const request = await playwright.request.newContext({ baseURL: BASE_URL, extraHTTPHeaders });
    await deleteAccountQuietly(request, user);
    await request.dispose();
  },
});

/** The designated super admin of the e2e server; whichever test comes first creates the account. */
export const SUPER_ADMIN: TestUser = {
  email: SUPER_ADMIN_EMAIL,
  username: 'e2e_super_admin',
  displayName: 'Super Admin',
  password: 'Super-Admin-e2e-1!',
};

/** Signs `request` in as the super admin, creating the account the first time. */
export async function signInAsSuperAdmin(request: APIRequestContext): Promise<void> {
  const signIn = await request.post('/api/auth/sign-in/email', {
    headers: jsonHeaders,
    data: { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password },
  });
  if (signIn.ok()) return;
  const signUp = await request.post('/api/auth/sign-up/email', {
    headers: jsonHeaders,
    data: {
      email: SUPER_ADMIN.email,
      password: SUPER_ADMIN.password,
      name: SUPER_ADMIN.displayName,
      username: SUPER_ADMIN.username,
    },
  });
  // Another worker may have created it a moment ago.
  if (!signUp.ok()) {
    await loginViaApi(request, SUPER_ADMIN);
    return;
  }
  // The role waits for the address to be proven (issue 21): open the mailed link, signed in as the account.
  const mail = await waitForMail(SUPER_ADMIN.email);
  const link = /https?:\/\/\S+\/verify-email\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error('no verification link in the super admin mail');
  const url = new URL(link);
  await request.get(url.pathname + url.search, { maxRedirects: 0 });
}
