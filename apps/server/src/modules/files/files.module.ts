import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { runJob } from '../../lib/jobs.ts';
import { createParsePool } from '../../lib/parse-pool.ts';
import { createRateLimitStore } from '../../lib/throttle-stores.ts';
import { createAnimationsRepository } from '../animations/animations.repository.ts';
import { createAnimationsService } from '../animations/animations.service.ts';
import { createLocalFileStore, type FileStore } from './file-store.ts';
import { createFileLifetimeJob } from './file-lifetimes.job.ts';
import { createFilesRepository } from './files.repository.ts';
import { createFilesService } from './files.service.ts';
import { filesRoutes } from './files.routes.ts';

/**
 * Uploads and stored files: one FileStore (local disk, or an S3 bucket shared by every instance with
 * S3_BUCKET), the sweep of leftovers, and the job that removes uploads nothing attached.
 */
export default fp(
  async function filesModule(app: FastifyInstance, { fileStore }: { fileStore?: FileStore | undefined }) {
    const { env, database, clock, auth, throttle } = app.glyphary;
    let store: FileStore;
    if (fileStore) store = fileStore;
    else if (env.S3_BUCKET) {
      // The AWS SDK is loaded only when a bucket is configured (tens of MB of heap otherwise unused).
      const { createS3FileStore, s3OptionsFromEnv } = await import('./s3-file-store.ts');
      const s3Store = createS3FileStore(s3OptionsFromEnv(env, env.S3_BUCKET));
      app.addHook('onClose', async () => s3Store.close());
      store = s3Store;
    } else store = createLocalFileStore(path.join(env.DATA_DIR, 'files'));
    // Uploaded bytes are parsed in worker threads, bounded in time and heap (SECURITY "Parsers of uploaded bytes").
    const parse = createParsePool();
    app.addHook('onClose', async () => parse.close());
    const service = createFilesService({
      files: createFilesRepository(database.db),
      store,
      parse,
      scanCommand: env.FILE_SCAN_COMMAND,
      quotaBytes: env.UPLOAD_QUOTA_BYTES,
    });
    const animations = createAnimationsService({ files: service, store, animations: createAnimationsRepository(database.db), scanCommand: env.FILE_SCAN_COMMAND });
    /** Removes stale temp files and stored files without a row (SECURITY I5, R1, R9); never fails the caller. */
    const sweep = async (tempMaxAgeMs: number) => {
      try {
        await service.sweep({ now: clock.now(), tempMaxAgeMs });
      } catch (error) {
        app.log.warn({ err: error }, 'file sweep failed');
      }
    };
    app.glyphary.files = { service, animations, store, sweep };
    // At boot nothing is uploading in this process: every temp file is a leftover (SECURITY R1).
    app.addHook('onReady', async () => sweep(0));
    const fileLifetimes = createFileLifetimeJob({ files: service, clock, intervalMs: 60 * 60 * 1000, logger: app.log });
    app.glyphary.fileLifetimes = fileLifetimes;
    runJob(app, env.FILE_LIFETIME_JOB, fileLifetimes);

    // The upload limit counts in the shared throttle store when that store is shared between instances.
    const rateLimitStore = database.kind === 'postgres' || env.REDIS_URL ? createRateLimitStore(throttle) : undefined;
    await app.register(filesRoutes, { files: service, animations, store, auth, uploadsPerHour: env.UPLOAD_RATE_LIMIT, rateLimitStore });
  },
  { name: 'files-module' },
);
