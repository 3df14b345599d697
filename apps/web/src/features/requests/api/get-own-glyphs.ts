import { queryOptions, useQuery } from '@tanstack/react-query';
import { OWN_GLYPHS_LIMIT, type GlyphList } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';
import { requestKeys } from './keys.ts';

export interface OwnGlyph {
  id: string;
  title: string;
}

/** GET /api/get-glyphs?creator_id={me}&limit=100 (spec §7, §9: the complete menu's glyph list). */
export async function fetchOwnGlyphs(userId: string, request?: RequestContext): Promise<OwnGlyph[]> {
  const data = await api.get<GlyphList>('/get-glyphs', {
    ...request,
    params: { creator_id: userId, limit: OWN_GLYPHS_LIMIT, sort: 'latest' },
  });
  return data.glyphs.filter((glyph) => !glyph.deleted).map((glyph) => ({ id: glyph.id, title: glyph.title }));
}

export function ownGlyphsQueryOptions(userId: string) {
  return queryOptions({ queryKey: requestKeys.ownGlyphs(userId), queryFn: (context) => fetchOwnGlyphs(userId, context) });
}

/** The signed-in user's own glyphs, loaded only when `enabled` (there is something to complete). */
export function useOwnGlyphs(userId: string | undefined, enabled: boolean) {
  return useQuery({ ...ownGlyphsQueryOptions(userId ?? ''), enabled: Boolean(userId) && enabled });
}
