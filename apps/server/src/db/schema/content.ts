import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApkReport } from '@glyphary/shared';
import { users } from './auth.ts';

/** A Postgres `tsvector`; written only by the search triggers (migration 0001/0002, decision 0005). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A Postgres `xid8` (a transaction id); the search change feed reads it (decision 0034). */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

const createdAt = timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Uploaded files (DESIGN §4.9): stored under generated names with an owner, size and SHA-256. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(), // 'images' | 'apks'
    filename: text('filename').notNull().unique(),
    thumbnail: text('thumbnail'),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    width: integer('width'),
    height: integer('height'),
    status: text('status').notNull().default('ready'), // 'ready' | 'quarantined' | 'deleted'
    // Issue 15: what the APK analyser found (null for images, and for APKs stored before the analyser
    // until the admin re-analysis reaches them). Toy previews are image rows owned by the same user.
    apkReport: jsonb('apk_report').$type<ApkReport>(),
    createdAt,
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);

/** spec §3 Glyph. Counters are maintained transactionally from the event tables below. */
export const glyphs = pgTable(
  'glyphs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    apkUrl: text('apk_url'),
    apkFileId: uuid('apk_file_id').references(() => files.id, { onDelete: 'set null' }),
    // Issue 16: the glyph's animation (a files row of type 'animations'; facts in the animations table).
    animationFileId: uuid('animation_file_id').references(() => files.id, { onDelete: 'set null' }),
    githubUrl: text('github_url'),
    instructions: text('instructions'),
    // Issue 17: categories (GLYPH_CATEGORIES) and free tags, lower-case; filtered with @> (GIN index).
    tags: jsonb('tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    downloads: integer('downloads').notNull().default(0),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    createdAt,
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    // Issue 19: a glyph hidden by moderation also has deleted_at set (so every public read drops it);
    // hidden_at marks it as restorable.
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    // Issue 19: the creator can turn comments off per glyph.
    commentsEnabled: boolean('comments_enabled').notNull().default(true),
    // Issue 5 search: title (A), creator username + display name (B), description (C). Kept by
    // triggers on glyphs and users because the creator's names live in another table (decision 0005).
    searchVector: tsvector('search_vector'),
    // The title (A) and creator (B) part alone: "Best match" ranks glyphs matching there first and
    // only reaches for description-only matches when those run out (decision 0005).
    titleVector: tsvector('title_vector'),
  },
  (t) => [
    // Full-text and typo-tolerant search over live glyphs (DESIGN §1 Search, decision 0005).
    index('glyphs_search_idx').using('gin', t.searchVector).where(sql`${t.deletedAt} IS NULL`),
    index('glyphs_title_search_idx').using('gin', t.titleVector).where(sql`${t.deletedAt} IS NULL`),
    index('glyphs_latest_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} IS NULL`),
    index('glyphs_popular_idx')
      .on(t.downloads.desc(), t.likes.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} IS NULL`),
    index('glyphs_liked_idx').on(t.likes.desc(), t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} IS NULL`),
    index('glyphs_viewed_idx').on(t.views.desc(), t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} IS NULL`),
    index('glyphs_creator_idx').on(t.creatorId, t.createdAt.desc()),
    index('glyphs_tags_idx').using('gin', sql`${t.tags} jsonb_path_ops`).where(sql`${t.deletedAt} IS NULL`),
    // Issue 18: 'Recently updated' (sort=updated); a published release moves updated_at.
    index('glyphs_updated_idx').on(t.updatedAt.desc(), t.id.desc()).where(sql`${t.deletedAt} IS NULL`),
  ],
);

/** Popularity bands of `glyph_search` (decision 0032): 3 holds the most popular glyphs. */
export const SEARCH_BANDS = [3, 2, 1, 0] as const;

/**
 * Issue 20 cold search (decision 0032): a narrow copy of what "Best match" reads per candidate — the
 * two search vectors and the popularity — one row per **live** glyph, kept by a trigger on glyphs
 * (migration 0015). A candidate costs a ~0.5 KB row here instead of a ~1.1 KB glyph row. Each
 * popularity band has its own partial GIN indexes, so a search can take the matches of the most
 * popular band first and stop at its cap, for the index work of one full scan.
 */
export const glyphSearch = pgTable(
  'glyph_search',
  {
    glyphId: uuid('glyph_id')
      .primaryKey()
      .references(() => glyphs.id, { onDelete: 'cascade' }),
    /** 1 + downloads + likes: the popularity term of the rank reads ln() of it. */
    popularity: integer('popularity').notNull(),
    /** glyph_search_band(popularity): 0 below 7, 1 below 20, 2 below 55, else 3 (e-folds). */
    band: smallint('band').notNull(),
    titleVector: tsvector('title_vector').notNull(),
    searchVector: tsvector('search_vector').notNull(),
  },
  (t) =>
    SEARCH_BANDS.flatMap((band) => [
      index(`glyph_search_title_${band}_idx`).using('gin', t.titleVector).where(sql.raw(`band = ${band}`)),
      index(`glyph_search_search_${band}_idx`).using('gin', t.searchVector).where(sql.raw(`band = ${band}`)),
    ]),
);

/**
 * The distinct words of glyph titles and creator names (issue 5 search, decision 0005), kept by the
 * search triggers. A misspelled search word is matched against this small table with pg_trgm
 * similarity ('chargng' → 'charging') and the close words join the full-text query. The column is
 * collated "C" (migration 0004) so the primary key also answers prefix ranges.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    /** Decision 0034: when the word arrived (a `search_change_rev` value), for the in-process typo lexicon. */
    rev: bigint('rev', { mode: 'number' }).notNull().default(sql`nextval('search_change_rev')`),
    /** The writing transaction, so a reader also sees words whose transaction committed after a later rev. */
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('search_words_trgm_idx').using('gin', sql`word gin_trgm_ops`),
    index('search_words_rev_idx').on(t.rev),
    index('search_words_xid_idx').on(t.xid),
  ],
);

/**
 * The search change feed (decision 0034): one row per write to `glyph_search` (insert, refresh,
 * popularity, removal), appended by its trigger. Each server's in-process search index reads the rows
 * after the last one it applied before a search, so a write on any instance is seen by the next
 * search everywhere. Old rows are pruned (an instance that fell further behind reloads).
 */
export const searchChanges = pgTable(
  'search_changes',
  {
    rev: bigint('rev', { mode: 'number' }).primaryKey().default(sql`nextval('search_change_rev')`),
    glyphId: uuid('glyph_id').notNull(),
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('search_changes_xid_idx').on(t.xid), index('search_changes_changed_at_idx').on(t.changedAt)],
);

/** One like per (user, glyph) (DESIGN §4.1). */
export const glyphLikes = pgTable(
  'glyph_likes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    glyphId: uuid('glyph_id')
      .notNull()
      .references(() => glyphs.id, { onDelete: 'cascade' }),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.glyphId] }), index('glyph_likes_glyph_idx').on(t.glyphId)],
);

/**
 * A view or download counts once per actor per glyph (DESIGN §4.1). `actor` is `u:<userId>` for a
 * signed-in user, else `ip:<hmac of the trusted client IP>`; `userId` is kept so account deletion can
 * remove the events it made.
 */
export const glyphViews = pgTable(
  'glyph_views',
  {
    glyphId: uuid('glyph_id')
      .notNull()
      .references(() => glyphs.id, { onDelete: 'cascade' }),
    actor: text('actor').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.glyphId, t.actor] }), index('glyph_views_actor_idx').on(t.actor), index('glyph_views_user_idx').on(t.userId)],
);

export const glyphDownloads = pgTable(
  'glyph_downloads',
  {
    glyphId: uuid('glyph_id')
      .notNull()
      .references(() => glyphs.id, { onDelete: 'cascade' }),
    actor: text('actor').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.glyphId, t.actor] }),
    index('glyph_downloads_actor_idx').on(t.actor),
    index('glyph_downloads_user_idx').on(t.userId),
  ],
);

/** spec §3 Glyph request; statuses open, in_progress, completed, cancelled (spec §4). */
export const glyphRequests = pgTable(
  'glyph_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    referenceImages: jsonb('reference_images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    referenceFiles: jsonb('reference_files').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    status: text('status').notNull().default('open'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedTo: text('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    completedGlyphId: uuid('completed_glyph_id').references(() => glyphs.id, { onDelete: 'set null' }),
    createdAt,
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // Issue 19: 'I want this too' votes (kept equal to count(request_votes)), and the assignee's last
    // activity plus the reminder sent before a stale request goes back to open.
    votes: integer('votes').notNull().default(0),
    activityAt: timestamp('activity_at', { withTimezone: true, mode: 'date' }),
    remindedAt: timestamp('reminded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('glyph_requests_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('glyph_requests_user_idx').on(t.userId),
    index('glyph_requests_assigned_idx').on(t.assignedTo),
    index('glyph_requests_status_idx').on(t.status),
  ],
);

/** Admin actions: actor, action, target, time (issue 7). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    detail: text('detail'),
    createdAt,
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc())],
);

/** Count-sync state shared by every instance (DESIGN §4.2). One row, id = 1. */
export const syncState = pgTable('sync_state', {
  id: integer('id').primaryKey(),
  status: text('status').notNull().default('idle'),
  lastRun: timestamp('last_run', { withTimezone: true, mode: 'date' }),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
  lastUpdated: integer('last_updated').notNull().default(0),
  lastMessage: text('last_message'),
});
