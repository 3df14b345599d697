import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { z } from 'zod';
import { FILE_TYPES, MAX_FILE_BYTES, MSG, SuccessSchema, UploadFileAnswerSchema, type FileType } from '@glyphary/shared';
import { AppError, badRequest, insufficientStorage, isNoSpaceError, payloadTooLarge, tooManyRequests, unsupportedMediaType } from '../../lib/errors.ts';
import { failingStream } from '../../lib/failpoints.ts';
import { getViewer, requireViewer } from '../../plugins/access.ts';
import type { AnimationsService } from '../animations/animations.service.ts';
import type { Auth } from '../auth/auth.ts';
import type { FileStore } from './file-store.ts';
import type { FilesService, ServableFile } from './files.service.ts';

export interface FilesRoutesOptions {
  files: FilesService;
  /** Issue 16: `type=animations` uploads. */
  animations: AnimationsService;
  store: FileStore;
  auth: Auth;
  /** UPLOAD_RATE_LIMIT: uploads per user per hour (SECURITY "Throttling"). */
  uploadsPerHour: number;
  /** Shared counters for that limit when several instances run (issue 11); in-process when absent. */
  rateLimitStore?: FastifyRateLimitStoreCtor | undefined;
}

const DeleteFileBody = z.object({
  filename: z.string({ error: MSG.fileNotFound }).max(200, MSG.fileNotFound),
  type: z.enum(FILE_TYPES, { error: MSG.fileTypeInvalid }),
});

/** The import controls an animation upload may carry (issue 16, `AnimationImportFieldsSchema`). */
const ANIMATION_FIELDS = new Set(['size', 'brightness', 'contrast', 'invert', 'speed']);

const ServeParams = z.object({ type: z.string(), filename: z.string() });

function isFileType(value: string): value is FileType {
  return (FILE_TYPES as readonly string[]).includes(value);
}

/** Parses `bytes=a-b` (one range). @returns the range, 'unsatisfiable', or null to send everything. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null; // multiple or malformed ranges: send the whole file (RFC 9110 allows ignoring)
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start > end || start >= size) return 'unsatisfiable';
  return { start, end };
}

/** spec §7 file calls: POST /upload-file, DELETE /delete-file and GET /api/files/{type}/{filename}. */
export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (app, { files, animations, store, auth, uploadsPerHour, rateLimitStore }) => {
  /** The whole answer for one served file: 304, 416, 206 or 200, streamed from the store. */
  function sendFile(request: FastifyRequest, reply: FastifyReply, file: ServableFile): FastifyReply {
    void reply.headers({
      'content-type': file.mimeType,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: file.etag,
      'accept-ranges': 'bytes',
      'content-disposition': file.downloadName ? `attachment; filename="${file.downloadName}"` : 'inline',
    });
    if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
    const range = parseRange(request.headers.range, file.size);
    if (range === 'unsatisfiable') {
      return reply.status(416).type('application/json').header('content-disposition', 'inline').header('content-range', `bytes */${file.size}`).send({ error: 'Range not satisfiable', code: 'RANGE_NOT_SATISFIABLE' });
    }
    if (range) {
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('content-length', String(range.end - range.start + 1))
        .send(store.stream(file.key, range));
    }
    return reply.header('content-length', String(file.size)).send(store.stream(file.key));
  }

  // Encapsulated here: only this plugin's routes accept multipart (SECURITY "Origins": uploads only multipart).
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
  await app.register(rateLimit, { global: false, ...(rateLimitStore ? { store: rateLimitStore } : {}) });

  app.post(
    '/api/upload-file',
    {
      config: {
        access: 'user',
        rateLimit: {
          max: uploadsPerHour,
          timeWindow: 60 * 60 * 1000,
          hook: 'preHandler',
          keyGenerator: async (request) => `upload:${(await getViewer(request, auth))?.id ?? request.ip}`,
          errorResponseBuilder: (_request, context) => tooManyRequests(MSG.uploadRateLimited, context.ttl / 1000),
        },
      },
      schema: {
        tags: ['files'],
        summary: 'Upload an image, an APK or an animation (multipart: file, type; animations also size, brightness, contrast, invert, speed)',
        description:
          'type=animations takes Glyph Matrix Developer Kit JSON, animated GIF/WebP, APNG or a still PNG/JPEG/WebP (at most 8MB), ' +
          'resampled to the round matrix; `url` then serves the frames in the GLYA wire format and `thumbnail` is the still poster.',
        consumes: ['multipart/form-data'],
        response: { 200: UploadFileAnswerSchema },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      if (!request.isMultipart()) throw unsupportedMediaType('Send the file as multipart/form-data');
      const tempPath = store.createTempPath();
      let type: string | undefined;
      let originalName: string | undefined;
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (type !== undefined && !isFileType(type)) throw badRequest(MSG.fileTypeInvalid);
            originalName = part.filename;
            // Streamed to disk, never buffered whole (SECURITY "Uploads").
            // FAILPOINTS=upload_write:enospc puts a stage here that fails like a full disk (SECURITY R7).
            const failing = failingStream('upload_write');
            if (failing) await pipeline(part.file, failing, fs.createWriteStream(tempPath, { flags: 'wx' }));
            else await pipeline(part.file, fs.createWriteStream(tempPath, { flags: 'wx' }));
            if (part.file.truncated) throw payloadTooLarge(MSG.fileTooLarge);
          } else if (part.fieldname === 'type') {
            type = String(part.value);
          } else if (ANIMATION_FIELDS.has(part.fieldname)) {
            fields[part.fieldname] = String(part.value);
          }
        }
        if (originalName === undefined) throw badRequest(MSG.fileMissing);
        if (type === undefined || !isFileType(type)) throw badRequest(MSG.fileTypeInvalid);
      } catch (error) {
        await fsp.rm(tempPath, { force: true });
        const code = (error as { code?: string }).code;
        if (error instanceof AppError) throw error;
        if (isNoSpaceError(error)) throw insufficientStorage();
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(MSG.fileTooLarge);
        if (code === 'FST_FILES_LIMIT') throw badRequest(MSG.onlyOneFile);
        if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(MSG.invalidRequest);
        // A client that went away or sent a truncated form leaves nothing behind (SECURITY "aborted uploads").
        throw badRequest(MSG.uploadInterrupted, 'UPLOAD_INTERRUPTED');
      }
      if (type === 'animations') return animations.upload(viewer, { tempPath, originalName, fields });
      return files.upload(viewer, { type, tempPath, originalName });
    },
  );

  // Issue 15/50: analyses stored APKs that predate the analyser, or that an older analyser read (the
  // code findings), with no downtime: rows are updated one by one while the server serves. Bounded
  // per call; call again while `remaining` is true. `refreshed` counts the older reports replaced.
  app.post(
    '/api/admin/analyse-apks',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Analyse stored APKs that have no report, or one an older analyser wrote (issues 15, 50)',
        response: {
          200: z.object({ success: z.literal(true), analysed: z.number().int(), refreshed: z.number().int(), failed: z.number().int(), remaining: z.boolean() }),
        },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      const skip = new Set<string>();
      let analysed = 0;
      let refreshed = 0;
      let remaining = true;
      for (let batch = 0; batch < 20 && remaining; batch += 1) {
        const result = await files.analyseStoredApks(skip);
        analysed += result.analysed;
        refreshed += result.refreshed;
        for (const id of result.failedIds) skip.add(id);
        remaining = result.remaining;
      }
      request.log.info({ actor: viewer.id, action: 'analyse-apks', analysed, refreshed, failed: skip.size }, 'admin action');
      return { success: true as const, analysed, refreshed, failed: skip.size, remaining };
    },
  );

  app.delete(
    '/api/delete-file',
    {
      config: { access: 'user' },
      schema: { tags: ['files'], summary: 'Delete an uploaded file (owner or admin)', body: DeleteFileBody, response: { 200: SuccessSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      await files.deleteFile(viewer, request.body);
      return { success: true as const };
    },
  );

  app.get(
    '/api/files/:type/:filename',
    {
      config: { access: 'public' },
      compress: false,
      schema: { tags: ['files'], summary: 'Serve an uploaded file', params: ServeParams },
    },
    async (request, reply) => sendFile(request, reply, await files.openForServing(request.params.type, request.params.filename)),
  );
};
