import { date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { glyphs } from './content.ts';
import { releases } from './releases.ts';

/*
 * Daily roll-ups for the statistics (issue 51). Days are UTC calendar days of the raw event's created_at.
 * Database triggers (migration 0021) keep them in the transaction that inserts or deletes the raw row —
 * including cascades from deleting a glyph or an account — so each equals a count of its raw events
 * (checked by invariant R2). Reads of a range touch one row per day and key, never the raw events.
 */
const day = date('day', { mode: 'string' }).notNull();
const zero = (name: string) => integer(name).notNull().default(0);

/** Per glyph and day: first views, first downloads by source (glyph_downloads.source), likes held. */
export const glyphDailyStats = pgTable(
  'glyph_daily_stats',
  {
    glyphId: uuid('glyph_id')
      .notNull()
      .references(() => glyphs.id, { onDelete: 'cascade' }),
    day,
    views: zero('views'),
    downloadsButton: zero('downloads_button'),
    downloadsLatest: zero('downloads_latest'),
    downloadsRepository: zero('downloads_repository'),
    likes: zero('likes'),
  },
  (t) => [primaryKey({ columns: [t.glyphId, t.day] }), index('glyph_daily_stats_day_idx').on(t.day)],
);

/** Per release and day: first downloads of that release. */
export const releaseDailyStats = pgTable(
  'release_daily_stats',
  {
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    day,
    downloads: zero('downloads'),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.day] })],
);

/** Per creator and day: follows held (by the follow's day). */
export const creatorDailyStats = pgTable(
  'creator_daily_stats',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day,
    follows: zero('follows'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Per day for the whole platform: accounts, glyphs (live or not) and reports that exist, by creation day. */
export const platformDailyStats = pgTable('platform_daily_stats', {
  day: date('day', { mode: 'string' }).primaryKey(),
  signups: zero('signups'),
  uploads: zero('uploads'),
  reports: zero('reports'),
});
