import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { SyncInterruptedError, type SyncService } from './sync.service.ts';

export interface CountSyncJob {
  start(): void;
  /** Stops the timer and waits for the work in progress to end (a run stops between batches). */
  stop(): Promise<void>;
}

/**
 * The hourly background count sync (spec §4, §9; DESIGN §4.2). It calls the sync service only; when
 * another instance is running it, this one skips and waits for the next slot. The next slot is the last
 * run + SYNC_INTERVAL_MS (boot + interval before any run), re-read after each attempt so instances
 * share one schedule.
 */
export function createCountSyncJob({
  sync,
  intervalMs,
  logger,
}: {
  sync: SyncService;
  intervalMs: number;
  logger: FastifyBaseLogger;
}): CountSyncJob {
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  // The schedule read or the run in progress; stop() waits for it so nothing touches a closed database.
  let inFlight: Promise<void> = Promise.resolve();

  async function schedule() {
    let delay = intervalMs;
    try {
      delay = (await sync.nextRunAt()).getTime() - Date.now();
    } catch (error) {
      logger.warn({ err: error }, 'count sync: could not read its schedule');
    }
    if (stopped) return;
    // Never sooner than a second (no busy loop), never later than one interval.
    timer = setTimeout(tick, Math.min(Math.max(delay, 1000), intervalMs));
    timer.unref();
  }

  async function runOnce() {
    try {
      const result = await sync.run({ shouldStop: () => stopped });
      logger.info({ updated: result.updated }, `count sync: ${result.message}`);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409) logger.debug('count sync: already running elsewhere, skipped');
      else if (error instanceof SyncInterruptedError) logger.info(error.message);
      else logger.error({ err: error }, 'count sync failed');
    }
    if (!stopped) await schedule();
  }

  function tick() {
    timer = null;
    if (stopped) return;
    inFlight = runOnce();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      inFlight = schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight;
    },
  };
}
