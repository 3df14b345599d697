import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, jsonHeaders, test } from './fixtures.ts';

// Issue 17: public pages are pre-rendered on the server and hydrated in the browser.
// Signed-in pages were thrown away and rendered again (React error #419). Each page here must come
// from the server with its content already in the HTML, and hydrate without any recoverable error,
// for a visitor and for a signed-in person, in time zones either side of UTC's date line.

const ZONES = [
  { timezoneId: 'Pacific/Kiritimati', width: 390 },
  { timezoneId: 'America/Los_Angeles', width: 1280 },
] as const;

/**
 * Everything React reports while taking over the page: uncaught errors, console errors, and the
 * warning app/start.tsx's `onRecoverableError` logs when a pre-rendered page (or part of it) is rendered
 * again (a hydration mismatch, or a boundary the server could not finish: #419).
 */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !text.startsWith('Failed to load resource')) problems.push(`error: ${text}`);
    if (/pre-rendered page was rendered again|hydrat|Minified React error/i.test(text)) problems.push(`${message.type()}: ${text}`);
  });
  return problems;
}

/** The page as the server sends it (with the browser's cookies): its #root holds the rendered page. */
async function serverHtml(page: Page, url: string): Promise<string> {
  const response = await page.request.get(url, { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const root = /<div id="root" inert data-prerendered>([\s\S]*)<\/div>\s*(?:<noscript>[\s\S]*?<\/noscript>\s*)?<\/body>/.exec(html)?.[1] ?? '';
  expect(root.length, `${url} is pre-rendered`).toBeGreaterThan(500);
  // A Suspense boundary the server gave up on (React marks it `<!--$!-->`) is rendered again in the browser (#419).
  expect(root.includes('<!--$!-->'), `${url}: no boundary left for the browser`).toBe(false);
  return root;
}

interface Fixture {
  glyphId: string;
  glyphTitle: string;
  requestTitle: string;
  username: string;
  displayName: string;
}

async function seed(page: Page, username: string, displayName: string): Promise<Fixture> {
  const word = `hy${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const glyphTitle = `Hydrated ${word}`;
  const upload = await page.request.post('/api/upload-glyph', {
    headers: jsonHeaders,
    data: { title: glyphTitle, description: 'Rendered on the server, adopted in the browser.', githubUrl: 'https://github.com/example/hydrated', tags: ['clock'] },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const glyphId = ((await upload.json()) as { id: string }).id;
  const requestTitle = `Wanted ${word}`;
  const request = await page.request.post('/api/glyph-requests', { headers: jsonHeaders, data: { title: requestTitle, description: 'A request on the board.' } });
  expect(request.status(), await request.text()).toBe(200);
  // Cancelled, it is looked for on the board filtered to cancelled requests, which few tests make:
  // the open board's first page is shared with tests that add dozens of requests while this one runs.
  const { id: requestId } = (await request.json()) as { id: string };
  const cancel = await page.request.post(`/api/glyph-requests/${requestId}/cancel`, { headers: jsonHeaders, data: {} });
  expect(cancel.status(), await cancel.text()).toBe(200);
  return { glyphId, glyphTitle, requestTitle, username, displayName };
}

/** Visits each public page at `width` and checks it was pre-rendered and hydrated cleanly. */
async function visitPublicPages(page: Page, problems: string[], data: Fixture, signedIn: boolean, width: number, scan = false): Promise<void> {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
  const pages: { url: string; expectInHtml: string; html?: string }[] = [
    { url: '/', expectInHtml: 'Glyph' },
    { url: `/glyph/${data.glyphId}`, expectInHtml: data.glyphTitle },
    { url: '/search', expectInHtml: 'boot animation' },
    // The whole board: pre-rendered with its cards (whose, this test cannot know).
    { url: '/request-glyphs', expectInHtml: 'Request Glyph Toys', html: 'role="article"' },
    // A search highlights the term in the title (<mark>): the card's link is what the HTML must hold.
    { url: `/search?q=${data.glyphTitle.split(' ')[1]}&has=source`, expectInHtml: data.glyphTitle, html: `href="/glyph/${data.glyphId}"` },
    { url: '/request-glyphs?status=cancelled', expectInHtml: data.requestTitle },
    // A storefront's data is not in the page (its debug log times the profile load): it is pre-rendered loading.
    { url: `/storefront/${data.username}`, expectInHtml: data.displayName, html: 'aria-label="Loading storefront"' },
  ];
  for (const { url, expectInHtml, html: inHtml } of pages) {
    // The browser first: on a fresh server, the first signed-in page is the one that was rendered
    // with the top bar unfinished (its lazy modules not loaded yet) and thrown away (#419).
    await page.goto(url);
    // app/start.tsx removes `inert` once React has committed the page it took over.
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(page.getByRole('main')).toContainText(expectInHtml);
    if (signedIn && width >= 768) await expect(page.getByRole('button', { name: 'User menu' })).toBeEnabled();
    if (!signedIn && width >= 768) await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    // Give late boundaries (lazy chunks, the profile) time to hydrate before judging.
    await page.waitForLoadState('networkidle');
    expect(problems, `${url} hydrates without recoverable errors (${signedIn ? 'signed in' : 'visitor'}, ${width} px)`).toEqual([]);
    // And the page really was pre-rendered, for this person: with its content and their own top bar.
    const html = await serverHtml(page, url);
    // (A boolean: a failure must not print the whole page.)
    expect(html.includes(inHtml ?? expectInHtml), `${url} carries its content`).toBe(true);
    expect(html.includes('>User menu: </span>'), `${url}: the user menu in the HTML`).toBe(signedIn);
  }
  // The last page, a visitor's view of a storefront (its owner's is scanned in discovery.spec.ts).
  if (scan) await expectNoAxeViolations(page);
}

// Three factors, two values each: every pair of values is met once (zone × person, zone × width,
// person × width), in four runs of the seven pages instead of eight.
for (const { timezoneId, width } of ZONES) {
  const other = width === 390 ? 1280 : 390;
  test.describe(`pre-rendered pages hydrate in ${timezoneId}`, () => {
    test.use({ timezoneId, locale: 'en-NZ' });

    test(`signed in (${width} px)`, async ({ page, signedInUser }) => {
      const problems = watchHydration(page);
      const data = await seed(page, signedInUser.username, signedInUser.displayName);
      await visitPublicPages(page, problems, data, true, width);
    });

    test(`signed out (${other} px)`, async ({ page, signedInUser }) => {
      const data = await seed(page, signedInUser.username, signedInUser.displayName);
      await page.context().clearCookies();
      const problems = watchHydration(page);
      await visitPublicPages(page, problems, data, false, other, timezoneId === ZONES[0].timezoneId);
    });
  });
}

test("a creator's first click on Edit Glyph opens it, even when the creator tools' code arrives late", async ({ page, signedInUser }) => {
  const data = await seed(page, signedInUser.username, signedInUser.displayName);
  // The creator tools are a chunk of their own. Held back here, it arrives after the rest
  // of the page has hydrated: a click on its server markup before then used to be dropped by React.
  let released = false;
  await page.route(/\/assets\/creator-tools-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    released = true;
    await route.continue();
  });
  // The quickest possible person: clicks Edit Glyph the moment the page stops being inert.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      if (!root || root.hasAttribute('inert')) return;
      const edit = Array.from(root.querySelectorAll('button')).find((button) => button.textContent?.trim() === 'Edit Glyph');
      if (!edit) return;
      observer.disconnect();
      edit.click();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['inert'] });
  });
  await page.goto(`/glyph/${data.glyphId}`);
  await expect(page.getByRole('dialog', { name: 'Edit Glyph' })).toBeVisible();
  expect(released).toBe(true);
});
