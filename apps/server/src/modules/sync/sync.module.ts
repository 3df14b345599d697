import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { runJob } from '../../lib/jobs.ts';
import { createCountSyncJob } from './count-sync.job.ts';
import { createSyncRepository } from './sync.repository.ts';
import { createSyncService } from './sync.service.ts';
import { syncRoutes } from './sync.routes.ts';

/** The count sync: manual (admin) and hourly (SYNC_JOB). */
export default fp(
  async function syncModule(app: FastifyInstance) {
    const { env, database, clock, metrics, auth, caches } = app.glyphary;
    const tracked = metrics.trackSync(createSyncService({ sync: createSyncRepository(database.db, database.kind), intervalMs: env.SYNC_INTERVAL_MS, startedAt: clock.now() }));
    // A run may move every counter: cached stats and public reads go.
    const sync: typeof tracked = {
      ...tracked,
      run: async (options) => {
        try {
          return await tracked.run(options);
        } finally {
          caches.adminStats.clear();
          caches.publicReads.contentChanged();
        }
      },
    };
    await app.register(syncRoutes, { sync, auth });
    const job = createCountSyncJob({ sync, intervalMs: env.SYNC_INTERVAL_MS, logger: app.log });
    runJob(app, env.SYNC_JOB, {
      start: () => job.start(),
      stop: async () => {
        await job.stop();
        await sync.settled();
      },
    });
  },
  { name: 'sync-module' },
);
