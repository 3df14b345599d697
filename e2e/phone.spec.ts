import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApk, GLYPH_ENABLE } from '@glyphary/test-support';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, jsonHeaders, test, focusWhenReady } from './fixtures.ts';

// Issue 47: the store on the phone in your hand (390×844) and on a desktop (1280×800).
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
/** A state seen at both widths is scanned once, on the phone layout. */
const AXE_WIDTH = 390;
/** Screenshots for the before/after review. */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/phone-first-shots';

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${page.viewportSize()?.width ?? 0}.png`), animations: 'disabled' });
}

async function uploadApk(request: APIRequestContext): Promise<string> {
  const apk = buildApk({ packageName: 'com.example.phone', permissions: [GLYPH_ENABLE], toys: [{ service: '.PhoneToy', name: 'Phone', summary: 'A toy', aod: false }] });
  const response = await request.post('/api/upload-file', {
    headers: { origin: jsonHeaders.origin },
    multipart: { type: 'apks', file: { name: 'toy.apk', mimeType: 'application/vnd.android.package-archive', buffer: apk } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

async function shareToy(request: APIRequestContext, title: string): Promise<string> {
  const apkUrl = await uploadApk(request);
  const response = await request.post('/api/upload-glyph', {
    headers: jsonHeaders,
    data: { title, description: 'A clock that counts down on the back of the phone. '.repeat(6), apkUrl, instructions: 'Open Glyph Toys settings and turn it on.' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** The element that has focus: its tag and accessible text. */
const focused = (page: Page) => page.evaluate(() => ({ tag: document.activeElement?.tagName ?? '', text: document.activeElement?.textContent?.trim() ?? '' }));

test.describe('missing pages', () => {
  for (const viewport of VIEWPORTS) {
    test(`a missing toy is a 404 at its own address, drawn without a pre-render (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const address = '/glyph/00000000-0000-4000-8000-00000000beef';
      const response = await page.goto(address);
      expect(response?.status()).toBe(404);
      // The server did not wait for a pre-render: the page came without one, for the app to draw.
      expect(await response?.text()).toContain('<div id="root"></div>');
      await expect(page.getByRole('heading', { level: 1, name: 'Glyph not found' })).toBeVisible();
      await expect(page).toHaveURL(address);
      await expect(page).toHaveTitle('Glyph not found · Glyphary');
      // One scan of this state, on the phone layout: the wider run shows the same markup.
      if (viewport.width === AXE_WIDTH) await expectNoAxeViolations(page);
      await shot(page, 'glyph-not-found');

      const unknown = await page.goto('/no-such-page/at-all');
      expect(unknown?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveURL('/no-such-page/at-all');
    });
  }
});

test.describe('focus', () => {
  test('after a navigation focus is on the new page heading; Escape from the download dialog returns to Download', async ({ page, signedInUser }) => {
    expect(signedInUser.email).toBeTruthy();
    const title = `Focus Toy ${Date.now().toString(36)}`;
    const id = await shareToy(page.request, title);

    await page.goto('/');
    await page.getByRole('link', { name: 'Browse Glyphs' }).first().click();
    await expect(page).toHaveURL(/\/search/);
    await expect.poll(() => focused(page)).toEqual({ tag: 'H1', text: 'Search Glyphs' });

    await page.goto(`/glyph/${id}`);
    const download = page.getByRole('button', { name: 'Download APK' });
    await focusWhenReady(download);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Download APK' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(download).toBeFocused();

    // A card link on the home page: the toy page's heading takes focus once it renders.
    await page.goto('/');
    await page.getByRole('link', { name: title }).first().click();
    await expect(page).toHaveURL(`/glyph/${id}`);
    await expect.poll(() => focused(page)).toEqual({ tag: 'H1', text: title });
  });
});

test.describe('navigation', () => {
  for (const viewport of VIEWPORTS) {
    test(`the header or the mobile menu leads to Browse, Requests and (signed in) Following; each home tab has See all (${viewport.width} px)`, async ({ page, signedInUser }) => {
      expect(signedInUser.email).toBeTruthy();
      await shareToy(page.request, `Nav Toy ${Date.now().toString(36)}`);
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Glyph Toys for your Nothing Phone' })).toBeVisible();
      // The hero matrix is part of the first screen on a phone too.
      const hero = await page.locator('section[aria-labelledby="home-title"] > *').nth(1).boundingBox();
      expect(hero?.width ?? 0).toBeGreaterThan(100);
      expect((hero?.y ?? 9999) + (hero?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
      if (viewport.width < 640) {
        // The hero is compact on a phone: the first toy card's top (its light and title) is on the first screen.
        const card = await page.getByRole('list', { name: 'Latest glyphs' }).getByRole('article').first().boundingBox();
        expect(card).not.toBeNull();
        console.log(`first home card at y=${Math.round(card!.y)} (${viewport.width}×${viewport.height})`);
        expect(card!.y + Math.min(card!.height, 160)).toBeLessThanOrEqual(viewport.height);
      }
      await shot(page, 'home');

      let nav = page.getByRole('navigation', { name: 'Main' });
      if (viewport.width < 1024) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        nav = page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Main' });
      }
      for (const [name, href] of [
        ['Browse', '/search'],
        ['Requests', '/request-glyphs'],
        ['Following', '/following'],
      ] as const) {
        await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      }
      if (viewport.width < 1024) await page.keyboard.press('Escape');

      await expect(page.getByRole('link', { name: 'See all latest glyphs' })).toHaveAttribute('href', '/search?sort=latest');
      await page.getByRole('tab', { name: 'Popular' }).click();
      await expect(page.getByRole('link', { name: 'See all popular glyphs' })).toHaveAttribute('href', '/search?sort=popular');
      // The tab panel is not a tab stop of its own: from the selected tab, Tab goes into its content.
      await focusWhenReady(page.getByRole('tab', { name: 'Popular' }));
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).not.toBe('tabpanel');
      // The desktop top bar is scanned on the home page in discovery.spec.ts (signed in) and a11y.spec.ts (signed out).
      if (viewport.width === AXE_WIDTH) await expectNoAxeViolations(page);
    });
  }

  test('signed out, the mobile menu still has Browse and Requests, not Following', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS[0]);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Browse', 'Requests']);
  });
});

test.describe('the toy page', () => {
  for (const viewport of VIEWPORTS) {
    test(`name, creator and Download are on the first screen, before the media in the tab order (${viewport.width} px)`, async ({ page, signedInUser }) => {
      expect(signedInUser.email).toBeTruthy();
      const title = `First Screen Toy ${Date.now().toString(36)}`;
      const id = await shareToy(page.request, title);
      await page.setViewportSize(viewport);
      await page.goto(`/glyph/${id}`);
      const heading = page.getByRole('heading', { level: 1, name: title });
      const download = page.getByRole('button', { name: 'Download APK' });
      await expect(download).toBeVisible();
      for (const element of [heading, page.getByRole('link', { name: `@${signedInUser.username}` }), download]) {
        const box = await element.boundingBox();
        expect(box, (await element.textContent()) ?? '').not.toBeNull();
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
      }
      // Where it runs, from the APK, beside the name.
      await expect(page.getByRole('list', { name: 'Runs on' }).first()).toBeVisible();
      await expect(page.getByText(/^Android \d+(\.\d+|L)?\+$/).first()).toBeInViewport();
      await shot(page, 'toy');

      // From the creator link, the next stops lead to Download without passing through the media.
      await focusWhenReady(page.getByRole('link', { name: `@${signedInUser.username}` }));
      let steps = 0;
      while (steps < 6 && !(await download.evaluate((element) => element === document.activeElement))) {
        await page.keyboard.press('Tab');
        steps += 1;
      }
      await expect(download).toBeFocused();
      expect(steps).toBeLessThanOrEqual(3);
      // The owner's toy page at 1280 px is scanned in apk.spec.ts and glyphs.spec.ts.
      if (viewport.width === AXE_WIDTH) await expectNoAxeViolations(page);
    });
  }
});

test.describe('the toy page player', () => {
  test('a Phone (3) toy previews on the Phone (4a) Pro 13×13 round matrix; the choice is a remembered radio group (390 px)', async ({ page, signedInUser }) => {
    expect(signedInUser.email).toBeTruthy();
    const kit = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/glyph-matrix/pulse_25.json'));
    const uploaded = await page.request.post('/api/upload-file', { headers: { origin: jsonHeaders.origin }, multipart: { type: 'animations', size: '25', file: { name: 'pulse_25.json', mimeType: 'application/json', buffer: kit } } });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    const created = await page.request.post('/api/upload-glyph', {
      headers: jsonHeaders,
      data: { title: `Matrix Toy ${Date.now().toString(36)}`, description: 'A pulse.', githubUrl: 'https://github.com/example/pulse', animationUrl: ((await uploaded.json()) as { url: string }).url },
    });
    expect(created.status(), await created.text()).toBe(200);
    const id = ((await created.json()) as { id: string }).id;

    await page.setViewportSize(VIEWPORTS[0]);
    await page.goto(`/glyph/${id}`);
    const group = page.getByRole('group', { name: 'Preview on' });
    const phone3 = group.getByRole('radio', { name: /Phone \(3\)/ });
    const phone4a = group.getByRole('radio', { name: /Phone \(4a\) Pro/ });
    await expect(phone3).toBeChecked();
    const leds = page.locator('[data-playing] canvas').last();
    await expect.poll(() => leds.evaluate((canvas: HTMLCanvasElement) => canvas.width)).toBe(25);

    // By keyboard: one tab stop, the arrow key moves the choice.
    await focusWhenReady(phone3);
    await page.keyboard.press('ArrowRight');
    await expect(phone4a).toBeChecked();
    await expect.poll(() => leds.evaluate((canvas: HTMLCanvasElement) => canvas.width)).toBe(13);
    // Only the 137 LEDs of the round mask are drawn: the corners stay transparent.
    const corner = await leds.evaluate((canvas: HTMLCanvasElement) => canvas.getContext('2d')!.getImageData(0, 0, 1, 1).data[3]);
    expect(corner).toBe(0);
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(page.getByRole('group', { name: 'Preview on' }).getByRole('radio', { name: /Phone \(4a\) Pro/ })).toBeChecked();
  });
});

test.describe('browse', () => {
  for (const viewport of VIEWPORTS) {
    test(`results and their count are on the first screen; on a phone the filters are a sheet that gives focus back (${viewport.width} px)`, async ({ page, signedInUser }) => {
      expect(signedInUser.email).toBeTruthy();
      await shareToy(page.request, `Browse Toy ${Date.now().toString(36)}`);
      await page.setViewportSize(viewport);
      await page.goto('/search');
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      const first = page.getByRole('list', { name: 'All glyphs' }).getByRole('article').first();
      await expect(first).toBeVisible();
      const count = page.getByRole('status').filter({ hasText: /\d+ glyphs?$/ });
      for (const element of [count, first]) {
        const box = await element.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.y).toBeGreaterThanOrEqual(0);
        // The card's top (its light and title) is in view: at least its first 120 px.
        expect(box!.y + Math.min(box!.height, 120)).toBeLessThanOrEqual(viewport.height);
      }
      console.log(`first result at y=${Math.round((await first.boundingBox())!.y)} (${viewport.width}×${viewport.height})`);
      await expect(page.getByRole('heading', { name: 'Start searching' })).toHaveCount(0);
      await shot(page, 'browse');
      // (/search itself is scanned in browse.spec.ts at 390 px and search.spec.ts at 1280 px; here, the sheet.)

      if (viewport.width < 640) {
        // The filter rows are not on the page; one button opens them in a dialog, Escape returns to it.
        await expect(page.getByRole('group', { name: 'Filter by phone' })).toHaveCount(0);
        const opener = page.getByRole('button', { name: 'Filters' });
        await focusWhenReady(opener);
        await page.keyboard.press('Enter');
        const sheet = page.getByRole('dialog', { name: 'Sort and filter' });
        await expect(sheet.getByRole('group', { name: 'Filter by phone' })).toBeVisible();
        // A bottom sheet, not a centred dialog: full width, on the bottom edge, its result count in view.
        const box = (await sheet.boundingBox())!;
        expect(Math.round(box.width)).toBe(viewport.width);
        expect(Math.round(box.y + box.height)).toBe(viewport.height);
        const show = sheet.getByRole('button', { name: /^Show \d+\+? (glyph|toy)s?$/ });
        await expect(show).toBeInViewport();
        await expectNoAxeViolations(page);
        // Focus stays inside: Shift+Tab from the first stop wraps to the last.
        await focusWhenReady(sheet.getByRole('button', { name: 'Close' }));
        await page.keyboard.press('Shift+Tab');
        expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
        await page.keyboard.press('Escape');
        await expect(sheet).toHaveCount(0);
        await expect(opener).toBeFocused();
      } else {
        await expect(page.getByRole('button', { name: 'Filters' })).toBeHidden();
        await expect(page.getByRole('group', { name: 'Filter by phone' })).toBeInViewport();
      }
    });
  }
});
