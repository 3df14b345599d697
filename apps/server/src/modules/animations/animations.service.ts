import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { AnimationImportFieldsSchema, checkFlashing, encodeAnimation, MSG, type UploadedAnimation } from '@glyphary/shared';
import { AppError, badRequest, insufficientStorage, isNoSpaceError } from '../../lib/errors.ts';
import { ids } from '../../lib/ids.ts';
import type { Viewer } from '../../plugins/access.ts';
import { scanFile } from '../files/file-inspect.ts';
import type { FileStore } from '../files/file-store.ts';
import { animationNames, storedFileUrl } from '../files/file-urls.ts';
import type { FilesService } from '../files/files.service.ts';
import { AnimationImportError, importAnimation } from './animation-import.ts';
import { renderPoster, renderPreview } from './animation-render.ts';
import type { AnimationsRepository } from './animations.repository.ts';

export interface AnimationsServiceDeps {
  files: FilesService;
  store: FileStore;
  animations: AnimationsRepository;
  scanCommand: string | undefined;
}

export interface IncomingAnimation {
  tempPath: string;
  originalName: string;
  /** The multipart text fields other than `type` (the import controls). */
  fields: Record<string, string>;
}

/**
 * Animation uploads (issue 16): import → photosensitivity check → GLYA frames + poster + preview,
 * stored as one `files` row of type 'animations' with its facts in `animations`. Nothing is stored
 * when any step fails; the temp file is always removed.
 */
export function createAnimationsService({ files, store, animations, scanCommand }: AnimationsServiceDeps) {
  return {
    /** @throws AppError 400 bad controls or JSON, 413 too big, 415 unsupported or unreadable, 422 out of bounds or flagged by the scan. */
    async upload(viewer: Viewer, upload: IncomingAnimation): Promise<UploadedAnimation> {
      const produced: string[] = [];
      try {
        const parsed = AnimationImportFieldsSchema.safeParse(upload.fields);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MSG.invalidRequest);
        // Issue 21: the owner's storage quota, before the import's work (checked again, exactly, at insert).
        await files.assertRoom(viewer.id, (await fsp.stat(upload.tempPath)).size);
        if (!(await scanFile(upload.tempPath, scanCommand))) throw new AppError(422, 'FILE_QUARANTINED', MSG.fileQuarantined);
        const { animation } = await importAnimation(upload.tempPath, parsed.data);
        const flash = checkFlashing(animation);
        const bytes = encodeAnimation(animation);
        const poster = await renderPoster(animation);
        // A shared link must never autoplay a strobe: a flashing animation gets no animated preview.
        const preview = flash.flashing ? null : await renderPreview(animation);

        const id = ids.uuid();
        const names = animationNames(id);
        const write = async (name: string, data: Uint8Array) => {
          const target = path.join(store.tempDir, `${name}.part`);
          produced.push(target);
          await fsp.writeFile(target, data);
          return { key: `animations/${name}`, tempPath: target };
        };
        const entries = [await write(names.filename, bytes), await write(names.poster, poster)];
        if (preview) entries.push(await write(names.preview, preview));
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        const durationMs = animation.frames.reduce((sum, frame) => sum + frame.durationMs, 0);
        const fileRow = {
          ownerId: viewer.id,
          type: 'animations',
          filename: names.filename,
          thumbnail: names.poster,
          originalName: upload.originalName.slice(0, 255) || 'animation',
          mimeType: 'application/octet-stream',
          size: bytes.length,
          sha256,
          width: animation.size,
          height: animation.size,
        };
        // The stored objects first, then the file row and the facts in one transaction (SECURITY R1).
        await files.commit(entries, fileRow, [], () =>
          animations.insertWithFile(fileRow, {
            filename: names.filename,
            poster: names.poster,
            preview: preview ? names.preview : null,
            matrixSize: animation.size,
            frameCount: animation.frames.length,
            durationMs,
            flashing: flash.flashing,
            flashAtMs: flash.flashAtMs,
          }, files.quotaBytes),
        );
        return {
          url: storedFileUrl('animations', names.filename),
          thumbnail: storedFileUrl('animations', names.poster),
          filename: names.filename,
          type: 'animations',
          size: bytes.length,
          sha256,
          animation: { width: animation.size, height: animation.size, frameCount: animation.frames.length, durationMs, flashing: flash.flashing, flashAtMs: flash.flashAtMs },
        };
      } catch (error) {
        if (error instanceof AnimationImportError) throw new AppError(error.status, 'ANIMATION_REJECTED', error.message);
        if (isNoSpaceError(error)) throw insufficientStorage();
        throw error;
      } finally {
        await Promise.all([upload.tempPath, ...produced].map((p) => fsp.rm(p, { force: true }).catch(() => undefined)));
      }
    },
  };
}

export type AnimationsService = ReturnType<typeof createAnimationsService>;
