// The search page's list URL parameters, as the web client sends them and the server's boot data keys
// them (page-preloads.ts). Apart from pages.ts, which every page's shell loads: only the search page
// needs them, with the browse filters they bring.
import { BROWSE_PAGE_SIZE, GLYPH_AVAILABILITY, normalizeGlyphTags, parseCodeFilters, type GlyphFilters } from './browse/index.ts';
import { GLYPH_DEVICES } from './apk/devices.ts';
import { SEARCH_LIMIT, SEARCH_SORTS, type SearchSort } from './constants.ts';
import type { ApiParams } from './pages.ts';

/** GET /api/get-glyphs?search=&sort=&limit=[&cursor=][&has=&tags=&device=&without=]: search, or (no term) the catalogue (issue 17). */
export function searchListParams(params: {
  term: string;
  sort: SearchSort;
  filters?: GlyphFilters | undefined;
  cursor?: string | null | undefined;
}): ApiParams {
  const browsing = params.term.length === 0;
  const filters = params.filters ?? {};
  return {
    search: browsing ? undefined : params.term,
    sort: browsing && params.sort === 'relevance' ? 'latest' : params.sort,
    limit: browsing ? BROWSE_PAGE_SIZE : SEARCH_LIMIT,
    cursor: params.cursor ?? undefined,
    has: filters.has,
    tags: filters.tags && filters.tags.length > 0 ? filters.tags.join(',') : undefined,
    device: filters.device,
    without: filters.without && filters.without.length > 0 ? filters.without.join(',') : undefined,
  };
}

/** The search page's term, sort and filters as its URL carries them (spec §2 Search, issue 17). */
export function searchFromQuery(query: URLSearchParams): { term: string; sort: SearchSort; filters: GlyphFilters } {
  const asked = query.get('sort');
  const has = GLYPH_AVAILABILITY.find((known) => known === query.get('has'));
  const tags = normalizeGlyphTags(query.get('tags') ?? '').slice(0, 10);
  const device = GLYPH_DEVICES.find((known) => known === query.get('device'));
  const without = parseCodeFilters(query.get('without'));
  return {
    term: query.get('q')?.trim() ?? '',
    sort: SEARCH_SORTS.find((known) => known === asked) ?? 'relevance',
    filters: { ...(has ? { has } : {}), ...(tags.length > 0 ? { tags } : {}), ...(device ? { device } : {}), ...(without.length > 0 ? { without } : {}) },
  };
}
