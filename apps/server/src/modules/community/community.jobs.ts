import type { FastifyBaseLogger } from 'fastify';
import type { CommunityService } from './community.service.ts';
import { createIntervalJob, type IntervalJob } from '../../lib/jobs.ts';

/** One pass (tests call `runOnce` with an injected clock): stale requests, then the daily digest. */
export type CommunityJobs = IntervalJob<{ reminded: number; reopened: number; digests: number }>;

/**
 * Hourly, it reminds assignees of idle taken requests
 * and gives back those still idle after the reminder, then mails the daily digests that are due.
 * Every step is a conditional update with a unique notification key, so running it on several
 * instances at once changes and notifies each thing exactly once.
 */
export function createCommunityJobs({ community, intervalMs, logger }: { community: CommunityService; intervalMs: number; logger: FastifyBaseLogger }): CommunityJobs {
  return createIntervalJob({
    name: 'community jobs',
    intervalMs,
    logger,
    run: async () => {
      const stale = await community.sweepStaleRequests();
      const digests = await community.sendDigests();
      return { ...stale, digests };
    },
  });
}
