import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GlyphStats, StatsRange } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';
import { statsKeys } from './keys.ts';

/** GET /api/glyphs/{id}/stats?days= → one toy's days and releases (its creator and admins). */
export function fetchGlyphStats(glyphId: string, days: StatsRange, request?: RequestContext): Promise<GlyphStats> {
  return api.get<GlyphStats>(`/glyphs/${encodeURIComponent(glyphId)}/stats?days=${days}`, request);
}

export const glyphStatsQueryOptions = (glyphId: string, days: StatsRange) =>
  queryOptions({ queryKey: statsKeys.glyph(glyphId, days), queryFn: (context) => fetchGlyphStats(glyphId, days, context) });

export function useGlyphStats(glyphId: string, days: StatsRange) {
  return useQuery(glyphStatsQueryOptions(glyphId, days));
}
