import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { FilesService } from './files.service.ts';
import { createIntervalJob, type IntervalJob } from '../../lib/jobs.ts';

/** One pass removes uploads nothing attached within a day (tests call `runOnce`). */
export type FileLifetimeJob = IntervalJob<{ removed: number }>;

/**
 * Hourly, uploads never attached to a glyph, release,
 * profile or request (and those an edit replaced) are removed once a day old. Each pass is one conditional
 * delete per batch, so several instances running it at once remove each file once.
 */
export function createFileLifetimeJob({ files, clock, intervalMs, logger }: { files: FilesService; clock: Clock; intervalMs: number; logger: FastifyBaseLogger }): FileLifetimeJob {
  return createIntervalJob({
    name: 'file lifetimes',
    intervalMs,
    logger,
    run: async () => ({ removed: await files.sweepUnattached({ now: clock.now() }) }),
  });
}
