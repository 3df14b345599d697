import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApkReport } from '@glyphary/shared';
import { users } from './auth.ts';

/** A Postgres `tsvector`; written only by the search triggers (migration 0001/0002). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
    /** Issue 48: an SPDX licence identifier, or null when the creator names none. */
    license: text('license'),
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
    // triggers on glyphs and users because the creator's names live in another table.
    searchVector: tsvector('search_vector'),
    // The title (A) and creator (B) part alone: "Best match" ranks glyphs matching there first and
    // only reaches for description-only matches when those run out.
    titleVector: tsvector('title_vector'),
  },
  (t) => [
    // Full-text and typo-tolerant search over live glyphs (DESIGN §1 Search).
    index('glyphs_search_idx').using('gin', t.searchVector).where(sql`${t.deletedAt} IS NULL`),
    index('glyphs_title_search_idx').using('gin', t.titleVector).where(sql`${t.deletedAt} IS NULL`),
    index('glyphs_latest_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} IS NULL`),
    index('glyphs_popular_idx')
      .on(t.downloads.desc(), t.likes.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} IS NULL`),
    index('glyphs_liked_idx').on(t.likes.desc(), t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} IS NULL`),
    index('glyphs_viewed_idx').on(t.views.desc(), t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} IS NULL`),
    index('glyphs_creator_idx').on(t.creatorId, t.createdAt.desc()),
    // The APK report's card feed trigger and the files FK's `set null` find glyphs by APK (migration 0018).
    index('glyphs_apk_file_idx').on(t.apkFileId).where(sql`${t.apkFileId} IS NOT NULL`),
    index('glyphs_tags_idx').using('gin', sql`${t.tags} jsonb_path_ops`).where(sql`${t.deletedAt} IS NULL`),
    // Issue 18: 'Recently updated' (sort=updated); a published release moves updated_at.
    index('glyphs_updated_idx').on(t.updatedAt.desc(), t.id.desc()).where(sql`${t.deletedAt} IS NULL`),
  ],
);

/**
 * The distinct words of glyph titles and creator names (issue 5 search), kept by the
 * search triggers. A misspelled search word is matched against this small table with pg_trgm
 * similarity ('chargng' → 'charging') and the close words join the full-text query. The column is
 * collated "C" (migration 0004) so the primary key also answers prefix ranges.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  () => [index('search_words_trgm_idx').using('gin', sql`word gin_trgm_ops`)],
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
    /** How the counted (first) download came: 'button' (the site), 'latest' (latest.apk) or 'repository' (F-Droid). */
    source: text('source').notNull().default('button'),
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
    /** Issue 48: the phone the request is for ('phone-3' | 'phone-4a-pro'), or null for any. */
    device: text('device'),
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
