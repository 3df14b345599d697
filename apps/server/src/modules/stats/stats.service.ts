import { MSG, type AdminStatsSeries, type CreatorStats, type GlyphStats, type StatsDay, type StatsRange, type StatsTotals } from '@glyphary/shared';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Viewer } from '../../plugins/access.ts';
import type { DayRange, GlyphDayRow, ReleaseRow, StatsRepository } from './stats.repository.ts';

const DAY_MS = 86_400_000;
/** A creator's release table shows the most downloaded ones. */
const CREATOR_RELEASES_LIMIT = 50;

/** The `days` UTC calendar days ending today (UTC), oldest first. */
export function utcDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

const rangeOf = (days: string[]): DayRange => ({ from: days[0] as string, to: days[days.length - 1] as string });

const zeroTotals = (): StatsTotals => ({ views: 0, downloads: 0, downloadsButton: 0, downloadsLatest: 0, downloadsRepository: 0, likes: 0 });

function toTotals(row: Omit<GlyphDayRow, 'day'>): StatsTotals {
  const downloadsButton = Number(row.button);
  const downloadsLatest = Number(row.latest);
  const downloadsRepository = Number(row.repository);
  return {
    views: Number(row.views),
    downloads: downloadsButton + downloadsLatest + downloadsRepository,
    downloadsButton,
    downloadsLatest,
    downloadsRepository,
    likes: Number(row.likes),
  };
}

/** Every day of the range, in order, zeros where nothing happened. */
function fillDays(days: string[], rows: GlyphDayRow[]): StatsDay[] {
  const byDay = new Map(rows.map((row) => [row.day, toTotals(row)]));
  return days.map((day) => ({ day, ...(byDay.get(day) ?? zeroTotals()) }));
}

function sum<T extends object>(rows: T[], keys: (keyof T)[], start: T): T {
  const total = { ...start };
  for (const row of rows) for (const key of keys) (total[key] as number) += row[key] as number;
  return total;
}

const totalKeys: (keyof StatsTotals)[] = ['views', 'downloads', 'downloadsButton', 'downloadsLatest', 'downloadsRepository', 'likes'];

const toRelease = (row: ReleaseRow) => ({
  id: row.id,
  glyphId: row.glyph_id,
  versionName: row.version_name,
  versionCode: row.version_code === null ? null : Number(row.version_code),
  downloadsInRange: Number(row.in_range),
  downloadsTotal: Number(row.total),
});

/** Issue 51: time series for creators, one glyph, and the platform, from the daily roll-ups. */
export function createStatsService(deps: { stats: StatsRepository; clock: Clock }) {
  const { stats, clock } = deps;
  return {
    /**
     * A glyph's days, totals and releases, for its creator and admins.
     * @throws AppError 404 unknown or deleted glyph, 403 anyone else.
     */
    async glyph(viewer: Viewer, glyphId: string, range: StatsRange): Promise<GlyphStats> {
      const glyph = isUuid(glyphId) ? await stats.glyph(glyphId.toLowerCase()) : undefined;
      if (!glyph || glyph.deleted) throw notFound(MSG.glyphNotFound);
      if (glyph.creatorId !== viewer.id && !viewer.isAdmin) throw forbidden();
      const days = utcDays(clock.now(), range);
      const [rows, releases] = await Promise.all([stats.glyphDays(glyph.id, rangeOf(days)), stats.releases({ glyphId: glyph.id }, rangeOf(days), 1000)]);
      const series = fillDays(days, rows);
      return {
        glyphId: glyph.id,
        title: glyph.title,
        days: range,
        ...rangeOf(days),
        totals: sum(series.map(({ day: _day, ...rest }) => rest), totalKeys, zeroTotals()),
        series,
        releases: releases.map(toRelease),
      };
    },

    /** The signed-in creator's days (with follows), each live toy, and the most downloaded releases. */
    async creator(viewer: Viewer, range: StatsRange): Promise<CreatorStats> {
      const days = utcDays(clock.now(), range);
      const window = rangeOf(days);
      const [rows, follows, toys, releases] = await Promise.all([
        stats.creatorDays(viewer.id, window),
        stats.followDays(viewer.id, window),
        stats.toys(viewer.id, window),
        stats.releases({ creatorId: viewer.id }, window, CREATOR_RELEASES_LIMIT),
      ]);
      const followsByDay = new Map(follows.map((row) => [row.day, Number(row.follows)]));
      const series = fillDays(days, rows).map((day) => ({ ...day, follows: followsByDay.get(day.day) ?? 0 }));
      return {
        days: range,
        ...window,
        totals: sum(series.map(({ day: _day, ...rest }) => rest), [...totalKeys, 'follows'], { ...zeroTotals(), follows: 0 }),
        series,
        toys: toys.map((toy) => ({
          glyphId: toy.id,
          title: toy.title,
          ...toTotals(toy),
          totalViews: Number(toy.total_views),
          totalDownloads: Number(toy.total_downloads),
          totalLikes: Number(toy.total_likes),
        })),
        releases: releases.map(toRelease),
      };
    },

    /** The platform's days for the admin Statistics tab. */
    async platform(range: StatsRange): Promise<AdminStatsSeries> {
      const days = utcDays(clock.now(), range);
      const rows = await stats.platformDays(rangeOf(days));
      const byDay = new Map(rows.map((row) => [row.day, row]));
      const series = days.map((day) => {
        const row = byDay.get(day);
        return {
          day,
          signups: Number(row?.signups ?? 0),
          uploads: Number(row?.uploads ?? 0),
          views: Number(row?.views ?? 0),
          downloads: Number(row?.downloads ?? 0),
          reports: Number(row?.reports ?? 0),
        };
      });
      const keys = ['signups', 'uploads', 'views', 'downloads', 'reports'] as const;
      const totals = { signups: 0, uploads: 0, views: 0, downloads: 0, reports: 0 };
      for (const day of series) for (const key of keys) totals[key] += day[key];
      return { days: range, ...rangeOf(days), totals, series };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
