/**
 * A fixed arrival rate, as SECURITY "Load" means it: request i is due at i / rate seconds, whatever
 * the server is doing, on a pool of keep-alive connections, and its latency counts from when it was
 * due, not from when a free connection could send it (so a stalled server shows as latency instead of
 * as fewer requests: no coordinated omission). autocannon's `overallRate` is not this: each of its
 * connections may send `rate / connections` requests per one-second window, so 50 connections at
 * 50/s send 50 requests together once a second.
 */
import http from 'node:http';

export interface OpenLoopJob {
  url: string;
  /** Sockets the requests share; a request due while all are busy waits for one (and that wait counts). */
  connections: number;
  durationSeconds: number;
  /** Requests per second, evenly spaced. */
  rate: number;
  /** Walked in order, round and round. */
  requests: { method: string; path: string; headers?: Record<string, string>; body?: string }[];
  /**
   * A request whose connection stays silent this long once it has one (node:http's socket idle timeout)
   * is abandoned and counts as a timeout; its wait for a free connection is
   * not part of this bound, but is part of its latency.
   */
  timeoutMs?: number;
}

export interface OpenLoopSample {
  /** Milliseconds from the start of the run at which the request was due. */
  dueMs: number;
  /** Milliseconds from due to the last byte of the response (or to the error). */
  latencyMs: number;
  /** 0 for a connection error or timeout. */
  status: number;
  bytes: number;
  timedOut: boolean;
}

/** Sends `rate × durationSeconds` requests, each at its due time; resolves when every one is settled. */
export async function runOpenLoop(job: OpenLoopJob): Promise<OpenLoopSample[]> {
  const target = new URL(job.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  const total = Math.round(job.rate * job.durationSeconds);
  const intervalMs = 1000 / job.rate;
  const timeoutMs = job.timeoutMs ?? 10_000;
  const samples: OpenLoopSample[] = [];
  const start = performance.now();
  let sent = 0;

  const send = (index: number): Promise<void> => {
    const spec = job.requests[index % job.requests.length]!;
    const dueMs = index * intervalMs;
    return new Promise((resolve) => {
      let settled = false;
      let timedOut = false;
      const settle = (status: number, bytes: number) => {
        if (settled) return;
        settled = true;
        samples.push({ dueMs, latencyMs: performance.now() - start - dueMs, status, bytes, timedOut });
        resolve();
      };
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: spec.method,
          path: spec.path,
          headers: { ...spec.headers, ...(spec.body === undefined ? {} : { 'content-length': Buffer.byteLength(spec.body) }) },
          agent,
          timeout: timeoutMs,
        },
        (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => settle(response.statusCode ?? 0, bytes));
          response.on('error', () => settle(0, bytes));
        },
      );
      request.on('timeout', () => {
        timedOut = true;
        request.destroy(new Error('timeout'));
      });
      request.on('error', () => settle(0, 0));
      request.end(spec.body);
    });
  };

  const inFlight: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    // One timer: on each wake-up, send everything now due, then sleep until the next one is.
    const tick = () => {
      const elapsed = performance.now() - start;
      while (sent < total && sent * intervalMs <= elapsed) inFlight.push(send(sent++));
      if (sent >= total) return resolve();
      setTimeout(tick, Math.max(0, sent * intervalMs - (performance.now() - start)));
    };
    tick();
  });
  await Promise.all(inFlight);
  agent.destroy();
  return samples;
}
