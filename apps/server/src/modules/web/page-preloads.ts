import {
  BROWSE_PAGE_SIZE,
  GLYPH_AVAILABILITY,
  GLYPH_DEVICES,
  normalizeGlyphTags,
  REQUEST_STATUSES,
  REQUESTS_PAGE_SIZE,
  SEARCH_LIMIT,
  SEARCH_SORTS,
  type SearchSort,
} from '@glyphary/shared';

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
  // Only a well-formed id is asked for: nothing else from the path reaches the in-process request.
  const glyph = /^\/glyph\/([0-9a-fA-F-]{36})\/?$/.exec(pathname);
  if (glyph?.[1]) return [`/api/get-glyph/${glyph[1]}`];
  if (pathname === '/search' || pathname === '/search/') {
    const term = query.get('q')?.trim() ?? '';
    const asked = query.get('sort');
    const sort: SearchSort = SEARCH_SORTS.find((known) => known === asked) ?? 'relevance';
    // Issue 17: the filters in the URL, normalised as the client sends them (features/browse/lib/filters.ts).
    const has = GLYPH_AVAILABILITY.find((known) => known === query.get('has'));
    const tags = normalizeGlyphTags(query.get('tags') ?? '').slice(0, 10);
    const device = GLYPH_DEVICES.find((known) => known === query.get('device'));
    const params = term
      ? new URLSearchParams({ search: term, sort, limit: String(SEARCH_LIMIT) })
      : // Before a search the page lists the whole catalogue (issue 17 browse).
        new URLSearchParams({ sort: sort === 'relevance' ? 'latest' : sort, limit: String(BROWSE_PAGE_SIZE) });
    if (has) params.set('has', has);
    if (tags.length > 0) params.set('tags', tags.join(','));
    if (device) params.set('device', device);
    return [`/api/get-glyphs?${params}`];
  }
  if (pathname === '/request-glyphs' || pathname === '/request-glyphs/') {
    const params = new URLSearchParams({ limit: String(REQUESTS_PAGE_SIZE), offset: '0' });
    // Issue 17: the board's status filter (features/requests/components/request-board.tsx).
    const status = REQUEST_STATUSES.find((known) => known === query.get('status'));
    if (status) params.set('status', status);
    return [`/api/glyph-requests?${params}`];
  }
  return [];
}

/**
 * The route module of a page as the Vite manifest names it (apps/web/src/app/router.tsx): its chunk
 * and the chunks it imports are preloaded with the HTML instead of after the entry script runs.
 */
export function pageModule(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (path === '/') return 'src/app/routes/home.tsx';
  if (/^\/glyph\/[^/]+$/.test(path)) return 'src/app/routes/glyph.tsx';
  if (/^\/storefront\/[^/]+$/.test(path)) return 'src/app/routes/storefront.tsx';
  if (path === '/search') return 'src/app/routes/search.tsx';
  if (path === '/request-glyphs') return 'src/app/routes/request-glyphs.tsx';
  if (/^\/request-glyphs\/[^/]+$/.test(path)) return 'src/app/routes/request-glyph.tsx';
  return null;
}

/** The part of Vite's build manifest this module reads. */
export type ViteManifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The chunk files to `<link rel="modulepreload">` for a route module: the module's chunk and every
 * chunk it statically imports, minus those the entry (index.html) already loads.
 */
export function routeChunks(manifest: ViteManifest, moduleKey: string): string[] {
  const loadedByEntry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) return;
    into.add(key);
    for (const next of chunk.imports ?? []) walk(next, into);
  };
  walk('index.html', loadedByEntry);
  const needed = new Set<string>();
  walk(moduleKey, needed);
  return [...needed].filter((key) => !loadedByEntry.has(key)).map((key) => manifest[key]?.file ?? '').filter(Boolean);
}
