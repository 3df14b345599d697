import '../zod.ts';
import { z } from 'zod';
import { STATS_MSG } from '../messages/stats.ts';
import { DEFAULT_STATS_RANGE, STATS_RANGES, type StatsRange } from '../stats-ranges.ts';

/** `?days=` of every statistics endpoint: absent → 30; anything but 7, 30, 90 or 365 → 400 with one message. */
export const StatsQuerySchema = z.object({
  days: z
    .string({ error: STATS_MSG.statsDaysInvalid })
    .optional()
    .transform((value, ctx): StatsRange => {
      if (value === undefined) return DEFAULT_STATS_RANGE;
      const days = STATS_RANGES.find((range) => String(range) === value);
      if (days === undefined) {
        ctx.addIssue({ code: 'custom', message: STATS_MSG.statsDaysInvalid });
        return z.NEVER;
      }
      return days;
    }),
});

const count = z.number().int();

/** One UTC day of a glyph's or a creator's activity. */
export const StatsDaySchema = z.object({
  day: z.string(),
  views: count,
  downloads: count,
  downloadsButton: count,
  downloadsLatest: count,
  downloadsRepository: count,
  likes: count,
});
export type StatsDay = z.infer<typeof StatsDaySchema>;

export const StatsTotalsSchema = StatsDaySchema.omit({ day: true });
export type StatsTotals = z.infer<typeof StatsTotalsSchema>;

/** A release's downloads in the range and over its life. */
export const ReleaseStatsSchema = z.object({
  id: z.string(),
  glyphId: z.string(),
  versionName: z.string().nullable(),
  versionCode: z.number().int().nullable(),
  downloadsInRange: count,
  downloadsTotal: count,
});
export type ReleaseStats = z.infer<typeof ReleaseStatsSchema>;

/** `GET /api/glyphs/{id}/stats`. */
export const GlyphStatsSchema = z.object({
  glyphId: z.string(),
  title: z.string(),
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  totals: StatsTotalsSchema,
  series: z.array(StatsDaySchema),
  releases: z.array(ReleaseStatsSchema),
});
export type GlyphStats = z.infer<typeof GlyphStatsSchema>;

/** One of the creator's toys in the range (all of them, deleted ones excluded), plus its all-time counters. */
export const CreatorToyStatsSchema = StatsTotalsSchema.extend({
  glyphId: z.string(),
  title: z.string(),
  totalViews: count,
  totalDownloads: count,
  totalLikes: count,
});
export type CreatorToyStats = z.infer<typeof CreatorToyStatsSchema>;

/** `GET /api/creator/stats`: follows per day join the glyph series. */
export const CreatorStatsSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  totals: StatsTotalsSchema.extend({ follows: count }),
  series: z.array(StatsDaySchema.extend({ follows: count })),
  toys: z.array(CreatorToyStatsSchema),
  releases: z.array(ReleaseStatsSchema),
});
export type CreatorStats = z.infer<typeof CreatorStatsSchema>;

/** `GET /api/admin/stats/series`. */
export const AdminStatsDaySchema = z.object({ day: z.string(), signups: count, uploads: count, views: count, downloads: count, reports: count });
export type AdminStatsDay = z.infer<typeof AdminStatsDaySchema>;
export const AdminStatsSeriesSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  totals: AdminStatsDaySchema.omit({ day: true }),
  series: z.array(AdminStatsDaySchema),
});
export type AdminStatsSeries = z.infer<typeof AdminStatsSeriesSchema>;
