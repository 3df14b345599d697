import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { glyphRequests, glyphs } from './content.ts';

const createdAt = timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * Issue 19: a report of a glyph, user, request or comment. One open report per person and target
 * (partial unique index); resolving one resolves every open report on the same target.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    status: text('status').notNull().default('open'), // 'open' | 'resolved'
    resolution: text('resolution'),
    resolutionNote: text('resolution_note'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    createdAt,
  },
  (t) => [
    uniqueIndex('reports_one_open_idx').on(t.reporterId, t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_target_idx').on(t.targetType, t.targetId),
    index('reports_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

/** Issue 19: comments on glyphs, plain text (links are made clickable by the web app only). */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    glyphId: uuid('glyph_id')
      .notNull()
      .references(() => glyphs.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt,
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('comments_glyph_idx').on(t.glyphId, t.createdAt.desc(), t.id.desc()), index('comments_author_idx').on(t.authorId)],
);

/** Issue 19: who follows which creator. */
export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: text('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followeeId] }), index('follows_followee_idx').on(t.followeeId)],
);

/**
 * Issue 19: in-app notifications. `event_key` names the event; the unique (user, event_key) index with
 * `insert … on conflict do nothing` inside the event's transaction makes each one exactly once, even
 * when two instances handle the same event.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    eventKey: text('event_key').notNull(),
    data: jsonb('data').$type<Record<string, string | null>>().notNull().default(sql`'{}'::jsonb`),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt,
  },
  (t) => [
    uniqueIndex('notifications_event_idx').on(t.userId, t.eventKey),
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** Issue 19: 'I want this too' on open requests, one per person. */
export const requestVotes = pgTable(
  'request_votes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => glyphRequests.id, { onDelete: 'cascade' }),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.requestId] }), index('request_votes_request_idx').on(t.requestId)],
);
