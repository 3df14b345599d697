import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

/** A UTC day range, both ends included, as 'YYYY-MM-DD'. */
export interface DayRange {
  from: string;
  to: string;
}

export interface GlyphDayRow {
  day: string;
  views: number;
  button: number;
  latest: number;
  repository: number;
  likes: number;
}

export interface ToyRow {
  id: string;
  title: string;
  total_views: number;
  total_downloads: number;
  total_likes: number;
  views: number;
  button: number;
  latest: number;
  repository: number;
  likes: number;
}

export interface ReleaseRow {
  id: string;
  glyph_id: string;
  version_name: string | null;
  version_code: number | null;
  in_range: number;
  total: number;
}

export interface PlatformDayRow {
  day: string;
  signups: number;
  uploads: number;
  reports: number;
  views: number;
  downloads: number;
}

const sums = sql`sum(s.views)::int as views, sum(s.downloads_button)::int as button, sum(s.downloads_latest)::int as latest,
  sum(s.downloads_repository)::int as repository, sum(s.likes)::int as likes`;

/**
 * Reads of the daily roll-ups (issue 51): each query touches the roll-up rows of the range only, found by
 * primary key (glyph or release, day) or by day; the raw event tables are never scanned here.
 */
export function createStatsRepository(db: Db) {
  return {
    /** The glyph's owner and state, or undefined when there is no such glyph. */
    async glyph(id: string): Promise<{ id: string; title: string; creatorId: string; deleted: boolean } | undefined> {
      const [row] = await queryRows<{ id: string; title: string; creator_id: string; deleted: boolean }>(
        db,
        sql`select id, title, creator_id, deleted_at is not null as deleted from glyphs where id = ${id}::uuid`,
      );
      return row && { id: String(row.id), title: row.title, creatorId: row.creator_id, deleted: row.deleted };
    },

    /** One glyph's days with any roll-up row in the range. */
    glyphDays(glyphId: string, range: DayRange): Promise<GlyphDayRow[]> {
      return queryRows<GlyphDayRow>(
        db,
        sql`select s.day::text as day, ${sums} from glyph_daily_stats s
          where s.glyph_id = ${glyphId}::uuid and s.day between ${range.from}::date and ${range.to}::date group by s.day`,
      );
    },

    /** The days of all live glyphs of one creator. */
    creatorDays(creatorId: string, range: DayRange): Promise<GlyphDayRow[]> {
      return queryRows<GlyphDayRow>(
        db,
        sql`select s.day::text as day, ${sums} from glyph_daily_stats s join glyphs g on g.id = s.glyph_id
          where g.creator_id = ${creatorId} and g.deleted_at is null and s.day between ${range.from}::date and ${range.to}::date
          group by s.day`,
      );
    },

    /** Follows gained per day (those still held). */
    followDays(creatorId: string, range: DayRange): Promise<{ day: string; follows: number }[]> {
      return queryRows(
        db,
        sql`select day::text as day, follows from creator_daily_stats
          where user_id = ${creatorId} and day between ${range.from}::date and ${range.to}::date`,
      );
    },

    /** Every live glyph of the creator with its range sums and all-time counters, most downloaded in the range first. */
    toys(creatorId: string, range: DayRange): Promise<ToyRow[]> {
      return queryRows<ToyRow>(
        db,
        sql`select g.id::text as id, g.title, g.views as total_views, g.downloads as total_downloads, g.likes as total_likes,
            coalesce(r.views, 0)::int as views, coalesce(r.button, 0)::int as button, coalesce(r.latest, 0)::int as latest,
            coalesce(r.repository, 0)::int as repository, coalesce(r.likes, 0)::int as likes
          from glyphs g
          left join lateral (
            select ${sums} from glyph_daily_stats s
            where s.glyph_id = g.id and s.day between ${range.from}::date and ${range.to}::date
          ) r on true
          where g.creator_id = ${creatorId} and g.deleted_at is null
          order by coalesce(r.button, 0) + coalesce(r.latest, 0) + coalesce(r.repository, 0) desc, coalesce(r.views, 0) desc, g.created_at desc, g.id`,
      );
    },

    /** Published releases of the given glyph, or of all live glyphs of a creator, with their downloads in the range. */
    releases(scope: { glyphId: string } | { creatorId: string }, range: DayRange, limit: number): Promise<ReleaseRow[]> {
      const where =
        'glyphId' in scope
          ? sql`r.glyph_id = ${scope.glyphId}::uuid`
          : sql`r.glyph_id in (select id from glyphs where creator_id = ${scope.creatorId} and deleted_at is null)`;
      return queryRows<ReleaseRow>(
        db,
        sql`select r.id::text as id, r.glyph_id::text as glyph_id, r.version_name, r.version_code::int as version_code,
            coalesce((select sum(d.downloads) from release_daily_stats d
              where d.release_id = r.id and d.day between ${range.from}::date and ${range.to}::date), 0)::int as in_range,
            r.downloads as total
          from releases r where ${where} and r.state = 'published'
          order by in_range desc, r.version_code desc nulls last, r.created_at desc
          limit ${limit}`,
      );
    },

    /** The platform's days: accounts, glyphs and reports created, first views and downloads of any glyph. */
    platformDays(range: DayRange): Promise<PlatformDayRow[]> {
      return queryRows<PlatformDayRow>(
        db,
        sql`select day::text as day, sum(signups)::int as signups, sum(uploads)::int as uploads, sum(reports)::int as reports,
            sum(views)::int as views, sum(downloads)::int as downloads
          from (
            select day, signups, uploads, reports, 0 as views, 0 as downloads from platform_daily_stats
              where day between ${range.from}::date and ${range.to}::date
            union all
            select day, 0, 0, 0, views, downloads_button + downloads_latest + downloads_repository from glyph_daily_stats
              where day between ${range.from}::date and ${range.to}::date
          ) e group by day`,
      );
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
