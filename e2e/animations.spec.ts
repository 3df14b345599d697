import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, focusWhenReady } from './fixtures.ts';
import { BASE_URL } from './support/ports.ts';

// Issue 16: living previews — import, the player on the glyph page, reduced motion, the flashing
// warning and the animated Open Graph image.

const here = path.dirname(fileURLToPath(import.meta.url));
const STROBE = fs.readFileSync(path.join(here, '../fixtures/glyph-matrix/strobe_25.json'));

/** An animated GIF: a white bar sweeping across black, 6 frames × 100 ms (made here with sharp). */
async function makeGif(): Promise<Buffer> {
  const size = 50;
  const frames = await Promise.all(
    Array.from({ length: 6 }, (_, f) => {
      const pixels = Buffer.alloc(size * size);
      for (let y = 0; y < size; y++) for (let x = f * 8; x < f * 8 + 10 && x < size; x++) pixels[y * size + x] = 255;
      return sharp(pixels, { raw: { width: size, height: size, channels: 1 } }).png().toBuffer();
    }),
  );
  return sharp(frames, { join: { animated: true } }).gif({ delay: frames.map(() => 100), loop: 0 }).toBuffer();
}

/** The LED canvas of a player (the glow's canvas is behind it) as a data URL: changes whenever a different frame is drawn. */
function pixelsOf(player: Locator): Promise<string> {
  return player.locator('canvas').last().evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());
}

async function expectPlaying(player: Locator) {
  await expect(player.locator('[data-playing]')).toHaveAttribute('data-playing', 'true');
  const slider = player.getByRole('slider', { name: 'Position' });
  const first = await slider.inputValue();
  // Moving on by itself: the frame (and the picture) changes without input.
  await expect.poll(() => slider.inputValue(), { timeout: 10_000 }).not.toBe(first);
}

async function createAnimatedGlyph(page: Page, title: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<string> {
  const uploaded = await page.request.post('/api/upload-file', {
    headers: { origin: BASE_URL },
    multipart: { type: 'animations', size: '25', file },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const { url } = (await uploaded.json()) as { url: string };
  const created = await page.request.post('/api/upload-glyph', {
    headers: { origin: BASE_URL, 'content-type': 'application/json' },
    data: { title, description: 'An animated toy.', githubUrl: 'https://github.com/example/animated', animationUrl: url },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { id: string }).id;
}

test.describe('animations', () => {
  test('upload a GIF, preview it, publish, and play, pause and scrub it on the glyph page', async ({ page, signedInUser }) => {
    expect(signedInUser.email).toBeTruthy();
    const title = `Sweep ${Date.now().toString(36)}`;
    await page.goto('/upload');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('A bar of light sweeping across the matrix.');
    await page.getByLabel('GitHub Repository URL').fill('https://github.com/example/sweep');
    await page.getByLabel('Choose animation file').setInputFiles({ name: 'sweep.gif', mimeType: 'image/gif', buffer: await makeGif() });

    // The preview: what the server made of the file, playing, with its length and the flash check.
    const status = page.getByRole('status').filter({ hasText: 'frames' });
    await expect(status).toContainText(/25×25 · 6 frames · 0\.6 s/);
    await expect(status).toContainText('No flashing detected.');
    const preview = page.getByRole('group', { name: `Animation of ${title}` });
    await expectPlaying(preview);

    // A control imports again: 13×13 now.
    await page.getByLabel('Matrix size').selectOption('13');
    await expect(status).toContainText(/13×13 · 6 frames/);
    await page.getByLabel('Matrix size').selectOption('25');
    await expect(status).toContainText(/25×25 · 6 frames/);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Share Glyph' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    const player = page.getByRole('group', { name: `Animation of ${title}` });
    await expectPlaying(player);
    const slider = player.getByRole('slider', { name: 'Position' });

    // Pause: the frame stops moving.
    await player.getByRole('button', { name: 'Pause' }).click();
    await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();
    await expect(player.locator('[data-playing]')).toHaveAttribute('data-playing', 'false');
    const paused = await slider.inputValue();
    const pausedPixels = await pixelsOf(player);
    await page.waitForTimeout(400); // several frame lengths: a playing player would have moved on
    expect(await slider.inputValue()).toBe(paused);

    // Scrub: the slider moves to another frame and the matrix shows it.
    const target = paused === '0' ? '3' : '0';
    await slider.fill(target);
    await expect(slider).toHaveValue(target);
    await expect(slider).toHaveAttribute('aria-valuetext', new RegExp(`^Frame ${Number(target) + 1} of 6, `));
    await expect.poll(() => pixelsOf(player)).not.toBe(pausedPixels);

    // The keyboard: arrows step, space plays again.
    await focusWhenReady(player);
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveValue(String(Number(target) + 1));
    await page.keyboard.press('Space');
    await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('reduced motion shows a still frame with a play button', async ({ page, signedInUser }) => {
    expect(signedInUser.email).toBeTruthy();
    const id = await createAnimatedGlyph(page, 'Calm Sweep', { name: 'sweep.gif', mimeType: 'image/gif', buffer: await makeGif() });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`/glyph/${id}`);
    const player = page.getByRole('group', { name: 'Animation of Calm Sweep' });
    const play = player.getByRole('button', { name: 'Play animation of Calm Sweep' });
    await expect(play).toBeVisible();
    await expect(player.getByRole('slider')).toBeEnabled();
    const still = await player.getByRole('slider').inputValue();
    await page.waitForTimeout(400);
    await expect(player.locator('[data-playing]')).toHaveAttribute('data-playing', 'false');
    expect(await player.getByRole('slider').inputValue()).toBe(still);
    await expectNoAxeViolations(page);
    await play.click();
    await expectPlaying(player);
  });

  test('a strobe is flagged: the page and the card warn and start paused', async ({ page, signedInUser }) => {
    const title = `Strobe ${Date.now().toString(36)}`;
    const id = await createAnimatedGlyph(page, title, { name: 'strobe_25.json', mimeType: 'application/json', buffer: STROBE });
    await page.goto(`/glyph/${id}`);
    const player = page.getByRole('group', { name: `Animation of ${title}` });
    await expect(player.getByText('Flashing lights')).toBeVisible();
    await expect(player.getByRole('slider')).toBeEnabled();
    await expect(player.locator('[data-playing]')).toHaveAttribute('data-playing', 'false');
    await expectNoAxeViolations(page);
    await player.getByRole('button', { name: 'Play anyway' }).click();
    await expect(player.getByText('Flashing lights')).toBeHidden();
    await expectPlaying(player);

    // The card on the creator's storefront.
    await page.goto(`/storefront/${signedInUser.username}`);
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card.getByText('Flashing lights')).toBeVisible();
    await expect(card.getByRole('button', { name: `Play animation of ${title}` })).toBeVisible();
    await expect(card.locator('[data-playing]')).toHaveAttribute('data-playing', 'false');
  });

  test("the shared link's Open Graph image is animated", async ({ page, signedInUser }) => {
    expect(signedInUser.email).toBeTruthy();
    const id = await createAnimatedGlyph(page, 'Shared Sweep', { name: 'sweep.gif', mimeType: 'image/gif', buffer: await makeGif() });
    const html = await (await page.request.get(`/glyph/${id}`)).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image, 'og:image').toBeTruthy();
    expect(html).toContain(`<meta name="twitter:image" content="${image}"`);
    const response = await page.request.get(image!.replace(/&amp;/g, '&'));
    expect(response.status()).toBe(200);
    const bytes = await response.body();
    expect(bytes.length).toBeLessThanOrEqual(1024 * 1024);
    const metadata = await sharp(bytes, { animated: true }).metadata();
    expect(['gif', 'webp']).toContain(metadata.format);
    expect(metadata.pages ?? 1).toBeGreaterThan(1);
  });

  test('pre-rendered pages show posters over the unlit matrix before any script, and the poster is the largest paint', async ({ browser, page, signedInUser }) => {
    expect(signedInUser.email).toBeTruthy();
    const title = `Poster Sweep ${Date.now().toString(36)}`;
    const id = await createAnimatedGlyph(page, title, { name: 'sweep.gif', mimeType: 'image/gif', buffer: await makeGif() });
    const { glyph } = (await (await page.request.get(`/api/get-glyph/${id}`)).json()) as { glyph: { animation: { posterUrl: string } } };
    const poster = glyph.animation.posterUrl;

    // The HTML as served (a cold pre-render that overruns its time is served client-rendered: ask again).
    const prerendered = async (url: string) => {
      let html = '';
      await expect.poll(async () => (html = await (await page.request.get(url)).text()).includes('data-prerendered'), { timeout: 20_000 }).toBe(true);
      return html;
    };
    // The glyph page's poster (fetched first, its box reserved); one round dot per cell of 25×25 for the LEDs.
    const glyphHtml = await prerendered(`/glyph/${id}`);
    expect(glyphHtml).toMatch(new RegExp(`<img src="${poster}" alt="" width="480" height="480" fetchPriority="high"`, 'i'));
    expect(glyphHtml).toMatch(/mask-image:radial-gradient\([^;]*;mask-size:4\.0000% 4\.0000%/);
    // The home page: the hero's poster (its first frame) and, in the latest list, this glyph's card poster.
    const homeHtml = await prerendered('/');
    const heroPoster = /<img src="(\/assets\/hero-poster-[\w-]+\.webp)" alt="" width="480" height="480"/.exec(homeHtml)?.[1];
    expect(heroPoster, 'hero poster in the pre-rendered home page').toBeTruthy();
    expect(homeHtml).toMatch(new RegExp(`<img src="${poster}" alt="" width="480" height="480" loading="lazy"`));

    // Without JavaScript at all: the hero and the card show their posters, not a black disc.
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    try {
      const still = await noScript.newPage();
      await still.goto('/');
      const loaded = (img: Locator) => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth === 480);
      const hero = still.locator(`img[src="${heroPoster}"]`);
      await expect(hero).toBeVisible();
      await expect.poll(() => loaded(hero)).toBe(true);
      const card = still.getByRole('article').filter({ hasText: title }).locator('img');
      await card.scrollIntoViewIfNeeded();
      await expect(card).toBeVisible();
      await expect.poll(() => loaded(card)).toBe(true);
    } finally {
      await noScript.close();
    }

    // With scripts: the glyph page's largest contentful paint is the poster, not a script-drawn canvas.
    await page.goto(`/glyph/${id}`);
    await expectPlaying(page.getByRole('group', { name: `Animation of ${title}` }));
    const largest = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as Array<PerformanceEntry & { url: string; element: Element | null }>;
            const last = entries[entries.length - 1]!;
            resolve(last.url || last.element?.tagName || '');
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    expect(largest).toBe(new URL(poster, BASE_URL).href);
  });
});
