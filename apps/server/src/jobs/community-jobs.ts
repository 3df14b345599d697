import type { FastifyBaseLogger } from 'fastify';
import type { CommunityService } from '../modules/community/community.service.ts';

export interface CommunityJobs {
  start(): void;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
  /** One pass (tests call it with an injected clock): stale requests, then the daily digest. */
  runOnce(): Promise<{ reminded: number; reopened: number; digests: number }>;
}

/**
 * Issue 19 background work, like jobs/count-sync: hourly, it reminds assignees of idle taken requests
 * and gives back those still idle after the reminder, then mails the daily digests that are due.
 * Every step is a conditional update with a unique notification key, so running it on several
 * instances at once changes and notifies each thing exactly once.
 */
export function createCommunityJobs({ community, intervalMs, logger }: { community: CommunityService; intervalMs: number; logger: FastifyBaseLogger }): CommunityJobs {
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<unknown> = Promise.resolve();

  async function runOnce() {
    const stale = await community.sweepStaleRequests();
    const digests = await community.sendDigests();
    return { ...stale, digests };
  }

  return {
    runOnce,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        inFlight = runOnce()
          .then((result) => logger.info(result, 'community jobs: pass done'))
          .catch((error: unknown) => logger.error({ err: error }, 'community jobs failed'));
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
