import type { StatsRange } from '@glyphary/shared';

/** Query keys of the statistics feature (issue 51); `statsKeys.all` reloads every range. */
export const statsKeys = {
  all: ['stats'] as const,
  creator: (days: StatsRange) => ['stats', 'creator', days] as const,
  glyph: (glyphId: string, days: StatsRange) => ['stats', 'glyph', glyphId, days] as const,
  platform: (days: StatsRange) => ['stats', 'platform', days] as const,
};
