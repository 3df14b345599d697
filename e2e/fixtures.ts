import { randomBytes, randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { BASE_URL, MAIL_API_URL } from './support/ports.ts';
import { SUPER_ADMIN, SUPER_ADMIN_STATE } from './support/super-admin.ts';

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

/** A new user with an API session of their own (not the browser's), playing another client. */
export async function apiUser(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  extraHTTPHeaders: Record<string, string> | undefined,
  prefix: string,
): Promise<{ user: TestUser; request: APIRequestContext }> {
  const request = await playwright.request.newContext({ baseURL: BASE_URL, extraHTTPHeaders });
  const user = uniqueUser(prefix);
  await signUpViaApi(request, user);
  return { user, request };
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

/**
 * Gives `target` the keyboard focus once the page can take it. A pre-rendered page is `inert` until React
 * has taken it over (app/start.tsx), and focus() on an inert element is silently ignored: a key pressed
 * after it would go to the body.
 */
export async function focusWhenReady(target: Locator): Promise<void> {
  await expect(target.page().locator('#root')).not.toHaveAttribute('inert');
  await target.focus();
  await expect(target).toBeFocused();
}

/** Opens the user menu with the keyboard and picks an item by its visible text. */
export async function chooseFromUserMenu(page: Page, item: string): Promise<void> {
  const trigger = page.getByRole('button', { name: 'User menu' });
  await expect(trigger).toBeEnabled();
  await focusWhenReady(trigger);
  await page.keyboard.press('Enter');
  const menuItem = page.getByRole('menuitem', { name: item, exact: true });
  await expect(menuItem).toBeVisible();
  await focusWhenReady(menuItem);
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

// Users are not deleted after their test: the e2e server and its data directory live for one run, and a
// sign-in plus a cascade delete after every test cost the run more than they bought (no test reads them).
interface Fixtures {
  /** A user created through the API (not signed in). */
  account: TestUser;
  /** A user created through the API with the browser page signed in as them. */
  signedInUser: TestUser;
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
    await request.dispose();
    await use(user);
  },
  signedInUser: async ({ page }, use) => {
    const user = uniqueUser();
    await signUpViaApi(page.request, user);
    await use(user);
  },
});

export { SUPER_ADMIN };

/**
 * Makes `context` (its pages and `page.request`) the super admin's, with the session global-setup.ts
 * signed in once. Not a sign-in per test: the server takes one sign-in per email at a time and answers
 * a second, concurrent one 429 (two workers reaching this step together failed that way).
 */
export async function signInAsSuperAdmin(context: BrowserContext): Promise<void> {
  const state = JSON.parse(await readFile(SUPER_ADMIN_STATE, 'utf8')) as { cookies: Parameters<BrowserContext['addCookies']>[0] };
  await context.clearCookies();
  await context.addCookies(state.cookies);
}

/** Opens the bell with the keyboard and returns its menu. */
export async function openBell(page: Page, unread: number) {
  const bell = page.getByRole('button', { name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications' });
  await expect(bell).toBeVisible();
  await focusWhenReady(bell);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}
