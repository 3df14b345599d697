import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { AppError, forbidden } from '../lib/errors.ts';
import type { SyncService } from '../modules/sync/sync.service.ts';

/**
 * Prometheus metrics (issue 11): request rate and latency by route, the PostgreSQL pool, count-sync runs
 * and the process defaults, on one registry per app (tests build many apps in one process).
 */
export interface Metrics {
  registry: Registry;
  /** Times one awaited step of a request: the session lookup, or the write-limit count. */
  observePhase(phase: RequestPhase, seconds: number): void;
  /** Wraps the sync service so every run on this instance is counted and timed by outcome. */
  trackSync(sync: SyncService): SyncService;
}

/** The steps of a request that wait on the database (or the shared throttle store) before its handler runs. */
export type RequestPhase = 'session_lookup' | 'write_limit';

/** Bounds of the phase and pool-wait histograms: fine at the bottom, and 0.1 / 0.25 s as the request histogram has them. */
const WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/** Creates the registry and its metrics; `database` feeds the pool gauges when it is PostgreSQL. */
export function createMetrics({ database }: { database: Database }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });

  const phases = new Histogram({
    name: 'glyphary_request_phase_seconds',
    help: 'Time of an awaited step of a request: session_lookup (the caller from the session), write_limit (counting a write)',
    labelNames: ['phase'],
    buckets: WAIT_BUCKETS,
    registers: [registry],
  });

  if (database.observePool) {
    const acquired = new Histogram({
      name: 'glyphary_db_pool_acquire_seconds',
      help: 'Time a query or transaction waited for a PostgreSQL pool connection (idle, newly opened, or queued)',
      buckets: WAIT_BUCKETS,
      registers: [registry],
    });
    const opened = new Counter({
      name: 'glyphary_db_pool_connections_opened_total',
      help: 'PostgreSQL connections the pool opened',
      registers: [registry],
    });
    database.observePool({ acquired: (seconds) => acquired.observe(seconds), opened: () => opened.inc() });
  }

  const stats = database.poolStats?.bind(database);
  if (stats) {
    new Gauge({
      name: 'glyphary_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total = open, idle = open and unused, waiting = queued requests)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const now = stats();
        this.set({ state: 'total' }, now.total);
        this.set({ state: 'idle' }, now.idle);
        this.set({ state: 'waiting' }, now.waiting);
      },
    });
    new Gauge({
      name: 'glyphary_db_pool_max',
      help: 'PostgreSQL pool size limit (DB_POOL_MAX)',
      registers: [registry],
      collect() {
        this.set(stats().max);
      },
    });
  }

  const syncRuns = new Counter({
    name: 'glyphary_sync_runs_total',
    help: 'Count-sync runs started on this instance, by outcome (ok, skipped = already running elsewhere, failed)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const syncDuration = new Histogram({
    name: 'glyphary_sync_run_duration_seconds',
    help: 'Duration of completed count-sync runs on this instance',
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900],
    registers: [registry],
  });

  return {
    registry,
    observePhase(phase, seconds) {
      phases.observe({ phase }, seconds);
    },
    trackSync(sync) {
      // Cluster-wide facts come from the database (sync_state), so every instance reports the same.
      new Gauge({
        name: 'glyphary_sync_last_run_timestamp_seconds',
        help: 'When the last count sync completed (any instance), in Unix seconds; 0 before the first',
        registers: [registry],
        async collect() {
          const status = await sync.status().catch(() => null);
          this.set(status?.lastRun ? Date.parse(status.lastRun) / 1000 : 0);
        },
      });
      new Gauge({
        name: 'glyphary_sync_running',
        help: '1 while a count sync is running on any instance',
        registers: [registry],
        async collect() {
          const status = await sync.status().catch(() => null);
          this.set(status?.status === 'running' ? 1 : 0);
        },
      });
      return {
        ...sync,
        async run(options) {
          const stop = syncDuration.startTimer();
          try {
            const result = await sync.run(options);
            stop();
            syncRuns.inc({ outcome: 'ok' });
            return result;
          } catch (error) {
            syncRuns.inc({ outcome: error instanceof AppError && error.statusCode === 409 ? 'skipped' : 'failed' });
            throw error;
          }
        },
      };
    },
  };
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** A caller on this machine that did not come through a proxy (a proxy on loopback adds forwarding headers). */
function isDirectLoopback(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded ?? request.headers['x-real-ip'];
  return isLoopback(request.socket.remoteAddress) && forwarded === undefined;
}

function hasToken(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface MetricsPluginOptions {
  metrics: Metrics;
  /** METRICS_TOKEN: lets a scraper that is not on this machine in with `Authorization: Bearer <token>`. */
  token: string | undefined;
}

/**
 * Times every request (all routes, so it is registered without encapsulation) and serves
 * `GET /metrics` in the Prometheus text format, only to direct loopback callers or with the token.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, { metrics, token }: MetricsPluginOptions) => {
  const requests = metrics.registry.getSingleMetric('http_requests_total') as Counter<'method' | 'route' | 'status_code'>;
  const duration = metrics.registry.getSingleMetric('http_request_duration_seconds') as Histogram<
    'method' | 'route' | 'status_code'
  >;

  function observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    // The route pattern, never the raw URL: ids in paths would make the label set unbounded.
    const labels = { method, route: route ?? 'unmatched', status_code: String(statusCode) };
    requests.inc(labels);
    duration.observe(labels, seconds);
  }

  app.addHook('onResponse', (request, reply, done) => {
    observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    // Public in the access matrix sense (no session), but not for the world: SECURITY "deny by default".
    if (!isDirectLoopback(request) && !hasToken(request, token)) throw forbidden();
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}, { name: 'metrics' });
