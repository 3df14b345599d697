import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { files, glyphs } from '../../db/schema/index.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

/** Data access for uploaded files (the `files` table). */
export function createFilesRepository(db: Db) {
  return {
    async insert(values: NewFileRow): Promise<FileRow> {
      const [row] = await db.insert(files).values(values).returning();
      if (!row) throw new Error('file insert returned nothing');
      return row;
    },

    /** Inserts a file with the rows that belong to it (an APK's toy previews) in one transaction. */
    async insertWithParts(values: NewFileRow, parts: NewFileRow[]): Promise<FileRow> {
      if (parts.length === 0) return this.insert(values);
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(files).values(values).returning();
        if (!row) throw new Error('file insert returned nothing');
        await tx.insert(files).values(parts);
        return row;
      });
    },

    /** Issue 15 re-analysis: APK rows without a report, oldest first, a batch at a time. */
    async findUnanalysedApks(limit: number, skipIds: string[] = []): Promise<FileRow[]> {
      return db
        .select()
        .from(files)
        .where(and(eq(files.type, 'apks'), eq(files.status, 'ready'), isNull(files.apkReport), skipIds.length > 0 ? notInArray(files.id, skipIds) : undefined))
        .orderBy(files.createdAt)
        .limit(limit);
    },

    /** Stores a report (and its preview rows) on an existing APK row, only if it still has none. */
    async setApkReport(fileId: string, report: NonNullable<FileRow['apkReport']>, parts: NewFileRow[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(files)
          .set({ apkReport: report })
          .where(and(eq(files.id, fileId), isNull(files.apkReport)))
          .returning({ id: files.id });
        if (updated.length === 0) return false;
        if (parts.length > 0) await tx.insert(files).values(parts);
        return true;
      });
    },

    /** The row of a stored name (main file or its thumbnail) in a folder. */
    async findByStoredName(type: string, name: string): Promise<FileRow | undefined> {
      const [row] = await db
        .select()
        .from(files)
        .where(and(eq(files.type, type), or(eq(files.filename, name), eq(files.thumbnail, name))))
        .limit(1);
      return row;
    },

    async findByFilename(type: string, filename: string, tx: DbOrTx = db): Promise<FileRow | undefined> {
      const [row] = await tx
        .select()
        .from(files)
        .where(and(eq(files.type, type), eq(files.filename, filename)))
        .limit(1);
      return row;
    },

    /** The title of the live glyph that ships this APK, for the download name (spec §9). */
    async findLiveGlyphTitleForApk(fileId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ title: glyphs.title })
        .from(glyphs)
        .where(and(eq(glyphs.apkFileId, fileId), isNull(glyphs.deletedAt)))
        .limit(1);
      return row?.title;
    },

    /** True when a live glyph uses the file as its APK, its animation or one of its images. */
    async isUsedByLiveGlyph(file: FileRow): Promise<boolean> {
      const url = `/api/files/${file.type}/${file.filename}`;
      const rows = await db
        .select({ id: glyphs.id })
        .from(glyphs)
        .where(
          and(
            isNull(glyphs.deletedAt),
            or(eq(glyphs.apkFileId, file.id), eq(glyphs.animationFileId, file.id), sql`${glyphs.images} @> ${JSON.stringify([url])}::jsonb`, eq(glyphs.apkUrl, url)),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Deletes the row only if it is still not used by a live glyph (one statement: no race with an upload). */
    async deleteUnused(file: FileRow): Promise<boolean> {
      const url = `/api/files/${file.type}/${file.filename}`;
      const deleted = await db
        .delete(files)
        .where(
          and(
            eq(files.id, file.id),
            sql`not exists (select 1 from ${glyphs} where ${glyphs.deletedAt} is null and (${glyphs.apkFileId} = ${file.id} or ${glyphs.animationFileId} = ${file.id} or ${glyphs.images} @> ${JSON.stringify([url])}::jsonb or ${glyphs.apkUrl} = ${url}))`,
          ),
        )
        .returning({ id: files.id });
      return deleted.length > 0;
    },

    /** Which of these stored names (main or thumbnail) have a row; the sweeper removes the rest. */
    async knownStoredNames(type: string, names: string[]): Promise<Set<string>> {
      if (names.length === 0) return new Set();
      const rows = await db
        .select({ filename: files.filename, thumbnail: files.thumbnail })
        .from(files)
        .where(and(eq(files.type, type), or(inArray(files.filename, names), inArray(files.thumbnail, names))));
      const known = new Set<string>();
      for (const row of rows) {
        known.add(row.filename);
        if (row.thumbnail) known.add(row.thumbnail);
      }
      return known;
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
