import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { apkFileName, formatBytes, MSG, type ApkReport, type FileType, type UploadedFile } from '@glyphary/shared';
import { animationNames, isStoredName, parseStoredFileUrl, parseStoredName, storedFileUrl } from './file-urls.ts';
import { AppError, forbidden, notFound, conflict, insufficientStorage, isNoSpaceError } from '../../lib/errors.ts';
import { ids } from '../../lib/ids.ts';
import type { Viewer } from '../../plugins/access.ts';
import { ParseRefusedError, type ParsePool } from '../../lib/parse-pool.ts';
import { FileRejectedError, inspectApk, processImage, scanFile, sniffImageFormat, TOY_PREVIEW_MAX_PIXELS, TOY_PREVIEWS_MAX_PIXELS } from './file-inspect.ts';
import { isValidKey, type FileStore } from './file-store.ts';
import { ANALYSER_VERSION } from '../apk/analyse-apk.ts';
import { QuotaExceededError, type FileRow, type FilesRepository } from './files.repository.ts';

const MIME = { images: 'image/webp', apks: 'application/vnd.android.package-archive', animations: 'application/octet-stream' } as const;
const ANIMATION_MIME = { main: MIME.animations, poster: 'image/webp', preview: 'image/gif', thumbnail: 'image/webp' } as const;

/** How old an upload nothing uses may get before the file-lifetime job removes it (issue 21). */
export const UNATTACHED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** 413 for an upload past the owner's storage quota (issue 21). */
export const quotaExceeded = (quotaBytes: number) => new AppError(413, 'QUOTA_EXCEEDED', MSG.uploadQuotaExceeded(formatBytes(quotaBytes)));

/** Every stored key of a file row: the file, its thumbnail or poster, and an animation's preview. */
function storedKeysOf(row: Pick<FileRow, 'type' | 'filename' | 'thumbnail'>): string[] {
  const animation = row.type === 'animations' ? parseStoredName('animations', row.filename) : null;
  const extra = animation ? [animationNames(animation.id).preview] : [];
  return [row.filename, row.thumbnail, ...extra]
    .filter((name): name is string => Boolean(name))
    .map((name) => `${row.type}/${name}`)
    .filter(isValidKey);
}

async function sha256Of(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface IncomingUpload {
  type: FileType;
  /** The finished temp file (already streamed to disk by the route). */
  tempPath: string;
  originalName: string;
}

export interface ServableFile {
  key: string;
  mimeType: string;
  size: number;
  etag: string;
  /** For APKs: the attachment name (spec §9 download file name). */
  downloadName: string | null;
}

export interface FilesServiceDeps {
  files: FilesRepository;
  store: FileStore;
  /** Where APKs are analysed, off the event loop. */
  parse: ParsePool;
  /** FILE_SCAN_COMMAND: the malware-scan hook (SECURITY "Uploads"). */
  scanCommand: string | undefined;
  /** UPLOAD_QUOTA_BYTES: what one user's stored files may take (issue 21); 0 = no quota. */
  quotaBytes?: number;
}

/** Keys being moved into the store whose row is not inserted yet; the sweeper leaves them alone. */
const inflightKeys = new Set<string>();

/** Uploaded files: store, delete, serve (spec §7 upload-file, delete-file, files). */
export function createFilesService({ files, store, parse, scanCommand, quotaBytes = 0 }: FilesServiceDeps) {

  /** The early quota check, before any work (the insert transaction checks again, exactly). */
  async function assertRoom(ownerId: string, bytes: number): Promise<void> {
    if (quotaBytes > 0 && (await files.storageUsedBy(ownerId)) + bytes > quotaBytes) throw quotaExceeded(quotaBytes);
  }

  async function removeQuietly(paths: string[]): Promise<void> {
    await Promise.all(paths.map((p) => fsp.rm(p, { force: true }).catch(() => undefined)));
  }

  /** Moves temp files into the store and inserts the row (and its parts' rows); on failure nothing is left behind. */
  async function commit(
    entries: Array<{ key: string; tempPath: string }>,
    row: Parameters<FilesRepository['insert']>[0],
    parts: Array<Parameters<FilesRepository['insert']>[0]> = [],
    write: () => Promise<FileRow> = () => files.insertWithParts(row, parts, quotaBytes),
  ): Promise<FileRow> {
    for (const entry of entries) inflightKeys.add(entry.key);
    try {
      // SECURITY R1: fsync, rename, and only then insert the row.
      for (const entry of entries) await store.put(entry.key, entry.tempPath);
      return await write();
    } catch (error) {
      await Promise.all(entries.map((entry) => store.delete(entry.key).catch(() => undefined)));
      if (error instanceof QuotaExceededError) throw quotaExceeded(error.quotaBytes);
      throw error;
    } finally {
      for (const entry of entries) inflightKeys.delete(entry.key);
    }
  }

  /**
   * Issue 15: analyses an APK on disk and prepares its toy previews (re-encoded like any image, so
   * a hostile drawable is decoded with the same bounds). Nothing is stored here.
   * @throws AppError 422 when the APK is malformed or hostile.
   */
  async function prepareApk(apkPath: string, ownerId: string, produced: string[]) {
    let analysis;
    try {
      analysis = await parse.run('apk', apkPath);
    } catch (error) {
      if (error instanceof ParseRefusedError) throw new AppError(error.status, 'APK_INVALID', error.message);
      throw error;
    }
    const report: ApkReport = { ...analysis.report, toys: analysis.report.toys.map((toy) => ({ ...toy })) };
    const entries: Array<{ key: string; tempPath: string }> = [];
    const parts: Array<Parameters<FilesRepository['insert']>[0]> = [];
    let previewPixels = 0;
    for (const [index, bytes] of analysis.previews.entries()) {
      const toy = report.toys[index];
      if (!bytes || !toy) continue;
      const previewId = ids.uuid();
      const source = path.join(store.tempDir, `${previewId}.src.part`);
      const target = path.join(store.tempDir, `${previewId}.webp.part`);
      const thumbTarget = path.join(store.tempDir, `${previewId}-thumb.webp.part`);
      produced.push(source, target, thumbTarget);
      await fsp.writeFile(source, bytes);
      let image;
      try {
        const remaining = TOY_PREVIEWS_MAX_PIXELS - previewPixels;
        image = await processImage(source, target, thumbTarget, Math.min(TOY_PREVIEW_MAX_PIXELS, remaining));
        previewPixels += image.sourcePixels;
      } catch (error) {
        // An undecodable or oversized preview (or one past the APK's total) is left out, not fatal.
        if (error instanceof FileRejectedError) continue;
        throw error;
      }
      const filename = `${previewId}.webp`;
      const thumbnail = `${previewId}-thumb.webp`;
      entries.push({ key: `images/${filename}`, tempPath: target }, { key: `images/${thumbnail}`, tempPath: thumbTarget });
      parts.push({
        ownerId,
        type: 'images',
        filename,
        thumbnail,
        originalName: `toy-preview-${index + 1}.webp`,
        mimeType: MIME.images,
        size: (await fsp.stat(target)).size,
        sha256: await sha256Of(target),
        width: image.width,
        height: image.height,
      });
      toy.imageUrl = storedFileUrl('images', filename);
    }
    return { report, entries, parts };
  }

  /**
   * Resolves a served file: strict name pattern first, then the row (type from the database).
   * Quarantined, deleted (including files of deleted glyphs) and unknown files are not found.
   * @throws AppError 404 'File not found'.
   */
  async function openForServing(type: string, name: string): Promise<ServableFile> {
    const ref = parseStoredName(type, name);
    if (!ref) throw notFound(MSG.fileNotFound);
    const animation = ref.type === 'animations' ? ref : null;
    const row = animation ? await files.findByFilename(type, animation.mainName) : await files.findByStoredName(type, name);
    if (!row || row.status !== 'ready') throw notFound(MSG.fileNotFound);
    const key = `${type}/${name}`;
    const stat = await store.stat(key);
    if (!stat) throw notFound(MSG.fileNotFound);
    let downloadName: string | null = null;
    if (type === 'apks') {
      const title = await files.findLiveGlyphTitleForApk(row.id);
      downloadName = apkFileName(title ?? row.originalName.replace(/\.apk$/i, ''));
    }
    const isThumb = name !== row.filename;
    if (animation) {
      const suffix = animation.part === 'main' ? '' : name.slice(animation.id.length);
      return { key, mimeType: ANIMATION_MIME[animation.part], size: stat.size, etag: `"${row.sha256.slice(0, 32)}${suffix}"`, downloadName: null };
    }
    return {
      key,
      mimeType: isThumb ? MIME.images : row.mimeType,
      size: stat.size,
      etag: `"${isThumb ? `${row.sha256.slice(0, 32)}-t` : row.sha256.slice(0, 32)}"`,
      downloadName,
    };
  }

  return {
    /** Moves produced files into the store and inserts their row (the animations module, issue 16). */
    commit,
    /** The owner's storage quota in bytes (0 = none), for writers that insert their own rows (animations). */
    quotaBytes,
    /** @throws AppError 413 QUOTA_EXCEEDED when `bytes` more would not fit in the owner's quota. */
    assertRoom,
    /** Issue 15: analyses an APK file (no storing) — the entry point releases (issue 18) reuse. */
    prepareApk,

    /**
     * Issue 15 migration path: analyses stored APKs that have no report yet, a batch at a time,
     * while the server keeps serving (rows are updated one by one; uploads are unaffected).
     * A stored APK the analyser refuses keeps a null report; its id is returned so the caller skips it.
     * @returns how many were analysed, the ids that failed, and whether more may remain.
     */
    async analyseStoredApks(
      skip: ReadonlySet<string> = new Set(),
      limit = 50,
    ): Promise<{ analysed: number; refreshed: number; failedIds: string[]; remaining: boolean }> {
      const rows = await files.findUnanalysedApks(limit, [...skip], ANALYSER_VERSION);
      let analysed = 0;
      let refreshed = 0;
      const failedIds: string[] = [];
      for (const row of rows) {
        const tempPath = store.createTempPath();
        const produced: string[] = [tempPath];
        try {
          await pipeline(store.stream(`apks/${row.filename}`), fs.createWriteStream(tempPath, { flags: 'wx' }));
          const old = row.apkReport;
          if (old) {
            // A report an older analyser wrote: read again, keeping the toy previews already stored.
            const fresh = (await parse.run('apk', tempPath)).report;
            const toys = fresh.toys.map((toy) => ({ ...toy, imageUrl: old.toys.find((o) => o.service === toy.service)?.imageUrl ?? null }));
            if (await files.replaceApkReport(row.id, { ...fresh, toys }, ANALYSER_VERSION)) refreshed += 1;
          } else {
            const { report, entries, parts } = await prepareApk(tempPath, row.ownerId, produced);
            await commit(entries, { ...row }, parts, async () => {
              await files.setApkReport(row.id, report, parts);
              return row;
            });
          }
          analysed += 1;
        } catch {
          failedIds.push(row.id);
        } finally {
          await removeQuietly(produced);
        }
      }
      return { analysed, refreshed, failedIds, remaining: rows.length === limit };
    },

    /**
     * Inspects, scans and stores an upload (DESIGN §4.9). Images are sniffed from content,
     * pixel-bounded and re-encoded to WebP with a thumbnail; APKs must be real ZIPs with a manifest.
     * The temp file is always removed.
     * @throws AppError 400 empty, 415 wrong content, 413 pixel bomb, 422 bad APK or flagged by the scan.
     */
    async upload(viewer: Viewer, upload: IncomingUpload): Promise<UploadedFile> {
      const id = ids.uuid();
      const produced: string[] = [];
      try {
        const stats = await fsp.stat(upload.tempPath);
        if (stats.size === 0) throw new AppError(400, 'EMPTY_FILE', MSG.fileEmpty);
        await assertRoom(viewer.id, stats.size);
        const originalName = upload.originalName.slice(0, 255) || 'upload';

        if (!(await scanFile(upload.tempPath, scanCommand))) {
          // Fails closed: keep the evidence under a name that is never served, and refuse.
          const name = `${id}.quarantined`;
          await commit([{ key: `${upload.type}/${name}`, tempPath: upload.tempPath }], {
            ownerId: viewer.id,
            type: upload.type,
            filename: name,
            originalName,
            mimeType: 'application/octet-stream',
            size: stats.size,
            sha256: await sha256Of(upload.tempPath).catch(() => ''),
            status: 'quarantined',
          });
          throw new AppError(422, 'FILE_QUARANTINED', MSG.fileQuarantined);
        }

        if (upload.type === 'images') {
          if (!(await sniffImageFormat(upload.tempPath))) throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', MSG.fileTypeImage);
          const filename = `${id}.webp`;
          const thumbnail = `${id}-thumb.webp`;
          const target = path.join(store.tempDir, `${id}.webp.part`);
          const thumbTarget = path.join(store.tempDir, `${id}-thumb.webp.part`);
          produced.push(target, thumbTarget);
          const image = await processImage(upload.tempPath, target, thumbTarget);
          const size = (await fsp.stat(target)).size;
          const sha256 = await sha256Of(target);
          await commit(
            [
              { key: `images/${filename}`, tempPath: target },
              { key: `images/${thumbnail}`, tempPath: thumbTarget },
            ],
            { ownerId: viewer.id, type: 'images', filename, thumbnail, originalName, mimeType: MIME.images, size, sha256, width: image.width, height: image.height },
          );
          return { url: storedFileUrl('images', filename), thumbnail: storedFileUrl('images', thumbnail), filename, type: 'images', size, sha256 };
        }

        await inspectApk(upload.tempPath);
        // Issue 15: the report is made before anything is stored; a hostile APK stores nothing (422).
        const { report, entries, parts } = await prepareApk(upload.tempPath, viewer.id, produced);
        const filename = `${id}.apk`;
        const sha256 = report.sha256;
        await commit(
          [{ key: `apks/${filename}`, tempPath: upload.tempPath }, ...entries],
          { ownerId: viewer.id, type: 'apks', filename, originalName, mimeType: MIME.apks, size: stats.size, sha256, apkReport: report },
          parts,
        );
        return { url: storedFileUrl('apks', filename), thumbnail: null, filename, type: 'apks', size: stats.size, sha256, apk: report };
      } catch (error) {
        if (error instanceof FileRejectedError) throw new AppError(error.status, 'FILE_REJECTED', error.message);
        // A full disk while re-encoding or storing (SECURITY R7): a clear 507, and `finally` removes the parts.
        if (isNoSpaceError(error)) throw insufficientStorage();
        throw error;
      } finally {
        await removeQuietly([upload.tempPath, ...produced]);
      }
    },

    /**
     * Deletes an uploaded file: its owner or an admin (SECURITY matrix). A file a live glyph uses is kept.
     * @throws AppError 404 unknown, 403 not the owner, 409 still used by a glyph.
     */
    async deleteFile(viewer: Viewer, input: { type: FileType; filename: string }): Promise<void> {
      const row = isStoredName(input.type, input.filename) ? await files.findByFilename(input.type, input.filename) : undefined;
      if (!row) throw notFound(MSG.fileNotFound);
      if (row.ownerId !== viewer.id && !viewer.isAdmin) throw forbidden();
      if (!(await files.deleteUnused(row))) throw conflict(MSG.fileInUse, 'FILE_IN_USE');
      // Issue 15: an APK's toy previews go with it (each only if no live glyph uses it otherwise).
      for (const toy of row.apkReport?.toys ?? []) {
        const ref = toy.imageUrl ? parseStoredFileUrl(toy.imageUrl) : null;
        const preview = ref?.type === 'images' ? await files.findByFilename('images', ref.name) : undefined;
        if (preview && (await files.deleteUnused(preview))) {
          await Promise.all([preview.filename, preview.thumbnail].filter((n): n is string => Boolean(n)).map((n) => store.delete(`images/${n}`)));
        }
      }
      await Promise.all(storedKeysOf(row).map((key) => store.delete(key)));
    },

    /**
     * Removes uploads never attached to anything once they are older than a day (issue 21): the rows in
     * batches, then their stored objects (a crash in between leaves objects the orphan sweep removes).
     * @returns how many files were removed.
     */
    async sweepUnattached({ now, maxAgeMs = UNATTACHED_UPLOAD_MAX_AGE_MS }: { now: Date; maxAgeMs?: number }): Promise<number> {
      const before = new Date(now.getTime() - maxAgeMs);
      let removed = 0;
      // A pass can free more (an APK's toy previews once the APK is gone): repeat while rows go, bounded.
      for (let pass = 0; pass < 20; pass += 1) {
        const rows = await files.deleteUnattached(before, 500);
        for (const row of rows) await Promise.all(storedKeysOf(row).map((key) => store.delete(key).catch(() => undefined)));
        removed += rows.length;
        if (rows.length === 0) break;
      }
      return removed;
    },

    openForServing,

    /**
     * Removes temp files older than `tempMaxAgeMs` and stored files that have no `files` row
     * (SECURITY I5, R1, R9). Run at boot and after an account deletion. Idempotent.
     * @returns how many files were removed.
     */
    async sweep({ now, tempMaxAgeMs }: { now: Date; tempMaxAgeMs: number }): Promise<number> {
      let removed = 0;
      let tempNames: string[];
      try {
        tempNames = await fsp.readdir(store.tempDir);
      } catch {
        tempNames = [];
      }
      for (const name of tempNames) {
        const full = path.join(store.tempDir, name);
        try {
          const stats = await fsp.stat(full);
          if (now.getTime() - stats.mtime.getTime() >= tempMaxAgeMs) {
            await fsp.rm(full, { force: true, recursive: true });
            removed += 1;
          }
        } catch {
          // gone meanwhile
        }
      }
      for (const type of ['images', 'apks', 'animations'] as const) {
        const batch: string[] = [];
        const flush = async () => {
          const known = await files.knownStoredNames(type, batch);
          if (type === 'animations') {
            for (const name of [...known]) {
              const ref = parseStoredName(type, name);
              if (ref?.part === 'main') known.add(animationNames(ref.id).preview);
            }
          }
          for (const name of batch) {
            const key = `${type}/${name}`;
            if (!known.has(name) && !inflightKeys.has(key)) {
              await store.delete(key);
              removed += 1;
            }
          }
          batch.length = 0;
        };
        for await (const object of store.list(`${type}/`)) {
          if (!isValidKey(object.key) || inflightKeys.has(object.key)) continue;
          batch.push(object.key.slice(type.length + 1));
          if (batch.length >= 500) await flush();
        }
        await flush();
      }
      return removed;
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
