import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_LIST_LIMIT, type GlyphList } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /api/get-glyphs?sort=latest&limit=1000 (spec §7: limit 1000 for admin), following the cursor. */
export function fetchAdminGlyphs(cursor: string | null, request?: RequestContext): Promise<GlyphList> {
  return api.get<GlyphList>('/get-glyphs', {
    ...request,
    params: { sort: 'latest', limit: ADMIN_LIST_LIMIT, cursor: cursor ?? undefined },
  });
}

export const adminGlyphsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.glyphs(),
    queryFn: ({ pageParam, ...context }) => fetchAdminGlyphs(pageParam, context),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Every live glyph for the Glyphs tab, 1,000 at a time (DESIGN §4.12: Load more). */
export function useAdminGlyphs() {
  return useInfiniteQuery(adminGlyphsQueryOptions());
}
