/**
 * The load client, run in its own process pinned to its own core (taskset -c 1) so it never competes
 * with the server for CPU. Usage: node bench/src/client.ts <job.json>; prints one JSON result line.
 */
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { runOpenLoop } from './open-loop.ts';

export interface ClientJob {
  url: string;
  connections: number;
  durationSeconds: number;
  /** Fixed arrival rate across all connections, evenly spaced (open-loop.ts); absent = closed loop (autocannon). */
  overallRate?: number;
  requests: { method: string; path: string; headers?: Record<string, string>; body?: string }[];
  /**
   * Each connection starts at its own place in `requests` (evenly spaced). Without it all
   * connections walk the list in step, so a list of distinct queries is asked 50 times at once.
   */
  spread?: boolean;
}

export interface ClientResult {
  requests: number;
  rps: number;
  statusCounts: Record<string, number>;
  errors: number;
  timeouts: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number; mean: number };
  bytesPerSecond: number;
  /**
   * The longest delay of this client's own event loop during the run, ms: a request
   * whose send or answer waited behind it shows that wait in its latency. Absent in older reports.
   */
  loopDelayMaxMs?: number;
}

const job = JSON.parse(fs.readFileSync(process.argv[2] as string, 'utf8')) as ClientJob;
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

/** One result line from the response times (exact percentiles: autocannon's summary has no p95, which DESIGN §5 uses for search). */
function report(
  times: number[],
  statusCounts: Record<string, number>,
  totals: Pick<ClientResult, 'errors' | 'timeouts' | 'bytesPerSecond'>,
): void {
  const sorted = Float64Array.from(times).sort();
  const at = (q: number) =>
    sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number);
  const mean = sorted.length === 0 ? 0 : sorted.reduce((a, b) => a + b, 0) / sorted.length;
  const out: ClientResult = {
    requests: sorted.length,
    rps: sorted.length / job.durationSeconds,
    statusCounts,
    ...totals,
    latencyMs: { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1), mean },
    loopDelayMaxMs: loopDelay.max / 1e6,
  };
  loopDelay.disable();
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

if (job.overallRate) {
  // A fixed rate: evenly spaced arrivals, latency from each request's due time.
  const samples = await runOpenLoop({ ...job, rate: job.overallRate, timeoutMs: 10_000 });
  const answered = samples.filter((s) => s.status > 0);
  const statusCounts: Record<string, number> = {};
  for (const s of answered) statusCounts[s.status] = (statusCounts[s.status] ?? 0) + 1;
  report(
    answered.map((s) => s.latencyMs),
    statusCounts,
    {
      errors: samples.filter((s) => s.status === 0 && !s.timedOut).length,
      timeouts: samples.filter((s) => s.timedOut).length,
      bytesPerSecond: answered.reduce((sum, s) => sum + s.bytes, 0) / job.durationSeconds,
    },
  );
} else {
  runClosedLoop();
}

/** Closed loop: `connections` connections, each sending its next request when the last is answered (autocannon). */
function runClosedLoop(): void {
  const times: number[] = [];
  const statusCounts: Record<string, number> = {};
  const requests = job.requests.map((r) => ({
    method: r.method as 'GET',
    path: r.path,
    ...(r.headers ? { headers: r.headers } : {}),
    ...(r.body ? { body: r.body } : {}),
  }));
  let connection = 0;

  /** autocannon's per-connection hook: the connection's own rotation of the request list. */
  function spreadRequests(client: { requestIterator: { setRequests: (list: unknown[]) => void } }): void {
    const start = Math.floor((connection * requests.length) / job.connections) % requests.length;
    connection += 1;
    client.requestIterator.setRequests([...requests.slice(start), ...requests.slice(0, start)].map((r) => ({ ...r })));
  }

  const instance = autocannon(
    {
      url: job.url,
      connections: job.connections,
      duration: job.durationSeconds,
      timeout: 10,
      requests,
      ...(job.spread ? { setupClient: spreadRequests as unknown as autocannon.Options['setupClient'] } : {}),
    },
    (error, result) => {
      if (error) throw error;
      report(times, statusCounts, {
        errors: result.errors,
        timeouts: result.timeouts,
        bytesPerSecond: result.throughput.average,
      });
    },
  );
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
    statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
  });
}
