import { describe, expect, it, vi } from 'vitest';
import { renderPage } from './entry-server.tsx';
import { makeGlyph } from './test/glyph-fixture.ts';

// docs/decisions/0014-prerendered-pages.md: the server's pre-render of a page from its boot data.

/** A glyph with one image (the glyph page's largest paint). */
const glyph = (overrides: Parameters<typeof makeGlyph>[0] = {}) =>
  makeGlyph({ images: ['/api/files/images/pulse.webp'], thumbnails: ['/api/files/images/pulse-thumb.webp'], ...overrides });

const signedOut = { '/api/auth/get-session': null };
const home = '/api/get-glyphs?sort=latest&limit=12';

describe('renderPage', () => {
  it('renders the home page with the list the page carries, signed out, without touching the network', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { html, queries, parts } = await renderPage('/', { ...signedOut, [home]: { glyphs: [glyph({ title: 'Orbit clock' })], nextCursor: null } });
    vi.unstubAllGlobals();
    // The lazily loaded parts it drew, for the browser to load before it hydrates: a visitor has no user menu.
    expect(parts).toEqual(['footer']);
    expect(html).toContain('Glyph Toys for your Nothing Phone');
    expect(html).toContain('Orbit clock');
    expect(html).toContain('>Login<');
    expect(fetchMock).not.toHaveBeenCalled();
    // The cache behind it goes to the browser, so its first render is the same page.
    expect(queries.queries.map((query) => query.state.status)).toEqual(['success']);
  });

  it('renders a signed-in top bar from the session answer', async () => {
    const session = { session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' }, user: { id: 'u1', email: 'a@example.com', name: 'Ada', username: 'ada' } };
    const { html, parts } = await renderPage('/', { '/api/auth/get-session': session, [home]: { glyphs: [], nextCursor: null } });
    expect(html).toContain('Upload Glyph');
    expect(parts.sort()).toEqual(['bell', 'footer', 'menu']);
    expect(html).not.toContain('>Login<');
    // Issue 17: the lazily loaded user menu and bell are rendered in full. An unfinished Suspense
    // boundary (`<!--$!-->`) is thrown away by the browser and rendered again (React error #419).
    expect(html).toContain('User menu: </span>Ada');
    expect(html).not.toContain('<!--$!-->');
  });

  it('renders a glyph page with its title and first image; what the page lacks stays loading', async () => {
    const item = glyph({ title: 'Rain meter <b>' });
    const { html } = await renderPage(`/glyph/${item.id}`, { ...signedOut, [`/api/get-glyph/${item.id}`]: { glyph: item } });
    expect(html).toContain('Rain meter &lt;b&gt;');
    expect(html).toContain('src="/api/files/images/pulse.webp"');
    expect(html).not.toContain('<b>');

    const { html: empty, queries } = await renderPage('/', signedOut);
    expect(empty).toContain('Glyph Toys for your Nothing Phone');
    expect(empty).not.toContain('Orbit clock');
    expect(queries.queries).toEqual([]); // nothing failed is handed to the browser
  });

  it('keeps concurrent renders apart: each sees only its own answers', async () => {
    const [first, second] = await Promise.all([
      renderPage('/', { ...signedOut, [home]: { glyphs: [glyph({ title: 'First list' })], nextCursor: null } }),
      renderPage('/', { ...signedOut, [home]: { glyphs: [glyph({ title: 'Second list' })], nextCursor: null } }),
    ]);
    expect(first.html).toContain('First list');
    expect(first.html).not.toContain('Second list');
    expect(second.html).toContain('Second list');
    expect(second.html).not.toContain('First list');
  });
});
