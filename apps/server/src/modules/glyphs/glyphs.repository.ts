import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { files, glyphs, releases, users, animations } from '../../db/schema/index.ts';
import { animationJoin, apkFileJoin, creatorJoin, glyphColumns, type GlyphRow } from './glyphs.read-model.ts';
import { glyphFileRefColumns, moveGlyphFiles } from './glyph-files.ts';

/** The content of a glyph a creator controls (spec §7 upload-glyph / update-glyph). */
export interface GlyphContent {
  title: string;
  description: string;
  images: string[];
  apkUrl: string | null;
  apkFileId: string | null;
  /** Issue 16: undefined leaves the stored animation as it is (an update that does not mention it). */
  animationFileId?: string | null;
  githubUrl: string | null;
  instructions: string | null;
  /** Issue 17; undefined on an edit keeps the stored tags. */
  tags?: string[] | undefined;
  /** Issue 48: an SPDX identifier or null; undefined on an edit keeps the stored one. */
  license?: string | null | undefined;
}

/** Drops `tags` and `license` when undefined, so an edit without them leaves them as they are. */
function withoutUndefinedTags({ tags, license, ...rest }: GlyphContent): Omit<GlyphContent, 'tags' | 'license'> & { tags?: string[]; license?: string | null } {
  return { ...rest, ...(tags === undefined ? {} : { tags }), ...(license === undefined ? {} : { license }) };
}

/** The version facts of a new glyph's release 1, from its APK report when there is one (issue 18). */
export interface InitialReleaseFacts {
  packageName?: string | null;
  versionName?: string | null;
  versionCode?: number | null;
  signerSha256?: string | null;
}

/** Stores a glyph's APK as its release 1 (issue 18), inside the caller's transaction; nothing without an APK file. */
async function insertFirstRelease(
  tx: Tx,
  glyphId: string,
  content: GlyphContent,
  facts: InitialReleaseFacts,
  now: Date,
): Promise<void> {
  if (!content.apkFileId || !content.apkUrl) return;
  const [file] = await tx.select({ size: files.size, sha256: files.sha256 }).from(files).where(eq(files.id, content.apkFileId));
  if (!file) return;
  await tx.insert(releases).values({
    glyphId,
    fileId: content.apkFileId,
    apkUrl: content.apkUrl,
    size: file.size,
    sha256: file.sha256,
    ...facts,
    createdAt: now,
    publishedAt: now,
  });
}

/** Data access for glyph writes and single reads (lists and search live in the discovery module). */
export function createGlyphsRepository(db: Db) {
  /** A glyph with its creator's names and APK facts: the page's read, by one id or several. */
  const selectGlyph = () =>
    db
      .select({ ...glyphColumns, apkReport: files.apkReport })
      .from(glyphs)
      .innerJoin(users, creatorJoin)
      .leftJoin(files, apkFileJoin)
      .leftJoin(animations, animationJoin);
  // Built once, not per call: every glyph page in demand is read again each second,
  // and drizzle's query building was a visible share of that. Named, so node-postgres also plans it once
  // per connection (PGlite reuses its plan through pglite-plans, 0046).
  const glyphById = selectGlyph()
    .where(eq(glyphs.id, sql.placeholder('id')))
    .limit(1)
    .prepare('glyph_by_id');
  // One text for every batch size (the ids are one array parameter, not `in ($1..$N)`), so it is planned once
  // per connection and takes one of pglite-plans' slots, not one per size.
  const glyphsByIds = selectGlyph()
    .where(sql`${glyphs.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('glyphs_by_ids');

  return {
    /** One glyph with its creator's names and APK facts, live or deleted. */
    async findById(id: string): Promise<GlyphRow | undefined> {
      const [row] = await glyphById.execute({ id });
      return row as GlyphRow | undefined;
    },

    /**
     * Several glyphs by id (lowercase UUIDs), live or deleted, in one read: the glyph pages whose cache
     * entries expired together. Rows come in no particular order; an unknown id has none.
     */
    async findByIds(ids: readonly string[]): Promise<GlyphRow[]> {
      if (ids.length === 0) return [];
      const rows = await glyphsByIds.execute({ ids: [...ids] });
      return rows as GlyphRow[];
    },

    /** The id of a ready APK file the owner uploaded, by stored name. */
    async findOwnedApkFileId(ownerId: string, filename: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.ownerId, ownerId), eq(files.type, 'apks'), eq(files.filename, filename), eq(files.status, 'ready')))
        .limit(1);
      return row?.id;
    },

    /** The id of a ready animation file the owner uploaded, by stored name (issue 16). */
    async findOwnedAnimationFileId(ownerId: string, filename: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: files.id })
        .from(files)
        .where(
          and(eq(files.ownerId, ownerId), eq(files.type, 'animations'), eq(files.filename, filename), eq(files.status, 'ready')),
        )
        .limit(1);
      return row?.id;
    },

    /** Which of these image stored names exist and are ready. */
    async findReadyImageNames(ownerId: string, filenames: string[]): Promise<Set<string>> {
      if (filenames.length === 0) return new Set();
      // Only the caller's own uploads (issue 21: a borrowed image broke when its owner deleted it or left).
      const rows = await db
        .select({ filename: files.filename })
        .from(files)
        .where(
          and(
            eq(files.type, 'images'),
            eq(files.ownerId, ownerId),
            inArray(files.filename, filenames),
            eq(files.status, 'ready'),
          ),
        );
      return new Set(rows.map((row) => row.filename));
    },

    /**
     * Inserts a glyph and counts it on its creator, in one transaction (SECURITY I7). `inTransaction`
     * runs inside it (issue 19: followers are notified with the glyph, exactly once). A glyph shared
     * with an APK gets its release 1 in the same transaction (issue 18).
     */
    async insert(
      creatorId: string,
      content: GlyphContent,
      now: Date,
      inTransaction?: (tx: Tx, glyphId: string) => Promise<void>,
      initialRelease: InitialReleaseFacts = {},
    ): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(glyphs)
          .values({ ...content, tags: content.tags ?? [], license: content.license ?? null, creatorId, createdAt: now, updatedAt: now })
          .returning({ id: glyphs.id });
        if (!row) throw new Error('glyph insert returned nothing');
        // Issue 18: a glyph shared with an APK starts with that APK as its release 1.
        await insertFirstRelease(tx, row.id, content, initialRelease, now);
        await tx
          .update(users)
          .set({ glyphsCount: sql`${users.glyphsCount} + 1` })
          .where(eq(users.id, creatorId));
        await inTransaction?.(tx, row.id);
        return row.id;
      });
    },

    /**
     * Replaces a live glyph's content in one transaction that locks the glyph row (a publish of a
     * release locks it too, so the two cannot interleave). Issue 18: once a glyph has releases its APK
     * changes only through 'Publish an update' (package, version code and signer checks), so a
     * different APK here is refused; a glyph without releases that gains an APK gets it as release 1,
     * exactly like a glyph shared with one.
     * @returns 'updated'; 'gone' when it is deleted or not the creator's; 'release-required' when the
     *   APK would change on a glyph with releases (nothing is written).
     */
    async update(
      id: string,
      creatorId: string,
      content: GlyphContent,
      now: Date,
      initialRelease: InitialReleaseFacts = {},
    ): Promise<'updated' | 'gone' | 'release-required'> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ apkUrl: glyphs.apkUrl })
          .from(glyphs)
          .where(and(eq(glyphs.id, id), eq(glyphs.creatorId, creatorId), isNull(glyphs.deletedAt)))
          .for('update');
        if (!current) return 'gone';
        const releaseCount = await tx.$count(releases, eq(releases.glyphId, id));
        if (releaseCount > 0 && content.apkUrl !== current.apkUrl) return 'release-required';
        await tx
          .update(glyphs)
          .set({ ...withoutUndefinedTags(content), updatedAt: now })
          .where(eq(glyphs.id, id));
        if (releaseCount === 0) await insertFirstRelease(tx, id, content, initialRelease, now);
        return 'updated';
      });
    },

    /**
     * Soft-deletes a live glyph in one transaction (DESIGN §4.3, SECURITY I7): sets deleted_at,
     * takes it off its creator's glyphs_count, and stops serving its APK and images — the creator's
     * files it references that no other live glyph uses are marked 'deleted'.
     * `inTransaction` runs inside the same transaction (the admin module writes its audit row there).
     * @returns false when the glyph was already deleted or does not exist.
     */
    async softDelete(id: string, now: Date, inTransaction?: (tx: Tx) => Promise<void>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(glyphs)
          .set({ deletedAt: now, updatedAt: now })
          .where(and(eq(glyphs.id, id), isNull(glyphs.deletedAt)))
          .returning(glyphFileRefColumns);
        if (!row) return false;
        await tx
          .update(users)
          .set({ glyphsCount: sql`greatest(${users.glyphsCount} - 1, 0)` })
          .where(eq(users.id, row.creatorId));
        // Its APK, animation, images and toy previews stop being served (unless something live uses them).
        await moveGlyphFiles(tx, row, 'ready', 'deleted');
        await inTransaction?.(tx);
        return true;
      });
    },
  };
}

export type GlyphsRepository = ReturnType<typeof createGlyphsRepository>;
