import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../db/client.ts';
import type { FileType } from '@glyphary/shared';
import { files, glyphs } from '../../db/schema/index.ts';
import { storedFileUrl, storedFileUrlSql } from './file-urls.ts';

export type FileRow = typeof files.$inferSelect;

/** A stored report written by an analyser older than `version` (reports without the field are version 1). */
const olderReport = (version: number) => sql`coalesce((${files.apkReport} ->> 'analyser')::int, 1) < ${version}`;
export type NewFileRow = typeof files.$inferInsert;

/** Thrown inside an upload's transaction when it would take its owner past UPLOAD_QUOTA_BYTES (issue 21). */
export class QuotaExceededError extends Error {
  readonly quotaBytes: number;
  constructor(quotaBytes: number) {
    super('upload quota exceeded');
    this.quotaBytes = quotaBytes;
  }
}

/** Bytes an owner's stored files take (files of deleted glyphs, no longer served, are not counted). */
export async function storageUsedBy(tx: DbOrTx, ownerId: string): Promise<number> {
  const [row] = await queryRows<{ used: string | number | null }>(
    tx,
    sql`select coalesce(sum(size), 0) as used from files where owner_id = ${ownerId} and status <> 'deleted'`,
  );
  return Number(row?.used ?? 0);
}

/**
 * Inside an upload's insert transaction: holds the owner's quota lock until commit (two uploads of one
 * user on any instance are checked one after the other) and refuses when the new bytes do not fit.
 * `quotaBytes` 0 means no quota.
 */
export async function reserveQuota(tx: Tx, ownerId: string, bytes: number, quotaBytes: number): Promise<void> {
  if (quotaBytes <= 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload-quota:${ownerId}`}))`);
  if ((await storageUsedBy(tx, ownerId)) + bytes > quotaBytes) throw new QuotaExceededError(quotaBytes);
}

/**
 * The uploads nobody attached (issue 21): ready files older than `before` that no glyph (live or deleted),
 * release, profile picture or banner, request reference, or APK report (toy previews) names.
 */
const fileUrl = storedFileUrlSql('f');
const unattached = (before: Date) => sql`
  f.status = 'ready' and f.created_at < ${before.toISOString()}::timestamptz
  and not exists (
    select 1 from glyphs g
    where g.apk_file_id = f.id or g.animation_file_id = f.id
       or g.images @> jsonb_build_array(${fileUrl})
       or g.apk_url = ${fileUrl})
  and not exists (select 1 from releases r where r.file_id = f.id or r.apk_url = ${fileUrl})
  and not exists (
    select 1 from users u
    where u.image = ${fileUrl} or u.banner_image = ${fileUrl})
  -- Request references are stored as given (relative or on the product host): a suffix match keeps both.
  and not exists (
    select 1 from glyph_requests q, jsonb_array_elements_text(q.reference_images || q.reference_files) ref
    where right(ref, length(${fileUrl})) = ${fileUrl})
  and not exists (
    select 1 from files a
    where a.type = 'apks' and a.apk_report -> 'toys' @> jsonb_build_array(jsonb_build_object('imageUrl', ${fileUrl})))`;

/** Data access for uploaded files (the `files` table). */
export function createFilesRepository(db: Db) {
  return {
    async insert(values: NewFileRow): Promise<FileRow> {
      const [row] = await db.insert(files).values(values).returning();
      if (!row) throw new Error('file insert returned nothing');
      return row;
    },

    /**
     * Inserts a file with the rows that belong to it (an APK's toy previews) in one transaction, within
     * the owner's storage quota (`quotaBytes`, 0 = none).
     * @throws QuotaExceededError when they do not fit; nothing is inserted.
     */
    async insertWithParts(values: NewFileRow, parts: NewFileRow[], quotaBytes = 0): Promise<FileRow> {
      return db.transaction(async (tx) => {
        await reserveQuota(tx, values.ownerId, [values, ...parts].reduce((sum, row) => sum + row.size, 0), quotaBytes);
        const [row] = await tx.insert(files).values(values).returning();
        if (!row) throw new Error('file insert returned nothing');
        if (parts.length > 0) await tx.insert(files).values(parts);
        return row;
      });
    },

    /**
     * Issue 15/50 re-analysis: APK rows without a report or with one an older analyser wrote (no
     * `analyser` field: version 1), oldest first, a batch at a time.
     */
    async findUnanalysedApks(limit: number, skipIds: string[] = [], version = 1): Promise<FileRow[]> {
      return db
        .select()
        .from(files)
        .where(
          and(
            eq(files.type, 'apks'),
            eq(files.status, 'ready'),
            or(isNull(files.apkReport), olderReport(version)),
            skipIds.length > 0 ? notInArray(files.id, skipIds) : undefined,
          ),
        )
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

    /** Replaces a report an older analyser wrote (its toy previews stay), only if no newer one replaced it meanwhile. */
    async replaceApkReport(fileId: string, report: NonNullable<FileRow['apkReport']>, version: number): Promise<boolean> {
      const updated = await db
        .update(files)
        .set({ apkReport: report })
        .where(and(eq(files.id, fileId), olderReport(version)))
        .returning({ id: files.id });
      return updated.length > 0;
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
      const url = storedFileUrl(file.type as FileType, file.filename);
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
      const url = storedFileUrl(file.type as FileType, file.filename);
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

    /** Bytes the owner's stored files take (the quota's measure). */
    async storageUsedBy(ownerId: string): Promise<number> {
      return storageUsedBy(db, ownerId);
    },

    /**
     * Deletes up to `limit` rows of uploads never attached to anything and older than `before` (issue 21),
     * in one statement. @returns the deleted rows, whose stored objects the caller removes.
     */
    async deleteUnattached(before: Date, limit: number): Promise<Array<Pick<FileRow, 'id' | 'type' | 'filename' | 'thumbnail'>>> {
      return queryRows<Pick<FileRow, 'id' | 'type' | 'filename' | 'thumbnail'>>(
        db,
        sql`delete from files where id in (select f.id from files f where ${unattached(before)} order by f.created_at limit ${limit})
            returning id, type, filename, thumbnail`,
      );
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
