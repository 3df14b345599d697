import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@glyphary/shared';
import type { Auth } from '../modules/auth/auth.ts';
import { tooManyRequests } from '../lib/errors.ts';
import { createBatchedCounter } from '../lib/request-limits.ts';
import type { ThrottleStore } from '../lib/throttle.ts';
import { getViewer } from './access.ts';

const MINUTE_MS = 60_000;
/** How often an instance adds its read counts to the shared store. */
const READ_FLUSH_MS = 1000;

export interface RequestLimitsOptions {
  auth: Auth;
  /** The shared throttle store (memory on PGlite, PostgreSQL or Redis when scaled out). */
  throttle: ThrottleStore;
  /** WRITE_RATE_LIMIT: writes per user (per IP for visitors) per minute. */
  writesPerMinute: number;
  /** READ_RATE_LIMIT: API reads per IP per minute. */
  readsPerMinute: number;
  /** Told how long each write's count in the throttle store took, in seconds (the request metrics). */
  onWriteLimit?: (seconds: number) => void;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** API routes the read and write limits leave alone: auth has its own throttles, health and metrics are for probes. */
function isLimited(url: string): boolean {
  if (!url.startsWith('/api/')) return false;
  return !(url.startsWith('/api/auth/') || url.startsWith('/api/health') || url.startsWith('/api/metrics') || url.startsWith('/api/docs'));
}

/**
 * SECURITY "Throttling" (issue 21: the limits were parsed but never applied): reads per IP and writes per
 * user, counted in the shared throttle store, 429 `{error, code: 'RATE_LIMITED'}` with `Retry-After`.
 * Writes are counted after the access check, so a visitor's write answers 401 and costs no one's budget.
 */
async function requestLimits(app: FastifyInstance, options: RequestLimitsOptions) {
  const reads = createBatchedCounter({ store: options.throttle, windowMs: MINUTE_MS, flushMs: READ_FLUSH_MS });
  app.addHook('onClose', async () => reads.close());

  const retryAfter = (resetAt: number) => (resetAt - Date.now()) / 1000;

  // Both hooks run on every request: callback style, so a public read pays no promise (issue 20).
  app.addHook('onRequest', (request, _reply, done) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !isLimited(request.url)) return done();
    const { count, resetAt } = reads.hit(`read:${request.ip}`);
    if (count > options.readsPerMinute) return done(tooManyRequests(MSG.tooManyReads, retryAfter(resetAt)));
    done();
  });

  async function writerKey(request: FastifyRequest): Promise<string> {
    const viewer = await getViewer(request, options.auth);
    return viewer ? `write:user:${viewer.id}` : `write:ip:${request.ip}`;
  }

  async function countWrite(request: FastifyRequest): Promise<void> {
    const key = await writerKey(request);
    const startedAt = performance.now();
    let counted: { count: number; resetAt: number };
    try {
      counted = await options.throttle.hit(key, MINUTE_MS);
    } finally {
      options.onWriteLimit?.((performance.now() - startedAt) / 1000);
    }
    const { count, resetAt } = counted;
    if (count > options.writesPerMinute) throw tooManyRequests(MSG.tooManyWrites, retryAfter(resetAt));
  }

  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (!WRITE_METHODS.has(request.method) || !isLimited(request.url)) return done(null, payload);
    countWrite(request).then(() => done(null, payload), (error: Error) => done(error));
  });
}

export default fp(requestLimits, { name: 'request-limits', dependencies: ['access'] });
