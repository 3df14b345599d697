import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { files, glyphs } from './content.ts';

/**
 * Issue 18: a glyph's releases, newest first by version code.
 *
 * States: 'published' (listed, downloadable), 'pending' (the signing certificate differs from the
 * previous release: held until an admin approves), 'rejected' (an admin refused the signer change).
 * The glyph's apk_url / apk_file_id always name the newest published release's file, and
 * glyphs.downloads stays the per-glyph distinct-actor total (SECURITY I2).
 *
 * Version facts come from the APK report (issue 15); releases migrated from glyphs uploaded before
 * reports existed may carry nulls there.
 */
export const releases = pgTable(
  'releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    glyphId: uuid('glyph_id')
      .notNull()
      .references(() => glyphs.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    apkUrl: text('apk_url').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    packageName: text('package_name'),
    versionName: text('version_name'),
    versionCode: bigint('version_code', { mode: 'number' }),
    /** SHA-256 fingerprints of the signing certificates, sorted and comma-joined ('' = unsigned). */
    signerSha256: text('signer_sha256'),
    signerChanged: boolean('signer_changed').notNull().default(false),
    changelog: text('changelog').notNull().default(''),
    /** The creator's note to the reviewing admin (why the key changed); not shown publicly. */
    note: text('note').notNull().default(''),
    /** The admin's note on a decision, told to the creator (issue 48). */
    decisionNote: text('decision_note'),
    state: text('state').notNull().default('published'), // 'published' | 'pending' | 'rejected'
    downloads: integer('downloads').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // Two publishes of one version: exactly one wins (the loser gets 409). A rejected release
    // gives its version code back, so the creator can publish it again with the old key.
    uniqueIndex('releases_glyph_version_code_uq').on(t.glyphId, t.versionCode).where(sql`${t.state} <> 'rejected'`),
    index('releases_glyph_idx').on(t.glyphId, t.createdAt.desc()),
    index('releases_published_idx').on(t.publishedAt.desc()).where(sql`${t.state} = 'published'`),
    index('releases_pending_idx').on(t.createdAt).where(sql`${t.state} = 'pending'`),
  ],
);

/** A release download counts once per actor per release (DESIGN §4.1, the same actors as glyph_downloads). */
export const releaseDownloads = pgTable(
  'release_downloads',
  {
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    actor: text('actor').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.actor] }), index('release_downloads_user_idx').on(t.userId)],
);
