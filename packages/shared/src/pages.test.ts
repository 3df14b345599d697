import { describe, expect, it } from 'vitest';
import { apiUrl, glyphListParams, matchPage, PAGES, requestListParams } from './pages.ts';
import { searchFromQuery, searchListParams } from './list-params.ts';
import { PAGE_PRELOADS } from './page-preloads.ts';

const preloadsOf = (path: string) => {
  const url = new URL(path, 'http://localhost');
  const match = matchPage(url.pathname);
  return (match && PAGE_PRELOADS[match.page.module]?.(match.params, url.searchParams)) ?? [];
};

describe('the page table', () => {
  it('matches each path to its page: params decoded, trailing slash and case ignored, unknown paths to not-found', () => {
    expect(matchPage('/')?.page.module).toBe('home');
    expect(matchPage('/glyph/a%20b')).toMatchObject({ page: { module: 'glyph' }, params: { id: 'a b' } });
    expect(matchPage('/Search/')?.page.module).toBe('search');
    expect(matchPage('/request-glyphs/r1')?.page.module).toBe('request-glyph');
    expect(matchPage('/admin')?.page.access).toBe('admin');
    expect(matchPage('/glyph/x/extra')).toMatchObject({ page: { pattern: '*', module: 'not-found' } });
    expect(new Set(PAGES.map((page) => page.pattern)).size).toBe(PAGES.length);
  });

  it('keys boot-data GETs by route modules of pre-rendered pages (a renamed module would lose them silently)', () => {
    const prerendered = new Set(PAGES.filter((page) => page.prerendered).map((page) => page.module));
    for (const module of Object.keys(PAGE_PRELOADS)) expect(prerendered, module).toContain(module);
  });

  it("builds each page's boot-data URLs exactly as the web client asks for them", () => {
    expect(preloadsOf('/')).toEqual(['/api/get-glyphs?sort=latest&limit=12']);
    const id = '4b51728a-9b5a-4893-8260-88f2396918a7';
    expect(preloadsOf(`/glyph/${id}`)).toEqual([`/api/get-glyph/${id}`]);
    // Only a well-formed id reaches the in-process request.
    expect(preloadsOf('/glyph/..%2Fadmin')).toEqual([]);
    expect(preloadsOf('/search?q=%20ring%20&has=apk&tags=Clock,art')).toEqual([
      '/api/get-glyphs?search=ring&sort=relevance&limit=100&has=apk&tags=clock%2Cart',
    ]);
    expect(preloadsOf('/search?sort=popular')).toEqual(['/api/get-glyphs?sort=popular&limit=24']);
    expect(preloadsOf('/search?q=ring&device=phone-3')).toEqual([
      '/api/get-glyphs?search=ring&sort=relevance&limit=100&device=phone-3',
    ]);
    expect(preloadsOf('/request-glyphs')).toEqual(['/api/glyph-requests?limit=20&offset=0']);
    expect(preloadsOf('/request-glyphs?status=open&x=1')).toEqual(['/api/glyph-requests?limit=20&offset=0&status=open']);
    expect(preloadsOf('/request-glyphs?status=nonsense')).toEqual(['/api/glyph-requests?limit=20&offset=0']);
    expect(preloadsOf('/request-glyphs?sort=votes&status=open')).toEqual([
      '/api/glyph-requests?limit=20&offset=0&sort=votes&status=open',
    ]);
    expect(preloadsOf('/request-glyphs?sort=latest')).toEqual(['/api/glyph-requests?limit=20&offset=0']);
    expect(preloadsOf('/request-glyphs?sort=nonsense')).toEqual(['/api/glyph-requests?limit=20&offset=0']);
    expect(preloadsOf('/settings')).toEqual([]);
  });

  it('the builders leave out empty parameters and keep their order', () => {
    expect(apiUrl('/get-glyphs', glyphListParams({ sort: 'popular', limit: 12, creatorId: 'u1', cursor: null }))).toBe(
      '/api/get-glyphs?sort=popular&limit=12&creator_id=u1',
    );
    expect(apiUrl('/glyph-requests', requestListParams({ offset: 20, search: 'clock', sort: 'votes' }))).toBe(
      '/api/glyph-requests?limit=20&offset=20&search=clock&sort=votes',
    );
    expect(searchListParams({ ...searchFromQuery(new URLSearchParams('q=ring&sort=nonsense')), cursor: 'c2' })).toEqual({
      search: 'ring',
      sort: 'relevance',
      limit: 100,
      cursor: 'c2',
      has: undefined,
      tags: undefined,
    });
  });
});
