import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Env } from '../../config/env.ts';
import { checkKey, newTempPath, type FileStore, type StoredObject } from './file-store.ts';

export interface S3FileStoreOptions {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, Ceph, the test emulator); AWS itself when absent. */
  endpoint?: string | undefined;
  region: string;
  /** Static credentials; without them the AWS SDK's default chain applies (IAM role, profile, env). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (most self-hosted servers). */
  forcePathStyle: boolean;
  /** Local directory for uploads in progress: scanning and inspection need a real file (file-store.ts). */
  tempDir: string;
  /**
   * `list()` leaves out objects younger than this. Its one caller is the orphan sweeper, and with
   * several instances on one bucket another instance may be between `put` and its row insert
   * (SECURITY R1: the row comes after the object); its in-process `inflightKeys` cannot see that.
   */
  listGraceMs?: number;
  /** Multipart part size (≥ 5 MiB, the S3 minimum): memory per upload is about partSize × queueSize. */
  partSize?: number;
}

/** Object content types by key suffix, so direct bucket reads (a CDN, a debug session) see the right type. */
function contentTypeOf(key: string): string {
  if (key.endsWith('.webp')) return 'image/webp';
  if (key.endsWith('.apk')) return 'application/vnd.android.package-archive';
  return 'application/octet-stream';
}

/** APKs are attachments (SECURITY "Serving files"); the app still sets the spec's file name when it serves them. */
function contentDispositionOf(key: string): string {
  return key.startsWith('apks/') || key.endsWith('.quarantined') ? 'attachment' : 'inline';
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey';
  }
  return false;
}

/** The S3 options from the environment (S3_BUCKET selects this store; see app.ts). */
export function s3OptionsFromEnv(env: Env, bucket: string): S3FileStoreOptions {
  return {
    bucket,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    tempDir: path.join(env.DATA_DIR, 'files', 'tmp'),
  };
}

/**
 * The scale-out file store (DESIGN §1 "Files", issue 11): objects in an S3-compatible bucket under the
 * same keys as the disk store. Uploads still land in a local temp file first; `put` streams it up
 * (multipart above one part) and removes it. Reads are streamed through the app, so the app keeps
 * deciding the type, disposition, CSP and 404s (no presigned redirects that would bypass them).
 */
export function createS3FileStore(options: S3FileStoreOptions): FileStore & { close(): void } {
  const { bucket, tempDir } = options;
  const listGraceMs = options.listGraceMs ?? 10 * 60 * 1000;
  const partSize = Math.max(options.partSize ?? 5 * 1024 * 1024, 5 * 1024 * 1024);
  fs.mkdirSync(tempDir, { recursive: true });
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible servers (older MinIO, Ceph, R2,
    // the emulator) reject the SDK's default trailing CRC32. Integrity is checked by the SHA-256 row.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });

  return {
    tempDir,
    createTempPath: () => newTempPath(tempDir),

    async put(key, tempPath) {
      // The same strict key alphabet as the disk store: nothing else is ever sent to the bucket.
      checkKey(key);
      const upload = new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: key,
          Body: fs.createReadStream(tempPath),
          ContentType: contentTypeOf(key),
          ContentDisposition: contentDispositionOf(key),
        },
        partSize,
        queueSize: 2,
        // A failed multipart upload is aborted, so no invisible parts are left to bill.
        leavePartsOnError: false,
      });
      await upload.done();
      // Like the disk store's rename: once stored, the temp file is gone.
      await fsp.rm(tempPath, { force: true });
    },

    stream(key, range) {
      checkKey(key);
      // The interface is synchronous (the route sends the stream at once); the body arrives later.
      const out = new PassThrough();
      client
        .send(
          new GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        )
        .then(async (response) => {
          if (!response.Body) throw new Error(`Empty body for ${key}`);
          // pipeline destroys the S3 socket when the client goes away (out destroyed), and vice versa.
          await pipeline(response.Body as Readable, out);
        })
        .catch((error: unknown) => {
          if (!out.destroyed) out.destroy(error as Error);
        });
      return out;
    },

    async stat(key) {
      checkKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      checkKey(key);
      // S3 deletes are idempotent: an absent key answers 204 too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async *list(prefix): AsyncIterable<StoredObject> {
      const settledBefore = Date.now() - listGraceMs;
      for await (const page of paginateListObjectsV2({ client, pageSize: 1000 }, { Bucket: bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          const modifiedAt = object.LastModified ?? new Date(0);
          if (modifiedAt.getTime() > settledBefore) continue;
          yield { key: object.Key, size: object.Size ?? 0, modifiedAt };
        }
      }
    },

    close() {
      client.destroy();
    },
  };
}
