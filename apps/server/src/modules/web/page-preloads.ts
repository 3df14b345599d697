import { REQUESTS_PAGE_SIZE, SEARCH_LIMIT, SEARCH_SORTS, type SearchSort } from '@glyphary/shared';

/** The session call every page makes first (apps/web/src/features/auth/auth-api.ts). */
export const SESSION_PATH = '/api/auth/get-session';

/** The home page's first list: the Latest tab (apps/web/src/features/discovery/components/home-page.tsx). */
const HOME_LIST = 12;

/**
 * The public API GETs a page of the SPA makes as soon as it renders, spelled exactly as the web
 * client builds them (`/api` + path + URLSearchParams in the client's parameter order). Their
 * answers are embedded in the page (docs/decisions/0013-page-boot-data.md); a URL that no longer
 * matches the client's is only a missed shortcut: the client fetches it as before.
 */
export function pagePreloads(pathname: string, query: URLSearchParams): string[] {
  if (pathname === '/') return [`/api/get-glyphs?${new URLSearchParams({ sort: 'latest', limit: String(HOME_LIST) })}`];
  const glyph = /^\/glyph\/([^/]+)\/?$/.exec(pathname);
  if (glyph?.[1]) return [`/api/get-glyph/${glyph[1]}`];
  if (pathname === '/search' || pathname === '/search/') {
    const term = query.get('q')?.trim() ?? '';
    if (!term) return [];
    const asked = query.get('sort');
    const sort: SearchSort = SEARCH_SORTS.find((known) => known === asked) ?? 'relevance';
    return [`/api/get-glyphs?${new URLSearchParams({ search: term, sort, limit: String(SEARCH_LIMIT) })}`];
  }
  if (pathname === '/request-glyphs' || pathname === '/request-glyphs/') {
    return [`/api/glyph-requests?${new URLSearchParams({ limit: String(REQUESTS_PAGE_SIZE), offset: '0' })}`];
  }
  return [];
}
