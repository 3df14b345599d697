import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runOpenLoop } from './open-loop.ts';

/** A real server on 127.0.0.1 that notes when each request arrives and answers after `delayMs`. */
async function startServer(delayMs: number) {
  const arrivals: number[] = [];
  const bodies: string[] = [];
  const server = http.createServer((request, response) => {
    arrivals.push(performance.now());
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      bodies.push(`${request.method} ${request.url} ${body}`);
      setTimeout(() => response.end('ok'), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, arrivals, bodies, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let open: http.Server | undefined;
afterEach(async () => {
  const server = open;
  open = undefined;
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('runOpenLoop', () => {
  it('spreads the arrivals evenly instead of sending a second of requests at once', async () => {
    const { server, arrivals, bodies, url } = await startServer(0);
    open = server;
    const samples = await runOpenLoop({
      url,
      connections: 50,
      durationSeconds: 1,
      rate: 100,
      requests: [
        { method: 'POST', path: '/a', headers: { 'content-type': 'application/json' }, body: '{"n":1}' },
        { method: 'GET', path: '/b' },
      ],
    });
    expect(samples).toHaveLength(100);
    expect(samples.every((s) => s.status === 200 && s.bytes === 2 && !s.timedOut)).toBe(true);
    // The list is walked round-robin, bodies included. Counted, not compared in arrival order: requests
    // 10 ms apart on 50 connections can reach the server in either order on a loaded machine.
    expect(bodies.filter((b) => b === 'POST /a {"n":1}')).toHaveLength(50);
    expect(bodies.filter((b) => b === 'GET /b ')).toHaveLength(50);
    // 10 ms apart: a 100 ms window holds about 10 arrivals. autocannon's overallRate with 50
    // connections would put all 50 of a connection window's requests into one.
    arrivals.sort((a, b) => a - b);
    let busiest = 0;
    for (let i = 0, j = 0; i < arrivals.length; i++) {
      while (arrivals[i]! - arrivals[j]! > 100) j++;
      busiest = Math.max(busiest, i - j + 1);
    }
    expect(busiest).toBeLessThanOrEqual(25);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(800);
  });

  it('counts latency from when a request was due, so a server that cannot keep up shows it', async () => {
    // Two connections and 50 ms per answer hold 40 requests/s; 100/s are due. Each request waits
    // behind the ones before it: the last of the second is due at 990 ms and answered near 2.5 s.
    const { server, url } = await startServer(50);
    open = server;
    const samples = await runOpenLoop({
      url,
      connections: 2,
      durationSeconds: 1,
      rate: 100,
      requests: [{ method: 'GET', path: '/' }],
    });
    const latencies = samples.map((s) => s.latencyMs).sort((a, b) => a - b);
    expect(samples).toHaveLength(100);
    expect(latencies.at(-1)!).toBeGreaterThan(1000);
    // Measured from the send instead, every request would take about 50 ms.
    expect(latencies[Math.floor(latencies.length / 2)]!).toBeGreaterThan(300);
  });

  it('reports a refused connection as an error sample, not a response', async () => {
    const { server, url } = await startServer(0);
    await new Promise((resolve) => server.close(resolve));
    const samples = await runOpenLoop({
      url,
      connections: 2,
      durationSeconds: 0.1,
      rate: 50,
      requests: [{ method: 'GET', path: '/' }],
    });
    expect(samples).toHaveLength(5);
    expect(samples.every((s) => s.status === 0 && !s.timedOut)).toBe(true);
  });
});
