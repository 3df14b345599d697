import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { searchListParams, type GlyphFilters, type GlyphList, type SearchSort } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';

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
export function fetchSearchPage(params: SearchParams & { cursor?: string | null }, request?: RequestContext): Promise<GlyphList> {
  return api.get<GlyphList>('/get-glyphs', { ...request, params: searchListParams(params) });
}

/** Search results, or the browsed catalogue, with "Load more" (DESIGN §4.12). */
export const searchQueryOptions = (params: SearchParams) =>
  infiniteQueryOptions({
    queryKey: ['glyphs', 'search', { term: params.term, sort: params.sort, has: params.filters?.has ?? null, tags: params.filters?.tags ?? [], device: params.filters?.device ?? null, without: params.filters?.without ?? [] }] as const,
    queryFn: ({ pageParam, ...context }) => fetchSearchPage({ ...params, cursor: pageParam }, context),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Runs the search (or, with `browse`, lists the catalogue for an empty term). */
export function useSearchGlyphs(params: SearchParams, options: { browse?: boolean } = {}) {
  return useInfiniteQuery({ ...searchQueryOptions(params), enabled: params.term.length > 0 || options.browse === true });
}
