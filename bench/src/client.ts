/**
 * The load client, run in its own process pinned to its own core (taskset -c 1) so it never competes
 * with the server for CPU. Usage: node bench/src/client.ts <job.json>; prints one JSON result line.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';

export interface ClientJob {
  url: string;
  connections: number;
  durationSeconds: number;
  /** Fixed arrival rate across all connections (autocannon overallRate); absent = closed loop. */
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
}

const job = JSON.parse(fs.readFileSync(process.argv[2] as string, 'utf8')) as ClientJob;
const times: number[] = [];
const statusCounts: Record<string, number> = {};

/** Summarises the run from our own samples (exact p95) and autocannon's totals. */
function report(error: Error | null, result: autocannon.Result): void {
  if (error) throw error;
  const sorted = Float64Array.from(times).sort();
  const at = (q: number) =>
    sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number);
  const mean = sorted.length === 0 ? 0 : sorted.reduce((a, b) => a + b, 0) / sorted.length;
  const out: ClientResult = {
    requests: sorted.length,
    rps: sorted.length / job.durationSeconds,
    statusCounts,
    errors: result.errors,
    timeouts: result.timeouts,
    latencyMs: { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1), mean },
    bytesPerSecond: result.throughput.average,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

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
    ...(job.overallRate ? { overallRate: job.overallRate } : {}),
    requests,
    ...(job.spread ? { setupClient: spreadRequests as unknown as autocannon.Options['setupClient'] } : {}),
  },
  report,
);
// Exact percentiles (autocannon's summary has no p95, which DESIGN §5 uses for search).
instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
  times.push(responseTime);
  statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
});
