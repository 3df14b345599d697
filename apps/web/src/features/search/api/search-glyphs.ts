import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { SEARCH_LIMIT, type GlyphList, type SearchSort } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';

export interface SearchParams {
  term: string;
  sort: SearchSort;
}

/** GET /api/get-glyphs?search=&sort=&limit=100[&cursor=] → one page of matches (spec §7, §9 limit 100). */
export function fetchSearchPage(params: SearchParams & { cursor?: string | null }, signal?: AbortSignal): Promise<GlyphList> {
  return api.get<GlyphList>('/get-glyphs', {
    params: { search: params.term, sort: params.sort, limit: SEARCH_LIMIT, cursor: params.cursor ?? undefined },
    signal,
  });
}

/** Search results with "Load more" past the first 100 (DESIGN §4.12). */
export const searchQueryOptions = (params: SearchParams) =>
  infiniteQueryOptions({
    queryKey: ['glyphs', 'search', params] as const,
    queryFn: ({ signal, pageParam }) => fetchSearchPage({ ...params, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Runs the search for a non-empty term; an empty term runs nothing (spec §2 Search). */
export function useSearchGlyphs(params: SearchParams) {
  return useInfiniteQuery({ ...searchQueryOptions(params), enabled: params.term.length > 0 });
}
