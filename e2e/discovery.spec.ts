import type { APIRequestContext, Locator } from '@playwright/test';
import { MSG } from '@glyphary/shared';
import { expect, expectNoAxeViolations, signUpViaApi, test, uniqueUser } from './fixtures.ts';
import { BASE_URL } from './support/ports.ts';

const json = { origin: BASE_URL, 'content-type': 'application/json' };

/** Creates a repository-only glyph as the signed-in user of `request`. */
async function createGlyph(request: APIRequestContext, title: string, description = `${title}: a light pattern for the Glyph Matrix.`): Promise<string> {
  const response = await request.post('/api/upload-glyph', {
    headers: json,
    data: { title, description, githubUrl: 'https://github.com/example/discovery' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** Records a download from a distinct client address (the e2e server trusts X-Forwarded-For). */
async function downloadFrom(request: APIRequestContext, glyphId: string, ip: string): Promise<void> {
  const response = await request.post('/api/record-download', { headers: { ...json, 'x-forwarded-for': ip }, data: { glyphId } });
  expect(response.status(), await response.text()).toBe(200);
}

const tag = () => Math.random().toString(36).slice(2, 8);
/** The cards of a glyph list: its items holding an article, not the items of a card's own lists. */
const cardsOf = (list: Locator) => list.getByRole('listitem').filter({ has: list.page().getByRole('article') });

test.describe('discovery', () => {
  test('home: hero links, Latest and Popular tabs, a card opens the glyph', async ({ page, signedInUser }) => {
    expect(signedInUser.username).toBeTruthy();
    const title = `Home Pulse ${tag()}`;
    const id = await createGlyph(page.request, title);

    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Browse Glyphs' })).toHaveAttribute('href', '/search');
    await expect(page.getByRole('link', { name: 'Upload Your Glyph' })).toHaveAttribute('href', '/upload');
    await expect(page.getByRole('link', { name: 'Request Glyph Toys' })).toHaveAttribute('href', '/request-glyphs');

    const latest = page.getByRole('tab', { name: 'Latest' });
    await expect(latest).toHaveAttribute('aria-selected', 'true');
    const latestList = page.getByRole('list', { name: 'Latest glyphs' });
    await expect(latestList.getByRole('link', { name: title })).toBeVisible();
    // Cards only: a card of a toy with an APK holds a 'Runs on' list of its own, whose items are list items too,
    // and which toys are among the latest depends on what other tests have just shared.
    expect(await cardsOf(latestList).count()).toBeLessThanOrEqual(12);
    await expectNoAxeViolations(page);

    await page.getByRole('tab', { name: 'Popular' }).click();
    await expect(page.getByRole('tab', { name: 'Popular' })).toHaveAttribute('aria-selected', 'true');
    const popularList = page.getByRole('list', { name: 'Popular glyphs' });
    await expect(popularList.getByRole('listitem').first()).toBeVisible();
    expect(await cardsOf(popularList).count()).toBeLessThanOrEqual(12);

    await page.getByRole('tab', { name: 'Latest' }).click();
    await page.getByRole('list', { name: 'Latest glyphs' }).getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(`/glyph/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('like on the detail page → the glyph is on /liked → unlike empties the list', async ({ page, signedInUser }) => {
    expect(signedInUser.email).toBeTruthy();
    const title = `Liked Beacon ${tag()}`;
    const id = await createGlyph(page.request, title);

    await page.goto(`/glyph/${id}`);
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();

    await page.goto('/liked');
    await expect(page.getByRole('heading', { level: 1, name: 'Liked Posts' })).toBeVisible();
    await expect(page.getByText("1 glyph you've liked")).toBeVisible();
    const card = page.getByRole('list', { name: 'Liked Posts' }).getByRole('listitem');
    await expect(card.getByRole('link', { name: title })).toHaveAttribute('href', `/glyph/${id}`);
    await expect(card.getByRole('link', { name: `@${signedInUser.username}` })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: `Unlike ${title}` }).click();
    await expect(page.getByRole('heading', { name: MSG.likedEmptyTitle })).toBeVisible();
    await expect(page.getByText(MSG.likedEmptyBody)).toBeVisible();
    await expect(page.getByText("0 glyphs you've liked")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Explore Glyphs' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);

    // The unlike really happened on the server.
    const status = await page.request.get(`/api/check-like-status?glyphId=${id}`);
    expect(await status.json()).toEqual({ liked: false });
  });

  test('storefront: profile, totals over all glyphs, the three tabs, share and the owner-only debug log', async ({ page, browser, signedInUser, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    const oldest = `Shelf Liked ${tag()}`;
    const middle = `Shelf Downloaded ${tag()}`;
    const newest = `Shelf Newest ${tag()}`;
    const likedId = await createGlyph(page.request, oldest);
    const downloadedId = await createGlyph(page.request, middle);
    await createGlyph(page.request, newest);
    // Two anonymous clients (a signed-in user counts once however many addresses it uses).
    await downloadFrom(request, downloadedId, '198.51.100.11');
    await downloadFrom(request, downloadedId, '198.51.100.12');
    const like = await page.request.post('/api/toggle-like', { headers: json, data: { glyphId: likedId } });
    expect(await like.json()).toEqual({ liked: true, totalLikes: 1 });

    const profile = await page.request.post('/api/update-user', {
      headers: json,
      data: { bio: 'Lights for every notification.', location: 'London', website: 'https://example.com/dots' },
    });
    expect(profile.status(), await profile.text()).toBe(200);

    await page.goto(`/storefront/${signedInUser.username}`);
    await expect(page.getByRole('heading', { level: 1, name: signedInUser.displayName })).toBeVisible();
    await expect(page.getByText('Lights for every notification.')).toBeVisible();
    await expect(page.getByText('London')).toBeVisible();
    await expect(page.getByRole('link', { name: 'example.com/dots' })).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    await expect(page.getByRole('region', { name: signedInUser.displayName }).getByText(`@${signedInUser.username}`, { exact: true })).toBeVisible();
    await expect(page.getByText(/^Joined /)).toBeVisible();
    const totals = page.getByRole('definition');
    await expect(totals).toHaveText(['3', '2', '1']);
    await expect(page.getByRole('term')).toHaveText(['Glyphs', 'Downloads', 'Like']);

    const firstCard = () => page.getByRole('tabpanel').getByRole('listitem').first();
    await expect(firstCard().getByRole('heading')).toHaveText(newest);
    await expect(page.getByRole('tabpanel').getByRole('listitem')).toHaveCount(3);
    await page.getByRole('tab', { name: 'Most Downloaded' }).click();
    await expect(firstCard().getByRole('heading')).toHaveText(middle);
    await page.getByRole('tab', { name: 'Most Liked' }).click();
    await expect(firstCard().getByRole('heading')).toHaveText(oldest);

    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText(MSG.linkCopied)).toBeVisible();

    // The owner sees the debug log with load steps and timings only.
    await page.getByText('Debug log').click();
    await expect(page.getByText('Load profile')).toBeVisible();
    await expect(page.getByText(/Load glyphs \(Most Liked\)/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: 'Latest' }).click();

    const visitorContext = await browser.newContext({ baseURL: BASE_URL });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/storefront/${signedInUser.username.toUpperCase()}`);
    await expect(visitor.getByRole('heading', { level: 1, name: signedInUser.displayName })).toBeVisible();
    await expect(visitor.getByRole('definition')).toHaveText(['3', '2', '1']);
    await expect(visitor.getByText('Debug log')).toHaveCount(0);
    await visitorContext.close();
  });

  test('a first visit renders the session and the page data the server put in the page, without asking the API again', async ({ page, request }) => {
    const title = `Boot ${Date.now().toString(36)}`;
    await signUpViaApi(request, uniqueUser('boot'));
    const id = await createGlyph(request, title);
    const apiGets: string[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (r.method() === 'GET' && pathname.startsWith('/api/') && !pathname.startsWith('/api/files/')) apiGets.push(pathname);
    });

    // A visitor: signed-out navigation and the glyph, with no session or glyph call.
    await page.goto(`/glyph/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    expect(apiGets).not.toContain('/api/auth/get-session');
    expect(apiGets).not.toContain(`/api/get-glyph/${id}`);

    // Signed in (the browser's own cookie): the page carries the user, the top bar shows it at once.
    await signUpViaApi(page.request, uniqueUser('boot2'));
    apiGets.length = 0;
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Upload Glyph' }).first()).toBeVisible();
    expect(apiGets).not.toContain('/api/auth/get-session');
    expect(apiGets).not.toContain('/api/get-glyphs');
  });

  test('an unknown storefront says so', async ({ page }) => {
    const name = `nobody_${tag()}`;
    await page.goto(`/storefront/${name}`);
    await expect(page.getByRole('heading', { name: MSG.userNotFound })).toBeVisible();
    await expect(page.getByText(MSG.userDoesNotExist(name))).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a signed-out visitor on /liked is asked to log in, and comes back after', async ({ page }) => {
    const user = uniqueUser('l');
    await page.goto('/liked');
    // Like every protected page it goes to /login (decision 0081), which says why in the spec's words.
    await expect(page).toHaveURL(/\/login\?redirect=%2Fliked$/);
    await expect(page.getByText(MSG.likedLoginRequired)).toBeVisible();
    await expectNoAxeViolations(page);
    const request = page.context().request;
    await signUpViaApi(request, user);
    await page.goto('/liked');
    await expect(page.getByRole('heading', { level: 1, name: 'Liked Posts' })).toBeVisible();
    await expect(page.getByRole('heading', { name: MSG.likedEmptyTitle })).toBeVisible();
    await request.delete('/api/delete-user-data', { headers: { origin: BASE_URL } });
  });
});
