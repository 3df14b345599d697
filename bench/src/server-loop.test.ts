import { describe, expect, it } from 'vitest';
import type { Database, PoolObserver } from '../../apps/server/src/db/client.ts';
import { createMetrics } from '../../apps/server/src/plugins/metrics.ts';
import { serverCell } from './report.ts';
import { parseServerMetrics, serverDuring, type ServerDuring } from './server-loop.ts';

const EXPOSITION = [
  '# HELP nodejs_eventloop_lag_max_seconds The maximum recorded event loop delay.',
  '# TYPE nodejs_eventloop_lag_max_seconds gauge',
  'nodejs_eventloop_lag_max_seconds 0.087',
  'nodejs_eventloop_lag_p99_seconds 0.0121',
  '# TYPE nodejs_gc_duration_seconds histogram',
  'nodejs_gc_duration_seconds_bucket{le="0.01",kind="minor"} 40',
  'nodejs_gc_duration_seconds_bucket{le="0.1",kind="minor"} 50',
  'nodejs_gc_duration_seconds_bucket{le="1",kind="minor"} 50',
  'nodejs_gc_duration_seconds_bucket{le="+Inf",kind="minor"} 50',
  'nodejs_gc_duration_seconds_sum{kind="minor"} 0.25',
  'nodejs_gc_duration_seconds_count{kind="minor"} 50',
  // Labels in the other order, and a collection over 0.1 s.
  'nodejs_gc_duration_seconds_bucket{kind="major",le="0.1"} 2',
  'nodejs_gc_duration_seconds_bucket{kind="major",le="+Inf"} 3',
  'nodejs_gc_duration_seconds_sum{kind="major"} 0.3',
  'nodejs_gc_duration_seconds_count{kind="major"} 3',
  'http_requests_total{method="GET",route="/api/get-glyphs",status_code="200"} 12',
  '# TYPE http_request_duration_seconds histogram',
  'http_request_duration_seconds_bucket{le="0.05",method="GET",route="/api/get-glyphs",status_code="200"} 9',
  'http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/get-glyphs",status_code="200"} 10',
  'http_request_duration_seconds_bucket{le="0.25",method="GET",route="/api/get-glyphs",status_code="200"} 11',
  'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/get-glyphs",status_code="200"} 12',
  'http_request_duration_seconds_count{method="GET",route="/api/get-glyphs",status_code="200"} 12',
  'http_request_duration_seconds_bucket{method="POST",route="/api/toggle-like",status_code="200",le="0.1"} 4',
  'http_request_duration_seconds_bucket{method="POST",route="/api/toggle-like",status_code="200",le="0.25"} 5',
  'http_request_duration_seconds_count{method="POST",route="/api/toggle-like",status_code="200"} 5',
  'glyphary_request_phase_seconds_bucket{le="0.1",phase="session_lookup"} 40',
  'glyphary_request_phase_seconds_bucket{le="+Inf",phase="session_lookup"} 41',
  'glyphary_request_phase_seconds_count{phase="session_lookup"} 41',
  'glyphary_request_phase_seconds_bucket{phase="write_limit",le="0.1"} 7',
  'glyphary_request_phase_seconds_count{phase="write_limit"} 7',
  'glyphary_db_pool_acquire_seconds_bucket{le="0.1"} 90',
  'glyphary_db_pool_acquire_seconds_count 93',
  'glyphary_db_pool_connections_opened_total 4',
].join('\n');

/** A run the server's metrics said nothing about. */
const NOTHING_KNOWN: ServerDuring = {
  loopDelayMaxMs: null,
  loopDelayP99Ms: null,
  gcCount: null,
  gcMs: null,
  gcOver100Ms: null,
  requestsOver100Ms: null,
  requestsOver250Ms: null,
  sessionLookupsOver100Ms: null,
  writeLimitsOver100Ms: null,
  poolWaitsOver100Ms: null,
  connectionsOpened: null,
};

describe('parseServerMetrics', () => {
  it('reads the loop delay and sums the GC and request histograms over their labels', () => {
    expect(parseServerMetrics(EXPOSITION)).toEqual({
      loopDelayMaxSeconds: 0.087,
      loopDelayP99Seconds: 0.0121,
      gcCount: 53,
      gcSeconds: 0.55,
      gcUpTo100Ms: 52,
      hasGc: true,
      requests: 17,
      requestsUpTo100Ms: 14,
      requestsUpTo250Ms: 16,
      hasRequests: true,
      sessionLookup: { count: 41, upTo100Ms: 40 },
      writeLimit: { count: 7, upTo100Ms: 7 },
      poolAcquire: { count: 93, upTo100Ms: 90 },
      connectionsOpened: 4,
    });
  });

  it('says nothing it was not told: no loop delay, no GC histogram', () => {
    const sample = parseServerMetrics('http_requests_total{method="GET"} 1\n');
    expect(sample).toMatchObject({ loopDelayMaxSeconds: null, loopDelayP99Seconds: null, hasGc: false, hasRequests: false });
    expect(serverDuring(sample, sample)).toEqual(NOTHING_KNOWN);
  });
});

describe('serverDuring', () => {
  it('takes the loop delay from the second scrape and the GC of the run as the difference', () => {
    const before = parseServerMetrics(EXPOSITION);
    const after = {
      ...before,
      loopDelayMaxSeconds: 0.45,
      loopDelayP99Seconds: 0.02,
      gcCount: before.gcCount + 10,
      gcSeconds: before.gcSeconds + 0.4,
      // Eight of the ten new collections took at most 0.1 s; two took longer.
      gcUpTo100Ms: before.gcUpTo100Ms + 8,
      // 500 requests: 497 within 0.1 s, 499 within 0.25 s.
      requests: before.requests + 500,
      requestsUpTo100Ms: before.requestsUpTo100Ms + 497,
      requestsUpTo250Ms: before.requestsUpTo250Ms + 499,
    };
    const during = serverDuring(before, after);
    expect(during.loopDelayMaxMs).toBeCloseTo(450);
    expect(during.loopDelayP99Ms).toBeCloseTo(20);
    expect(during.gcCount).toBe(10);
    expect(during.gcMs).toBeCloseTo(400);
    expect(during.gcOver100Ms).toBe(2);
    expect(during.requestsOver100Ms).toBe(3);
    expect(during.requestsOver250Ms).toBe(1);
    // Nothing new in the phase and pool histograms: none slow, none opened.
    expect(during).toMatchObject({ sessionLookupsOver100Ms: 0, writeLimitsOver100Ms: 0, poolWaitsOver100Ms: 0, connectionsOpened: 0 });
  });

  it('counts the session lookups, write limits and pool waits over 100 ms of the run, and the connections opened (decision 0065)', () => {
    const before = parseServerMetrics(EXPOSITION);
    expect(before.sessionLookup).toEqual({ count: 41, upTo100Ms: 40 });
    expect(before.writeLimit).toEqual({ count: 7, upTo100Ms: 7 });
    expect(before.poolAcquire).toEqual({ count: 93, upTo100Ms: 90 });
    expect(before.connectionsOpened).toBe(4);
    const after = {
      ...before,
      sessionLookup: { count: 61, upTo100Ms: 58 },
      writeLimit: { count: 27, upTo100Ms: 26 },
      poolAcquire: { count: 193, upTo100Ms: 185 },
      connectionsOpened: 6,
    };
    expect(serverDuring(before, after)).toMatchObject({
      sessionLookupsOver100Ms: 2,
      writeLimitsOver100Ms: 1,
      poolWaitsOver100Ms: 5,
      connectionsOpened: 2,
    });
    // A server without them (an older build; PGlite has no pool) says nothing about them.
    const bare = parseServerMetrics(EXPOSITION.split('\n').filter((line) => !line.startsWith('glyphary_')).join('\n'));
    expect(serverDuring(bare, bare)).toMatchObject({
      sessionLookupsOver100Ms: null,
      writeLimitsOver100Ms: null,
      poolWaitsOver100Ms: null,
      connectionsOpened: null,
    });
    // A histogram whose first observation came during the run counts from zero.
    expect(serverDuring(bare, after).sessionLookupsOver100Ms).toBe(3);
  });

  it('has no GC numbers when either scrape failed', () => {
    const sample = parseServerMetrics(EXPOSITION);
    expect(serverDuring(null, sample)).toMatchObject({ gcCount: null, gcMs: null, gcOver100Ms: null, loopDelayMaxMs: 87 });
    expect(serverDuring(sample, null).loopDelayMaxMs).toBeNull();
  });
});

describe("the server's own registry", () => {
  it('exposes what parseServerMetrics reads, and a blocked loop and collections show in the next scrape', async () => {
    const { registry } = createMetrics({ database: {} as Database });
    const before = parseServerMetrics(await registry.metrics());
    expect(before.hasGc).toBe(true);
    expect(before.loopDelayMaxSeconds).not.toBeNull();

    // The scrape reset the monitor, which forgets its last tick: the first tick after a reset only starts
    // the clock. Let it tick, then make short-lived garbage for the young generation and hold the loop 150 ms.
    await new Promise((resolve) => setTimeout(resolve, 30));
    let kept = 0;
    for (let i = 0; i < 200; i += 1) kept += new Array(100_000).fill(i).length;
    expect(kept).toBe(20_000_000);
    const until = performance.now() + 150;
    while (performance.now() < until) {
      // busy: the loop-delay monitor's 10 ms timer cannot fire
    }
    // GC entries reach prom-client's PerformanceObserver asynchronously.
    await new Promise((resolve) => setTimeout(resolve, 100));

    const during = serverDuring(before, parseServerMetrics(await registry.metrics()));
    expect(during.loopDelayMaxMs).toBeGreaterThanOrEqual(100);
    expect(during.gcCount).toBeGreaterThan(0);
    expect(during.gcMs).toBeGreaterThan(0);
  });

  it('exposes the phase and pool metrics under the names parseServerMetrics reads', async () => {
    let observer: PoolObserver | null = null;
    const observePool = (given: PoolObserver | null) => {
      observer = given;
    };
    const metrics = createMetrics({ database: { observePool } as unknown as Database });
    const before = parseServerMetrics(await metrics.registry.metrics());
    metrics.observePhase('session_lookup', 0.004);
    metrics.observePhase('session_lookup', 0.15);
    metrics.observePhase('write_limit', 0.3);
    expect(observer).not.toBeNull();
    observer!.acquired(0.002);
    observer!.acquired(0.12);
    observer!.opened();
    const during = serverDuring(before, parseServerMetrics(await metrics.registry.metrics()));
    expect(during).toMatchObject({ sessionLookupsOver100Ms: 1, writeLimitsOver100Ms: 1, poolWaitsOver100Ms: 1, connectionsOpened: 1 });
  });
});

describe('serverCell', () => {
  it('writes the loop delays and GC, marks collections over 100 ms, and a dash where nothing is known', () => {
    expect(serverCell({ ...NOTHING_KNOWN, loopDelayMaxMs: 87.4, loopDelayP99Ms: 12.1, gcCount: 53, gcMs: 550, gcOver100Ms: 0 })).toBe(
      'server loop delay max 87 ms, p99 12 ms; GC 550 ms in 53',
    );
    expect(
      serverCell(
        {
          loopDelayMaxMs: 450,
          loopDelayP99Ms: 20,
          gcCount: 10,
          gcMs: 400,
          gcOver100Ms: 2,
          requestsOver100Ms: 3,
          requestsOver250Ms: 1,
          sessionLookupsOver100Ms: 2,
          writeLimitsOver100Ms: 0,
          poolWaitsOver100Ms: 1,
          connectionsOpened: 3,
        },
        31.6,
      ),
    ).toBe(
      'server loop delay max 450 ms, p99 20 ms; GC 400 ms in 10, **2 over 100 ms**; server took > 100 ms on 3, > 250 ms on 1; ' +
        'over 100 ms: session lookups 2, write limits 0, pool waits 1; pool opened 3 connections; client loop delay max 32 ms',
    );
    // PGlite: no pool.
    expect(serverCell({ ...NOTHING_KNOWN, sessionLookupsOver100Ms: 0, writeLimitsOver100Ms: 1 })).toBe(
      'over 100 ms: session lookups 0, write limits 1',
    );
    expect(serverCell(undefined, 12)).toBe('client loop delay max 12 ms');
    expect(serverCell(NOTHING_KNOWN)).toBe('–');
    expect(serverCell(undefined)).toBe('–');
  });
});
