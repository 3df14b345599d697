import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { BROWSE_PAGE_SIZE, SEARCH_LIMIT, type GlyphFilters, type GlyphList, type SearchSort } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';
import { filterQueryParams } from '../lib/filters.ts';

export interface SearchParams {
  term: string;
  sort: SearchSort;
  /** Issue 17 filters (has, tags, device); empty = the whole catalogue. */
  filters?: GlyphFilters;
}

/**
 * GET /api/get-glyphs?search=&sort=&limit=100[&cursor=][&has=&tags=&device=] → one page of matches (spec §7,
 * §9 limit 100). Without a term it lists the whole catalogue in the chosen sort (issue 17 browse).
 */
export function fetchSearchPage(params: SearchParams & { cursor?: string | null }, signal?: AbortSignal): Promise<GlyphList> {
  const browsing = params.term.length === 0;
  return api.get<GlyphList>('/get-glyphs', {
    params: {
      search: browsing ? undefined : params.term,
      sort: browsing && params.sort === 'relevance' ? 'latest' : params.sort,
      limit: browsing ? BROWSE_PAGE_SIZE : SEARCH_LIMIT,
      cursor: params.cursor ?? undefined,
      ...filterQueryParams(params.filters ?? {}),
    },
    signal,
  });
}

/** Search results, or the browsed catalogue, with "Load more" (DESIGN §4.12). */
export const searchQueryOptions = (params: SearchParams) =>
  infiniteQueryOptions({
    queryKey: ['glyphs', 'search', { term: params.term, sort: params.sort, has: params.filters?.has ?? null, tags: params.filters?.tags ?? [], device: params.filters?.device ?? null }] as const,
    queryFn: ({ signal, pageParam }) => fetchSearchPage({ ...params, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Runs the search (or, with `browse`, lists the catalogue for an empty term). */
export function useSearchGlyphs(params: SearchParams, options: { browse?: boolean } = {}) {
  return useInfiniteQuery({ ...searchQueryOptions(params), enabled: params.term.length > 0 || options.browse === true });
}
