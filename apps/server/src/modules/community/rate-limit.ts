import { COMMUNITY_MSG } from '@glyphary/shared';
import { tooManyRequests } from '../../lib/errors.ts';
import type { ThrottleStore } from '../../lib/throttle.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Per-user hourly limits for community writes (SECURITY "Throttling"), in the shared throttle store. */
export interface RateLimiter {
  /** @throws AppError 429 with Retry-After when the user is over the hourly limit for `kind`. */
  check(kind: 'report' | 'comment', userId: string): Promise<void>;
}

export function createRateLimiter(throttle: ThrottleStore, limits: { report: number; comment: number }, now: () => number = Date.now): RateLimiter {
  return {
    async check(kind, userId) {
      const { count, resetAt } = await throttle.hit(`community-${kind}:${userId}`, HOUR_MS);
      if (count > limits[kind]) throw tooManyRequests(COMMUNITY_MSG.rateLimited, (resetAt - now()) / 1000);
    },
  };
}
