import type { APIRequestContext, Page } from '@playwright/test';
import { MSG, SEARCH_QUICK_TERMS } from '@glyphary/shared';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { BASE_URL } from './support/ports.ts';

// spec §2 Search and issue 5: every state of /search, chips, sorts, the URL round trip, typos and
// highlighted matches. Other specs share the server, so every search here includes a word only
// this test's glyphs carry.

const json = { origin: BASE_URL, 'content-type': 'application/json' };

/** A word no other glyph has (letters only, so it is one search word). */
const uniqueWord = () =>
  `zq${Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

async function createGlyph(request: APIRequestContext, title: string, description: string): Promise<string> {
  const response = await request.post('/api/upload-glyph', {
    headers: json,
    data: { title, description, githubUrl: 'https://github.com/example/search' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

async function post(request: APIRequestContext, path: string, glyphId: string, ip: string): Promise<void> {
  const response = await request.post(path, { headers: { ...json, 'x-forwarded-for': ip }, data: { glyphId } });
  expect(response.status(), await response.text()).toBe(200);
}

const searchBox = (page: Page) => page.getByRole('main').getByRole('searchbox', { name: 'Search glyphs' });
const results = (page: Page) => page.getByRole('list', { name: 'Search results' });
const sortButton = (page: Page, name: string) => page.getByRole('group', { name: 'Sort results' }).getByRole('button', { name, exact: true });
const cardTitles = (page: Page) => results(page).getByRole('heading', { level: 3 });

test.describe('search', () => {
  test('start state: heading, subtitle, chips; a blank term does nothing; a chip fills the box and searches', async ({ page, signedInUser }) => {
    expect(signedInUser.username).toBeTruthy();
    // The catalogue has something to list, so the chips are one row above it and the "Start
    // searching" block (drawn only when there is nothing to list, search-page.test.tsx) is not.
    await createGlyph(page.request, `Start state ${uniqueWord()}`, 'Listed before any search.');
    await page.goto('/search');
    await expect(page.getByRole('heading', { level: 1, name: MSG.searchTitle })).toBeVisible();
    await expect(page.getByText(MSG.searchSubtitle)).toBeVisible();
    await expect(page.getByRole('list', { name: 'All glyphs' })).toBeVisible();
    await expect(page.getByRole('heading', { name: MSG.startSearching })).toHaveCount(0);
    // Before a search the catalogue is browsed (issue 17): newest first; 'Best match' needs a term.
    for (const label of ['Latest', 'Popular', 'Most Liked', 'Most Viewed']) await expect(sortButton(page, label)).toBeVisible();
    await expect(sortButton(page, 'Best match')).toHaveCount(0);
    await expect(sortButton(page, 'Latest')).toHaveAttribute('aria-pressed', 'true');
    const chips = page.getByRole('list', { name: 'Suggested searches' }).getByRole('button');
    await expect(chips).toHaveText([...SEARCH_QUICK_TERMS]);
    // The top bar's own search box is hidden here (spec §2 Navigation).
    await expect(page.getByRole('searchbox', { name: 'Search glyphs' })).toHaveCount(1);
    await expectNoAxeViolations(page);

    // spec §2: an empty or whitespace term does nothing.
    await searchBox(page).fill('   ');
    await page.getByRole('button', { name: MSG.searchButton, exact: true }).click();
    await expect(page).toHaveURL('/search');
    await expect(page.getByRole('list', { name: 'All glyphs' })).toBeVisible();

    // A sort change with no term re-sorts the browsed catalogue and keeps the quick terms.
    await sortButton(page, 'Popular').click();
    await expect(page).toHaveURL('/search?sort=popular');
    await expect(sortButton(page, 'Popular')).toHaveAttribute('aria-pressed', 'true');
    await expect(chips).toHaveCount(SEARCH_QUICK_TERMS.length);
    await sortButton(page, 'Latest').click();
    await expect(page).toHaveURL('/search');

    await chips.filter({ hasText: 'boot animation' }).click();
    await expect(page).toHaveURL('/search?q=boot+animation');
    await expect(searchBox(page)).toHaveValue('boot animation');
    await expect(page.getByText(/results? found for/).or(page.getByRole('heading', { name: MSG.noResultsFound }))).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL('/search');
    await expect(searchBox(page)).toHaveValue('');
    await expect(chips).toHaveCount(SEARCH_QUICK_TERMS.length);
  });

  test('results: Searching..., count with the term, highlighted words, every sort, URL round trip', async ({ page, signedInUser }) => {
    expect(signedInUser.username).toBeTruthy();
    const word = uniqueWord();
    const oldest = `Charging Meter ${word}`;
    const middle = `Boot animation ${word}`;
    const newest = `Notification Pulse ${word}`;
    const oldestId = await createGlyph(page.request, oldest, 'Shows the battery level while plugged in.');
    const middleId = await createGlyph(page.request, middle, 'A spinning ring when the phone starts.');
    await createGlyph(page.request, newest, 'Blinks for every new message.');
    // Counters through the real endpoints: oldest is the most liked, middle the most downloaded and viewed.
    const liked = await page.request.post('/api/toggle-like', { headers: json, data: { glyphId: oldestId } });
    expect(liked.status()).toBe(200);
    await post(page.request, '/api/record-download', middleId, '10.77.0.1');
    await post(page.request, '/api/record-download', middleId, '10.77.0.2');
    await post(page.request, '/api/record-view', middleId, '10.77.0.3');

    // Hold the first answer so the 'Searching...' state can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const isSearchCall = (url: URL) => url.pathname === '/api/get-glyphs' && url.searchParams.has('search');
    await page.route(isSearchCall, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/search');
    await searchBox(page).fill(`  ${word}  `);
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(`/search?q=${word}`);
    await expect(page.getByRole('status').filter({ hasText: MSG.searching })).toBeVisible();
    release(); // later searches pass straight through the (resolved) hold

    await expect(page.getByText(`3 results found for “${word}”`)).toBeVisible();
    await expect(cardTitles(page)).toHaveCount(3);
    // Each card marks the matching word (React text in <mark>, no HTML).
    await expect(results(page).locator('mark', { hasText: word })).toHaveCount(3);
    await expectNoAxeViolations(page);

    await sortButton(page, 'Latest').click();
    await expect(page).toHaveURL(`/search?q=${word}&sort=latest`);
    await expect(sortButton(page, 'Latest')).toHaveAttribute('aria-pressed', 'true');
    await expect(cardTitles(page)).toHaveText([newest, middle, oldest]);

    await sortButton(page, 'Most Liked').click();
    await expect(page).toHaveURL(`/search?q=${word}&sort=liked`);
    await expect(cardTitles(page).first()).toHaveText(oldest);

    await sortButton(page, 'Popular').click();
    await expect(page).toHaveURL(`/search?q=${word}&sort=popular`);
    await expect(cardTitles(page).first()).toHaveText(middle);

    await sortButton(page, 'Most Viewed').click();
    await expect(page).toHaveURL(`/search?q=${word}&sort=viewed`);
    await expect(cardTitles(page).first()).toHaveText(middle);

    // Back and forward restore the sort; reload restores the whole search.
    await page.goBack();
    await expect(page).toHaveURL(`/search?q=${word}&sort=popular`);
    await expect(sortButton(page, 'Popular')).toHaveAttribute('aria-pressed', 'true');
    await page.goForward();
    await expect(sortButton(page, 'Most Viewed')).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(searchBox(page)).toHaveValue(word);
    await expect(sortButton(page, 'Most Viewed')).toHaveAttribute('aria-pressed', 'true');
    await expect(cardTitles(page)).toHaveCount(3);

    // Best match drops ?sort=; a typo still finds the glyph, with both words marked.
    await sortButton(page, 'Best match').click();
    await expect(page).toHaveURL(`/search?q=${word}`);
    await searchBox(page).fill(`notifcation ${word}`);
    await page.getByRole('button', { name: MSG.searchButton, exact: true }).click();
    await expect(page.getByText(`1 result found for “notifcation ${word}”`)).toBeVisible();
    await expect(cardTitles(page)).toHaveText([newest]);
    await expect(results(page).locator('mark')).toHaveText(['Notification', word]);
    await page.goBack();
    await expect(searchBox(page)).toHaveValue(word);
    await expect(cardTitles(page)).toHaveCount(3);

    // A card opens the glyph.
    await results(page).getByRole('link', { name: middle }).click();
    await expect(page).toHaveURL(`/glyph/${middleId}`);
  });

  test('pre-rendered results show from the first paint: a card rises in its stagger but never starts hidden', async ({ page, signedInUser }) => {
    expect(signedInUser.username).toBeTruthy();
    const word = uniqueWord();
    for (const title of ['Ring', 'Pulse', 'Meter']) await createGlyph(page.request, `${title} ${word}`, 'A glyph for the entrance check.');
    await page.goto(`/search?q=${word}`);
    await expect(cardTitles(page)).toHaveCount(3);
    // Each card's entrance, held at its first frame: the staggered delay stays (spec §2 Search), and the
    // card is already painted — from opacity 0 it would hide a server-rendered card, and
    // the page's largest paint with it, until its delay ran out.
    const entrances = await results(page)
      .getByRole('article')
      .evaluateAll((cards) =>
        cards.map((card) => {
          const [entrance] = card.getAnimations();
          entrance?.pause();
          if (entrance) entrance.currentTime = 0;
          const style = getComputedStyle(card);
          return { name: style.animationName, delay: style.animationDelay, opacity: Number(style.opacity) };
        }),
      );
    expect(entrances.map(({ name, delay }) => ({ name, delay }))).toEqual([
      { name: 'card-in', delay: '0s' },
      { name: 'card-in', delay: '0.1s' },
      { name: 'card-in', delay: '0.2s' },
    ]);
    for (const { opacity } of entrances) expect(opacity).toBeGreaterThanOrEqual(0.6);
  });

  test('no results: message and Browse All Glyphs → /', async ({ page }) => {
    const word = uniqueWord();
    await page.goto(`/search?q=${word}`);
    await expect(searchBox(page)).toHaveValue(word);
    await expect(page.getByRole('heading', { name: MSG.noResultsFound })).toBeVisible();
    const browse = page.getByRole('link', { name: MSG.browseAllGlyphs });
    await expect(browse).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);
    await browse.click();
    await expect(page).toHaveURL('/');
  });

  test('hostile input is searched as text', async ({ page }) => {
    for (const term of ['%', '_', `"'<b>x</b>`]) {
      await page.goto(`/search?q=${encodeURIComponent(term)}`);
      await expect(page.getByRole('heading', { name: MSG.noResultsFound })).toBeVisible();
      await expect(page.locator('main b')).toHaveCount(0);
    }
  });

  test('the top-bar search submits to /search?q=', async ({ page }) => {
    await page.goto('/');
    const topBar = page.getByRole('banner').getByRole('searchbox', { name: 'Search glyphs' });
    await topBar.fill('  notification  ');
    await topBar.press('Enter');
    await expect(page).toHaveURL('/search?q=notification');
    await expect(searchBox(page)).toHaveValue('notification');
  });
});
