import { describe, expect, it } from 'vitest';
import type { Database } from '../../apps/server/src/db/client.ts';
import { createMetrics } from '../../apps/server/src/plugins/metrics.ts';
import { serverCell } from './report.ts';
import { parseServerMetrics, serverDuring } from './server-loop.ts';

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
].join('\n');

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
    });
  });

  it('says nothing it was not told: no loop delay, no GC histogram', () => {
    const sample = parseServerMetrics('http_requests_total{method="GET"} 1\n');
    expect(sample).toMatchObject({ loopDelayMaxSeconds: null, loopDelayP99Seconds: null, hasGc: false, hasRequests: false });
    expect(serverDuring(sample, sample)).toEqual({
      loopDelayMaxMs: null,
      loopDelayP99Ms: null,
      gcCount: null,
      gcMs: null,
      gcOver100Ms: null,
      requestsOver100Ms: null,
      requestsOver250Ms: null,
    });
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
});

describe('serverCell', () => {
  it('writes the loop delays and GC, marks collections over 100 ms, and a dash where nothing is known', () => {
    const none = { requestsOver100Ms: null, requestsOver250Ms: null };
    expect(serverCell({ loopDelayMaxMs: 87.4, loopDelayP99Ms: 12.1, gcCount: 53, gcMs: 550, gcOver100Ms: 0, ...none })).toBe(
      'server loop delay max 87 ms, p99 12 ms; GC 550 ms in 53',
    );
    expect(
      serverCell(
        { loopDelayMaxMs: 450, loopDelayP99Ms: 20, gcCount: 10, gcMs: 400, gcOver100Ms: 2, requestsOver100Ms: 3, requestsOver250Ms: 1 },
        31.6,
      ),
    ).toBe(
      'server loop delay max 450 ms, p99 20 ms; GC 400 ms in 10, **2 over 100 ms**; server took > 100 ms on 3, > 250 ms on 1; client loop delay max 32 ms',
    );
    expect(serverCell(undefined, 12)).toBe('client loop delay max 12 ms');
    expect(serverCell({ loopDelayMaxMs: null, loopDelayP99Ms: null, gcCount: null, gcMs: null, gcOver100Ms: null, ...none })).toBe('–');
    expect(serverCell(undefined)).toBe('–');
  });
});
