import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { MSG, truncate } from '@glyphary/shared';
import { expect, expectNoAxeViolations, signUpViaApi, test, uniqueUser, type TestUser, focusWhenReady } from './fixtures.ts';
import { BASE_URL } from './support/ports.ts';

const writeHeaders = { origin: BASE_URL, 'content-type': 'application/json' };

interface Person {
  user: TestUser;
  context: BrowserContext;
  page: Page;
}

/** A second person in their own browser context (own cookies), signed in. */
async function newPerson(browser: Browser, extraHTTPHeaders: Record<string, string> | undefined): Promise<Person> {
  const context = await browser.newContext({ baseURL: BASE_URL, extraHTTPHeaders, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const user = uniqueUser('req');
  await signUpViaApi(page.request, user);
  return { user, context, page };
}

async function removePerson(person: Person): Promise<void> {
  await person.page.request.delete('/api/delete-user-data', { headers: { origin: BASE_URL } });
  await person.context.close();
}

async function createRequestViaApi(request: APIRequestContext, data: Record<string, unknown>): Promise<string> {
  const response = await request.post('/api/glyph-requests', { headers: writeHeaders, data });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

async function takeOnViaApi(request: APIRequestContext, id: string): Promise<void> {
  const response = await request.post(`/api/glyph-requests/${id}/take-on`, { headers: writeHeaders, data: {} });
  expect(response.status(), await response.text()).toBe(200);
}

async function createGlyphViaApi(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.post('/api/upload-glyph', {
    headers: writeHeaders,
    data: { title, description: 'A glyph made for a request', githubUrl: 'https://github.com/example/glyph-toy' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** Types `term` into the board's search box and waits for that (debounced) search to be answered. */
async function searchBoard(page: Page, term: string): Promise<void> {
  const searched = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('search') === term && response.url().includes('/api/glyph-requests'),
  );
  await page.getByRole('searchbox', { name: 'Search requests' }).fill(term);
  await searched;
}

const marker = () => `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe('glyph requests', () => {
  // Multi-person flows with axe checks take longer than the default 45 s.
  test.describe.configure({ timeout: 150_000 });

  test('a visitor sees the board but no Create Request or Take On', async ({ page, account, playwright, extraHTTPHeaders }) => {
    const api = await playwright.request.newContext({ baseURL: BASE_URL, extraHTTPHeaders });
    await api.post('/api/auth/sign-in/email', {
      headers: writeHeaders,
      data: { email: account.email, password: account.password },
    });
    const title = `Visitor view ${marker()}`;
    await createRequestViaApi(api, { title, description: 'An open request a visitor can see', tags: 'visitor' });
    await api.dispose();

    await page.goto('/request-glyphs');
    await expect(page.getByRole('heading', { level: 1, name: 'Request Glyph Toys' })).toBeVisible();
    // The newest request is already on the pre-rendered first page: wait for the search itself to
    // settle (the list is dimmed and aria-busy meanwhile) before checking and running axe.
    const searched = page.waitForResponse((response) => response.url().includes('/api/glyph-requests') && response.url().includes('search='));
    await page.getByRole('searchbox', { name: 'Search requests' }).fill(title);
    await searched;
    await expect(page.getByRole('list', { name: 'Glyph requests' })).not.toHaveAttribute('aria-busy', 'true');
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByText('OPEN', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Request' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Take On/ })).toHaveCount(0);
    await expect(page.getByText(MSG.requestLoginToCreate)).toBeVisible();
    await expect(card.getByRole('link', { name: MSG.requestLoginToTakeOn })).toBeVisible();
    await expectNoAxeViolations(page);

    // Protected: My Requests sends visitors to /login.
    await page.goto('/my-requests');
    await expect(page).toHaveURL(/\/login/);
  });

  test('A creates a request; B takes it on and completes it with a glyph; A sees it completed with the glyph linked', async ({
    page,
    signedInUser: requester,
    browser,
    extraHTTPHeaders,
  }) => {
    const id = marker();
    const title = `Battery ring ${id}`;
    // A creates the request through the dialog. Other tests add requests to this board all the time:
    // narrowed to this test's word first, the new card cannot be pushed off the first page.
    await page.goto('/request-glyphs');
    await searchBoard(page, id);
    // The toolbar's button comes first; an empty board (this spec run alone) offers a second one in its empty state.
    await page.getByRole('button', { name: 'Create Request' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Glyph Request' });
    await expect(dialog).toBeVisible();
    // Form-level checks (spec §5) before anything is sent.
    await dialog.getByRole('button', { name: 'Create Request' }).click();
    await expect(dialog.getByText(MSG.requestTitleRequired)).toBeVisible();
    await expect(dialog.getByText(MSG.requestDescriptionRequired)).toBeVisible();
    await dialog.getByLabel('Title').fill(title);
    await dialog
      .getByLabel('Description')
      .fill(`A ring of light that fills up as the battery charges. ${'Lots of detail. '.repeat(12)}`);
    await dialog.getByLabel('Tags (comma-separated)').fill(' battery, ,ring,battery ');
    await expect(dialog.getByText('Reference images (optional)')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Create Request' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: MSG.requestCreated }).or(page.getByText(MSG.requestCreated)),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['#battery', '#ring']);
    await expect(card.getByText('OPEN', { exact: true })).toBeVisible();
    await expect(card.getByText(`by @${requester.username}`)).toBeVisible();
    await expect(card.getByText(/reference (image|file)/)).toHaveCount(0); // none attached: no "0 reference images"
    await expect(card.getByText(/\.\.\.$/)).toBeVisible(); // description cut at 150 characters
    await expect(card.getByRole('button', { name: /Take On/ })).toHaveCount(0); // not on your own request
    await expectNoAxeViolations(page);
    const requestUrl = await card.getByRole('link', { name: title }).getAttribute('href');
    expect(requestUrl).toMatch(/^\/request-glyphs\/[0-9a-f-]{36}$/);

    // B takes it on from the board and completes it with one of B's glyphs, by keyboard.
    const taker = await newPerson(browser, extraHTTPHeaders);
    try {
      const glyphTitle = `Battery ring toy with a very long title ${id}`;
      const glyphId = await createGlyphViaApi(taker.page.request, glyphTitle);
      const b = taker.page;
      await b.goto('/request-glyphs');
      await b.getByRole('searchbox', { name: 'Search requests' }).fill(id);
      const takerCard = b.getByRole('article', { name: title });
      await takerCard.getByRole('button', { name: /Take On/ }).click();
      await expect(b.getByText(MSG.requestTakeOnSuccess)).toBeVisible();
      await expect(takerCard.getByText('IN PROGRESS', { exact: true })).toBeVisible();
      await expect(takerCard.getByRole('button', { name: /Take On/ })).toHaveCount(0);

      await b.goto('/my-requests');
      await expect(b.getByRole('tab', { name: 'Taken On (1)' })).toBeVisible();
      await expect(b.getByRole('tab', { name: 'Created (0)' })).toBeVisible();
      const mine = b.getByRole('article', { name: title });
      await expect(mine.getByText('IN PROGRESS', { exact: true })).toBeVisible();
      await expectNoAxeViolations(b);
      const complete = mine.getByRole('button', { name: /Complete/ });
      await focusWhenReady(complete);
      await b.keyboard.press('Enter');
      const menu = b.getByRole('menu');
      await expect(menu.getByText('Complete with glyph:')).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Mark as complete (no glyph)' })).toBeVisible();
      const glyphItem = menu.getByRole('menuitem', { name: truncate(glyphTitle, 30) });
      await expect(glyphItem).toBeVisible();
      await expectNoAxeViolations(b);
      await b.keyboard.press('ArrowDown');
      await expect(glyphItem).toBeFocused();
      await b.keyboard.press('Enter');
      await expect(b.getByText(MSG.requestCompleted)).toBeVisible();
      await expect(mine.getByText('COMPLETED', { exact: true })).toBeVisible();
      await expect(mine.getByRole('button', { name: /Complete/ })).toHaveCount(0);

      // A sees it completed, with the glyph linked, on the detail page and on My Requests.
      await page.goto(requestUrl!);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('COMPLETED', { exact: true })).toBeVisible();
      // The taker is linked to their storefront; the completing glyph is shown as its card ("by @taker").
      await expect(page.getByRole('link', { name: `@${taker.user.username}`, exact: true })).toHaveAttribute('href', `/storefront/${taker.user.username}`);
      const glyphLink = page.getByRole('link', { name: new RegExp(`^${glyphTitle}`) });
      await expect(glyphLink).toHaveAttribute('href', `/glyph/${glyphId}`);
      await expectNoAxeViolations(page);
      await page.goto('/my-requests');
      await expect(page.getByRole('tab', { name: 'Taken On (0)' })).toBeVisible();
      await page.getByRole('tab', { name: 'Created (1)' }).click();
      const created = page.getByRole('article', { name: title });
      await expect(created.getByText(`Assigned to: @${taker.user.username}`)).toBeVisible();
      await expect(created.getByRole('link', { name: glyphTitle })).toBeVisible();
      await expectNoAxeViolations(page);
      await created.getByRole('link', { name: glyphTitle }).click();
      await expect(page).toHaveURL(`/glyph/${glyphId}`);
    } finally {
      await removePerson(taker);
    }
  });

  test('cancel flows: the assignee gives a request back, the requester cancels one', async ({
    page,
    signedInUser: _requester,
    browser,
    extraHTTPHeaders,
  }) => {
    const id = marker();
    const givenBack = `Give back ${id}`;
    const cancelled = `Cancel me ${id}`;
    const givenBackId = await createRequestViaApi(page.request, {
      title: givenBack,
      description: 'The assignee will hand it back',
    });
    await createRequestViaApi(page.request, { title: cancelled, description: 'The requester will cancel it' });
    const taker = await newPerson(browser, extraHTTPHeaders);
    try {
      await takeOnViaApi(taker.page.request, givenBackId);
      const b = taker.page;
      await b.goto('/my-requests');
      await expect(b.getByRole('tab', { name: 'Taken On (1)' })).toBeVisible();
      await b
        .getByRole('article', { name: givenBack })
        .getByRole('button', { name: `${MSG.requestHandBackButton}: ${givenBack}` })
        .click();
      const confirm = b.getByRole('dialog', { name: MSG.requestHandBackTitle });
      await expect(confirm.getByText(MSG.requestGiveBackConfirm)).toBeVisible();
      await expectNoAxeViolations(b);
      await confirm.getByRole('button', { name: MSG.requestHandBackConfirmLabel }).click();
      await expect(b.getByText(MSG.requestCancelled)).toBeVisible();
      await expect(b.getByRole('tab', { name: 'Taken On (0)' })).toBeVisible();
      await expect(b.getByText('No requests taken on yet')).toBeVisible();
      await expect(b.getByText('Browse available requests to take on')).toBeVisible();
      await expect(b.getByRole('link', { name: 'Browse Requests' })).toHaveAttribute('href', '/request-glyphs');
      await b.getByRole('tab', { name: 'Created (0)' }).click();
      await expect(b.getByText('No requests created yet')).toBeVisible();
      await expect(b.getByText('Create your first glyph request!')).toBeVisible();
      await expect(b.getByRole('link', { name: 'Create Request' })).toHaveAttribute('href', '/request-glyphs');
      await expectNoAxeViolations(b);
    } finally {
      await removePerson(taker);
    }

    // The requester sees the given-back request open again and cancels the other one.
    await page.goto('/my-requests');
    await page.getByRole('tab', { name: 'Created (2)' }).click();
    const back = page.getByRole('article', { name: givenBack });
    await expect(back.getByText('OPEN', { exact: true })).toBeVisible();
    await expect(back.getByText('Assigned to: Not yet assigned')).toBeVisible();
    const target = page.getByRole('article', { name: cancelled });
    await target.getByRole('button', { name: `${MSG.requestCancelButton}: ${cancelled}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel request' });
    await expect(confirm.getByText(MSG.requestCancelConfirm, { exact: true })).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel Request' }).click();
    await expect(page.getByText(MSG.requestCancelled)).toBeVisible();
    await expect(target.getByText('CANCELLED', { exact: true })).toBeVisible();
    await expect(target.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  });

  test('search keeps focus and the list while typing; Load more beyond 20', async ({ page, signedInUser: _user }) => {
    const id = marker();
    const create = (i: number) =>
      createRequestViaApi(page.request, { title: `Paged ${id} ${String(i).padStart(2, '0')}`, description: 'Paging test', tags: [`tag${id}`] });
    // The first 22 at once; the newest, whose place is checked, after them.
    await Promise.all(Array.from({ length: 22 }, (_, i) => create(i)));
    await create(22);
    await page.goto('/request-glyphs');
    const search = page.getByRole('searchbox', { name: 'Search requests' });
    await expect(page.getByRole('list', { name: 'Glyph requests' })).toBeVisible();
    // The first unfiltered page also shows these 20 newest requests: wait for the (debounced) search itself.
    const searched = page.waitForResponse((response) => response.url().includes(`search=tag${id}`) && response.ok());
    await search.click();
    await search.pressSequentially(`tag${id}`, { delay: 40 });
    await searched;
    await expect(search).toBeFocused();
    await expect(page.getByRole('heading', { level: 1, name: 'Request Glyph Toys' })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Glyph requests' }).getByRole('article');
    await expect(cards).toHaveCount(20);
    await expect(cards.first()).toHaveAccessibleName(`Paged ${id} 22`); // newest first
    await expect(search).toBeFocused();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(cards).toHaveCount(23);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

    // No match: the spec's empty texts.
    await search.fill(`nothing-${id}`);
    await expect(page.getByText(MSG.noRequestsFound)).toBeVisible();
    await expect(page.getByText('Try a different search term')).toBeVisible();
    await expect(search).toBeFocused();
  });

  test('at 390 px a card with a long unbroken title keeps its status chip inside the card and the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpViaApi(page.request, uniqueUser('chip'));
    const title = `Averyveryverylongwordtitlewithoutanyspaces${Date.now()}`;
    await createRequestViaApi(page.request, { title, description: 'x'.repeat(60) });
    for (const path of ['/request-glyphs', '/my-requests']) {
      await page.goto(path);
      // The shared board, narrowed to this card (other tests' new requests would push it off the first page).
      if (path === '/request-glyphs') await searchBoard(page, title);
      if (path === '/my-requests') await page.getByRole('tab', { name: /^Created/ }).click();
      const card = page.getByRole('article', { name: title });
      const chip = card.getByText('OPEN', { exact: true });
      await expect(chip).toBeVisible();
      const [chipBox, cardBox] = [await chip.boundingBox(), await card.boundingBox()];
      expect(chipBox && cardBox).toBeTruthy();
      expect(chipBox!.x + chipBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
      expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(390);
    }
  });

  test('an unknown request shows Request not found', async ({ page }) => {
    await page.goto('/request-glyphs/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: MSG.requestNotFound })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Requests' })).toHaveAttribute('href', '/request-glyphs');
    await expectNoAxeViolations(page);
  });
});
