import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.ts';
import type { FilesService } from '../modules/files/files.service.ts';

export interface FileLifetimeJob {
  start(): void;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
  /** One pass (tests call it directly): removes uploads nothing attached within a day. */
  runOnce(): Promise<{ removed: number }>;
}

/**
 * Issue 21 file lifetimes, like jobs/community-jobs: hourly, uploads never attached to a glyph, release,
 * profile or request (and those an edit replaced) are removed once a day old. Each pass is one conditional
 * delete per batch, so several instances running it at once remove each file once.
 */
export function createFileLifetimeJob({ files, clock, intervalMs, logger }: { files: FilesService; clock: Clock; intervalMs: number; logger: FastifyBaseLogger }): FileLifetimeJob {
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<unknown> = Promise.resolve();

  async function runOnce() {
    return { removed: await files.sweepUnattached({ now: clock.now() }) };
  }

  return {
    runOnce,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        inFlight = runOnce()
          .then((result) => logger.info(result, 'file lifetimes: pass done'))
          .catch((error: unknown) => logger.error({ err: error }, 'file lifetimes failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await inFlight;
    },
  };
}
