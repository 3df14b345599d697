import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_NOT_FOUND_KEY, BOOT_PARTS_KEY, BOOT_QUERIES_KEY } from '@glyphary/shared';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, type TestUser } from '../factories.ts';

// docs/decisions/0013-page-boot-data.md: a page carries the session and its first API answers.
let t: TestApp;
let owner: TestUser;
let buildDir: string;
let distDir: string;
const SCRIPT = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `text ${i}`))};\n`;

beforeAll(async () => {
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-web-'));
  distDir = path.join(buildDir, 'dist');
  fs.mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  // A stand-in for the app's server build (the real one is tested in apps/web/src/entry-server.test.tsx).
  fs.mkdirSync(path.join(buildDir, 'dist-server'));
  fs.writeFileSync(
    path.join(buildDir, 'dist-server', 'entry-server.js'),
    `export async function renderPage(url, boot) {
      if (url.includes('explode')) throw new Error('render failed');
      if (url.includes('hang')) return new Promise(() => {});
      // Hands back the answers it was given as its "query cache", so the tests can see them.
      return { html: '<p>pre-rendered ' + url.replace(/[<&]/g, '') + ' with ' + Object.keys(boot).length + ' answers $&</p>', queries: boot, parts: ['footer'] };
    }`,
  );
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head><!--app-head--><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(distDir, 'assets', 'doto-latin-700-normal-abc123.woff2'), 'font');
  // Built scripts: one the build compressed (its .br and .gz beside it), one it did not.
  fs.writeFileSync(path.join(distDir, 'assets', 'shared-1.js'), SCRIPT);
  fs.writeFileSync(path.join(distDir, 'assets', 'shared-1.js.br'), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(distDir, 'assets', 'shared-1.js.gz'), zlib.gzipSync(SCRIPT, { level: 9 }));
  fs.writeFileSync(path.join(distDir, 'assets', 'cards-1.js'), SCRIPT);
  fs.mkdirSync(path.join(distDir, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index-1.js', imports: ['_shared-1.js'] },
    '_shared-1.js': { file: 'assets/shared-1.js' },
    '_cards-1.js': { file: 'assets/cards-1.js', imports: ['_shared-1.js', 'index.html'] },
    'src/app/routes/home.tsx': { file: 'assets/home-1.js', imports: ['_cards-1.js', 'index.html'] },
  };
  fs.writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  t = await buildTestApp({ WEB_DIST_DIR: distDir });
  owner = await createUser(t.app);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(buildDir, { recursive: true, force: true });
});

/** A glyph written straight to the database: the app's 1 s read caches do not know, so forget them. */
async function glyph(fields: Parameters<typeof insertGlyph>[2] = {}) {
  const row = await insertGlyph(t.database, owner.id, fields);
  t.app.glyphary.caches?.publicReads.clear();
  return row;
}

/**
 * A page and its boot data. `boot` holds the API answers the page was built from: embedded as they
 * are, or — on a pre-rendered page — as handed to the renderer (the stand-in echoes them back).
 */
async function page(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  const match = /<script id="glyphary-boot" type="application\/json">(.*?)<\/script>/s.exec(response.body);
  const embedded = match?.[1] === undefined ? undefined : (JSON.parse(match[1]) as Record<string, unknown>);
  const rendered = embedded?.[BOOT_QUERIES_KEY] as Record<string, unknown> | undefined;
  return { response, embedded, boot: rendered ?? embedded, raw: match?.[1] ?? '' };
}

const api = async (url: string, headers: Record<string, string> = {}) =>
  (await t.app.inject({ method: 'GET', url, headers })).json() as unknown;

describe('pre-rendered pages', () => {
  it('a public page starts with its pre-render, inert until the app hydrates it; other pages start empty', async () => {
    const home = await page('/');
    expect(home.response.body).toContain('<div id="root" inert data-prerendered><p>pre-rendered / with 2 answers $&</p></div>');
    // The answers travel in the rendered query cache; only the session is still read by URL.
    // And the lazily loaded parts it drew, which the browser loads before it hydrates the page.
    expect(Object.keys(home.embedded ?? {}).sort()).toEqual(['/api/auth/get-session', BOOT_PARTS_KEY, BOOT_QUERIES_KEY]);
    expect(home.embedded?.[BOOT_PARTS_KEY]).toEqual(['footer']);
    // Its scripts wait behind the first paint; the display font comes first.
    expect(home.response.body).toMatch(/<script type="module" crossorigin fetchpriority="low" src="\/assets\/index-1\.js">/);
    expect(home.response.body).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/doto-latin-700-normal-abc123.woff2" />',
    );

    const settings = (await page('/settings')).response.body;
    expect(settings).toContain('<div id="root"></div>');
    expect(settings).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
    expect(settings).not.toContain('as="font"');
  });

  it('an unknown address is a 404 page (the app draws its not-found view); known pages are 200', async () => {
    for (const url of ['/no-such-page', '/glyph', '/404', '/storefront/x/extra']) {
      const { response } = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
    for (const url of ['/', '/search', '/request-glyphs', '/login', '/settings']) expect((await page(url)).response.statusCode, url).toBe(200);
  });

  it('a failed pre-render still serves the page, empty, for the app to render', async () => {
    const { response, embedded } = await page('/search?q=explode');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    // The answers are embedded by URL instead, for the client-rendered page.
    expect(Object.keys(embedded ?? {})).toContain('/api/get-glyphs?search=explode&sort=relevance&limit=100');
  });

  it('a pre-render that never answers is abandoned: the page is served, client-rendered', async () => {
    const { response, embedded } = await page('/search?q=hang');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(Object.keys(embedded ?? {})).toContain('/api/get-glyphs?search=hang&sort=relevance&limit=100');
  });

  it('titles with $-patterns reach the tags and the page as written', async () => {
    const title = "Costs $& and $' more";
    const row = await glyph({ title });
    const { response, boot } = await page(`/glyph/${row.id}`);
    expect(response.body).toContain(`<meta property="og:title" content="Costs $&amp; and $&#39; more" />`);
    expect((boot?.[`/api/get-glyph/${row.id}`] as { glyph: { title: string } }).glyph.title).toBe(title);
  });
});

describe('built assets', () => {
  const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it("a script the build compressed is sent as its .br or .gz file, by what the browser accepts", async () => {
    const br = await get('/assets/shared-1.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(fs.readFileSync(path.join(distDir, 'assets', 'shared-1.js.br')))).toBe(true);
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);

    // Chromium also offers zstd: the build's .br, smaller than any zstd made on the way out, still wins.
    const chromium = await get('/assets/shared-1.js', 'gzip, deflate, br, zstd');
    expect(chromium.headers['content-encoding']).toBe('br');
    expect(chromium.rawPayload.equals(br.rawPayload)).toBe(true);

    const gz = await get('/assets/shared-1.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/shared-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('a script without compressed copies is still compressed on the way out', async () => {
    const br = await get('/assets/cards-1.js', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const zstd = await get('/assets/cards-1.js', 'gzip, deflate, br, zstd');
    expect(zstd.headers['content-encoding']).toBe('zstd');
    expect(zlib.zstdDecompressSync(zstd.rawPayload).toString()).toBe(SCRIPT);
  });
});

describe('route chunk preloads', () => {
  it('a page preloads its route chunk and what it imports, not what the entry already loads', async () => {
    const { response } = await page('/');
    const preloads = [
      ...response.body.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)" \/>/g),
    ].map((m) => m[1]);
    expect(preloads.sort()).toEqual(['/assets/cards-1.js', '/assets/home-1.js']);
    expect((await page('/settings')).response.body).not.toContain('modulepreload');
  });
});

describe('page boot data', () => {
  it('a visitor gets a signed-out session and the home list, exactly as the API answers it', async () => {
    await glyph({ title: 'Boot list toy' });
    const { response, boot } = await page('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(boot).toBeDefined();
    expect(boot?.['/api/auth/get-session']).toBeNull();
    const list = '/api/get-glyphs?sort=latest&limit=12';
    expect(boot?.[list]).toEqual(await api(list));
    expect(JSON.stringify(boot?.[list])).toContain('Boot list toy');
  });

  it('a signed-in caller gets their user and session id, never the session token', async () => {
    const { boot, raw } = await page('/', owner.auth);
    const session = boot?.['/api/auth/get-session'] as { session: Record<string, unknown>; user: { id: string } };
    expect(session.user.id).toBe(owner.id);
    expect(Object.keys(session.session).sort()).toEqual(['expiresAt', 'id']);
    expect(raw).not.toContain(owner.token);
  });

  it('a glyph page carries the glyph and preloads its first image; a missing glyph is left out', async () => {
    const row = await glyph({ images: ['/api/files/images/00000000-0000-4000-8000-000000000001.webp'] });
    const { response, boot } = await page(`/glyph/${row.id}`);
    expect(boot?.[`/api/get-glyph/${row.id}`]).toEqual(await api(`/api/get-glyph/${row.id}`));
    expect(response.body).toContain(
      '<link rel="preload" as="image" href="/api/files/images/00000000-0000-4000-8000-000000000001.webp" fetchpriority="high" />',
    );

    const missing = '00000000-0000-4000-8000-00000000dead';
    const gone = await page(`/glyph/${missing}`);
    // A missing glyph is a real 404 at its own address: the page carries the API's 404, so it shows
    // 'Glyph not found' without asking again, and it is not pre-rendered (nothing to wait for).
    expect(gone.response.statusCode).toBe(404);
    expect(gone.response.headers['content-type']).toContain('text/html');
    expect(gone.embedded?.[BOOT_NOT_FOUND_KEY]).toEqual({ [`/api/get-glyph/${missing}`]: { error: 'Glyph not found', code: 'NOT_FOUND' } });
    expect(Object.keys(gone.embedded ?? {}).sort()).toEqual(['/api/auth/get-session', BOOT_NOT_FOUND_KEY]);
    expect(gone.response.body).toContain('<div id="root"></div>');
    expect(gone.response.body).not.toContain('rel="preload" as="image"');

    // Only a well-formed id is asked for: nothing else from the path becomes an in-process request. An id
    // that is no UUID names no glyph: the same real 404 and 'Glyph not found', known without asking.
    for (const odd of ['/glyph/not-an-id', '/glyph/..%2F..%2Fapi%2Fadmin%2Fstats']) {
      const other = await page(odd, owner.auth);
      expect(other.response.statusCode, odd).toBe(404);
      expect(other.response.headers['content-type']).toContain('text/html');
      expect(other.response.body).toContain('<div id="root"></div>');
      expect(Object.keys(other.embedded ?? {}).sort()).toEqual(['/api/auth/get-session', BOOT_NOT_FOUND_KEY]);
      const answers = Object.values((other.embedded?.[BOOT_NOT_FOUND_KEY] ?? {}) as Record<string, unknown>);
      expect(answers).toEqual([{ error: 'Glyph not found', code: 'NOT_FOUND' }]);
    }
    expect((await page('/glyph/not-an-id')).embedded?.[BOOT_NOT_FOUND_KEY]).toEqual({ '/api/get-glyph/not-an-id': { error: 'Glyph not found', code: 'NOT_FOUND' } });
  });

  it('search and the request board carry their first page under the URLs the client asks for', async () => {
    await glyph({ title: 'Bootsearch lantern' });
    const search = await page('/search?q=%20bootsearch%20&sort=latest');
    const searchUrl = '/api/get-glyphs?search=bootsearch&sort=latest&limit=100';
    expect(search.boot?.[searchUrl]).toEqual(await api(searchUrl));
    const unknownSort = await page('/search?q=bootsearch&sort=nonsense');
    expect(Object.keys(unknownSort.boot ?? {})).toContain('/api/get-glyphs?search=bootsearch&sort=relevance&limit=100');
    // Issue 17: before a search the page browses the catalogue (Latest, 24 a page) with the URL's filters.
    const browseUrl = '/api/get-glyphs?sort=latest&limit=24';
    expect((await page('/search')).boot?.[browseUrl]).toEqual(await api(browseUrl));
    const filteredUrl = '/api/get-glyphs?sort=popular&limit=24&has=apk&tags=clock%2Cart';
    expect((await page('/search?sort=popular&has=apk&tags=Clock,art')).boot?.[filteredUrl]).toEqual(await api(filteredUrl));

    const board = await page('/request-glyphs');
    const boardUrl = '/api/glyph-requests?limit=20&offset=0';
    expect(board.boot?.[boardUrl]).toEqual(await api(boardUrl));

    // Issue 17: the device filter and the board's status filter, as the client spells them; unknown
    // values are left out, as the client leaves them out.
    const deviceUrl = '/api/get-glyphs?sort=latest&limit=24&has=apk&device=phone-3';
    expect((await page('/search?device=phone-3&has=apk')).boot?.[deviceUrl]).toEqual(await api(deviceUrl));
    expect(Object.keys((await page('/search?device=phone-9')).boot ?? {})).toContain(browseUrl);
    const statusUrl = '/api/glyph-requests?limit=20&offset=0&status=in_progress';
    expect((await page('/request-glyphs?status=in_progress')).boot?.[statusUrl]).toEqual(await api(statusUrl));
    expect(Object.keys((await page('/request-glyphs?status=done')).boot ?? {})).toContain(boardUrl);
    const sortUrl = '/api/glyph-requests?limit=20&offset=0&sort=votes';
    expect((await page('/request-glyphs?sort=votes')).boot?.[sortUrl]).toEqual(await api(sortUrl));
  });

  it('text that could close the script element stays inside the JSON', async () => {
    const title = '</script><script>alert(1)</script> <!-- \u2028';
    const row = await glyph({ title });
    const { response, boot } = await page(`/glyph/${row.id}`);
    expect(response.body).not.toContain('</script><script>alert(1)');
    expect((boot?.[`/api/get-glyph/${row.id}`] as { glyph: { title: string } }).glyph.title).toBe(title);
  });
});
