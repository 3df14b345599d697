import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { glyphListParams, type GlyphList, type GlyphSort } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';

export interface GlyphListParams {
  sort: GlyphSort;
  limit: number;
  creatorId?: string;
}

/** GET /api/get-glyphs?sort=&limit=&creator_id=&cursor= → one page of live glyphs (spec §7). */
export function fetchGlyphs(params: GlyphListParams & { cursor?: string | null }, request?: RequestContext): Promise<GlyphList> {
  return api.get<GlyphList>('/get-glyphs', { ...request, params: glyphListParams(params) });
}

/** One fixed-size list (home tabs: 12 latest, 12 popular). */
export const glyphListQueryOptions = (params: GlyphListParams) =>
  queryOptions({
    queryKey: ['glyphs', params] as const,
    queryFn: (context) => fetchGlyphs(params, context),
  });

/** A list with "Load more" (DESIGN §4.12): each page follows the previous page's cursor. */
export const glyphPagesQueryOptions = (params: GlyphListParams) =>
  infiniteQueryOptions({
    queryKey: ['glyphs', 'pages', params] as const,
    queryFn: ({ pageParam, ...context }) => fetchGlyphs({ ...params, cursor: pageParam }, context),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The first page of a list. */
export function useGlyphList(params: GlyphListParams) {
  return useQuery(glyphListQueryOptions(params));
}

/** A paged list. */
export function useGlyphPages(params: GlyphListParams, enabled = true) {
  return useInfiniteQuery({ ...glyphPagesQueryOptions(params), enabled });
}
