/**
 * What the server's own event loop and garbage collector did during a measured run (decision 0064), read
 * from its `GET /metrics` (prom-client's default metrics, apps/server/src/plugins/metrics.ts) just before
 * and just after the run:
 *
 * - `nodejs_eventloop_lag_max_seconds` / `_p99_seconds` come from a `monitorEventLoopDelay` histogram
 *   (10 ms resolution) that prom-client resets on every scrape, so the second scrape covers the run alone
 *   (the reset also forgets the monitor's last tick, so the first ~10 ms after the first scrape are not
 *   covered);
 * - `nodejs_gc_duration_seconds` is a cumulative histogram per GC kind: the difference of the two scrapes
 *   is the collections of the run, their total time and how many took longer than 0.1 s (its bucket bounds
 *   are 0.001, 0.01, 0.1, 1, 2 and 5 s);
 * - `http_request_duration_seconds` (the server's own, per route, from Fastify's onRequest to its answer)
 *   the same way: how many requests of the run the server itself took more than 100 ms and 250 ms over.
 *   A client-side tail the server did not see was spent before Fastify had the request or after it
 *   answered (the sockets, the kernel, the scheduler).
 *
 * - `glyphary_request_phase_seconds{phase}` and `glyphary_db_pool_acquire_seconds` (decision 0065): how many
 *   session lookups, write-limit counts and pool checkouts of the run took more than 100 ms, and
 *   `glyphary_db_pool_connections_opened_total`, how many connections the pool opened meanwhile. A request
 *   the server took over 100 ms with none of these slow, no long loop delay and no long statement waited on
 *   its statements' round trips.
 *
 * A slow tail with a long loop delay was the server's own process (a long task or a GC pause); a slow tail
 * without one waited elsewhere (the database, the network, the load client).
 */

/** The server during one run; null where its metrics did not say. */
export interface ServerDuring {
  /** The longest event-loop delay during the run, ms. */
  loopDelayMaxMs: number | null;
  /** The 99th percentile of the event-loop delay during the run, ms. */
  loopDelayP99Ms: number | null;
  /** Garbage collections during the run: how many, their total time (ms) and how many took over 100 ms. */
  gcCount: number | null;
  gcMs: number | null;
  gcOver100Ms: number | null;
  /** Requests of the run the server itself took more than 100 ms / 250 ms over (its request histogram). */
  requestsOver100Ms: number | null;
  requestsOver250Ms: number | null;
  /** Session lookups, write-limit counts and pool checkouts of the run that took over 100 ms (decision 0065). */
  sessionLookupsOver100Ms: number | null;
  writeLimitsOver100Ms: number | null;
  poolWaitsOver100Ms: number | null;
  /** Connections the PostgreSQL pool opened during the run. */
  connectionsOpened: number | null;
}

/** A cumulative histogram's total count and its count within 0.1 s; null when the text did not have it. */
interface Over100 {
  count: number;
  upTo100Ms: number;
}

/** The few numbers of one scrape that `serverDuring` needs. */
export interface ServerSample {
  loopDelayMaxSeconds: number | null;
  loopDelayP99Seconds: number | null;
  gcCount: number;
  gcSeconds: number;
  /** Collections of at most 0.1 s (the cumulative `le="0.1"` buckets of every kind). */
  gcUpTo100Ms: number;
  /** False when the text did not declare the GC histogram (not prom-client's default metrics). */
  hasGc: boolean;
  /** Requests answered, and those answered within 0.1 s and 0.25 s (every route; cumulative). */
  requests: number;
  requestsUpTo100Ms: number;
  requestsUpTo250Ms: number;
  /** False when the text did not declare the request histogram. */
  hasRequests: boolean;
  /** The phase histograms and the pool's (decision 0065); null when absent (an older server, PGlite's pool). */
  sessionLookup: Over100 | null;
  writeLimit: Over100 | null;
  poolAcquire: Over100 | null;
  connectionsOpened: number | null;
}

// `name{labels} value` or `name value`; Prometheus text format, one sample per line.
const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{([^}]*)\})?\s+(\S+)/;

/** Reads the event-loop and GC samples out of a Prometheus text exposition. */
export function parseServerMetrics(text: string): ServerSample {
  const sample: ServerSample = {
    loopDelayMaxSeconds: null,
    loopDelayP99Seconds: null,
    gcCount: 0,
    gcSeconds: 0,
    gcUpTo100Ms: 0,
    hasGc: false,
    requests: 0,
    requestsUpTo100Ms: 0,
    requestsUpTo250Ms: 0,
    hasRequests: false,
    sessionLookup: null,
    writeLimit: null,
    poolAcquire: null,
    connectionsOpened: null,
  };
  const histogram = (key: 'sessionLookup' | 'writeLimit' | 'poolAcquire', field: keyof Over100, value: number) => {
    const h = (sample[key] ??= { count: 0, upTo100Ms: 0 });
    h[field] += value;
  };
  const PHASES = { session_lookup: 'sessionLookup', write_limit: 'writeLimit' } as const;
  for (const line of text.split('\n')) {
    // The family is declared even before its first collection, when it has no samples yet.
    if (line.startsWith('# TYPE nodejs_gc_duration_seconds ')) sample.hasGc = true;
    if (line.startsWith('# TYPE http_request_duration_seconds ')) sample.hasRequests = true;
    const match = SAMPLE.exec(line);
    if (!match) continue;
    const [, name, labels = '', raw] = match;
    const value = Number(raw);
    if (!Number.isFinite(value)) continue;
    if (name === 'nodejs_eventloop_lag_max_seconds') sample.loopDelayMaxSeconds = value;
    else if (name === 'nodejs_eventloop_lag_p99_seconds') sample.loopDelayP99Seconds = value;
    else if (name === 'nodejs_gc_duration_seconds_count') sample.gcCount += value;
    else if (name === 'nodejs_gc_duration_seconds_sum') sample.gcSeconds += value;
    else if (name === 'nodejs_gc_duration_seconds_bucket' && /(?:^|,)le="0\.1"/.test(labels)) sample.gcUpTo100Ms += value;
    else if (name === 'http_request_duration_seconds_count') sample.requests += value;
    else if (name === 'http_request_duration_seconds_bucket' && /(?:^|,)le="0\.1"/.test(labels)) sample.requestsUpTo100Ms += value;
    else if (name === 'http_request_duration_seconds_bucket' && /(?:^|,)le="0\.25"/.test(labels)) sample.requestsUpTo250Ms += value;
    else if (name === 'glyphary_db_pool_acquire_seconds_count') histogram('poolAcquire', 'count', value);
    else if (name === 'glyphary_db_pool_acquire_seconds_bucket' && /(?:^|,)le="0\.1"/.test(labels)) histogram('poolAcquire', 'upTo100Ms', value);
    else if (name === 'glyphary_db_pool_connections_opened_total') sample.connectionsOpened = value;
    else if (name?.startsWith('glyphary_request_phase_seconds_')) {
      const phase = PHASES[/(?:^|,)phase="(\w+)"/.exec(labels)?.[1] as keyof typeof PHASES];
      if (!phase) continue;
      if (name === 'glyphary_request_phase_seconds_count') histogram(phase, 'count', value);
      else if (name === 'glyphary_request_phase_seconds_bucket' && /(?:^|,)le="0\.1"/.test(labels)) histogram(phase, 'upTo100Ms', value);
    }
  }
  return sample;
}

/** The run between two scrapes: the loop delay from the second (the first reset it), GC as the difference. */
export function serverDuring(before: ServerSample | null, after: ServerSample | null): ServerDuring {
  const ms = (seconds: number | null | undefined) => (seconds === null || seconds === undefined ? null : seconds * 1000);
  const gc = before?.hasGc && after?.hasGc;
  const http = before?.hasRequests && after?.hasRequests;
  const over = (upTo: 'requestsUpTo100Ms' | 'requestsUpTo250Ms') =>
    http ? after.requests - after[upTo] - (before.requests - before[upTo]) : null;
  const slow = (key: 'sessionLookup' | 'writeLimit' | 'poolAcquire') => {
    const a = after?.[key];
    if (!a || !before) return null;
    // A histogram that appeared during the run (its first observation) had nothing before.
    const b = before[key] ?? { count: 0, upTo100Ms: 0 };
    return a.count - a.upTo100Ms - (b.count - b.upTo100Ms);
  };
  const opened = after?.connectionsOpened;
  return {
    loopDelayMaxMs: ms(after?.loopDelayMaxSeconds),
    loopDelayP99Ms: ms(after?.loopDelayP99Seconds),
    gcCount: gc ? after.gcCount - before.gcCount : null,
    gcMs: gc ? (after.gcSeconds - before.gcSeconds) * 1000 : null,
    gcOver100Ms: gc ? after.gcCount - after.gcUpTo100Ms - (before.gcCount - before.gcUpTo100Ms) : null,
    requestsOver100Ms: over('requestsUpTo100Ms'),
    requestsOver250Ms: over('requestsUpTo250Ms'),
    sessionLookupsOver100Ms: slow('sessionLookup'),
    writeLimitsOver100Ms: slow('writeLimit'),
    poolWaitsOver100Ms: slow('poolAcquire'),
    connectionsOpened: opened !== null && opened !== undefined && before ? opened - (before.connectionsOpened ?? 0) : null,
  };
}

/** One scrape of `base`/metrics; null when the server does not answer it (an older build, a remote host). */
export async function scrapeServer(base: string): Promise<ServerSample | null> {
  try {
    const response = await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) return null;
    return parseServerMetrics(await response.text());
  } catch {
    return null;
  }
}
