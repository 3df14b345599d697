/**
 * `node bench/src/hot-cpu.ts (--reuse-pg URL --data-dir DIR | --reuse-pglite DIR) [--only a,b] [--duration S]`
 * CPU per request of the hot public reads, server against ceiling (decision 0035). On a shared machine
 * req/s measure the neighbours as much as the server; the CPU time the server process spends per
 * answered request does not. Each scenario: probe every request once (the bytes for the ceiling),
 * warm up, then drive 50 connections for `duration` seconds and read the process's utime + stime from
 * /proc before and after; the same for the node:http ceiling (bench/src/ceiling.ts) with the same
 * bytes. `ratio` = ceiling CPU / server CPU per request: the share of the ceiling the server would
 * reach with its core to itself. PostgreSQL backends' CPU is not counted (cached reads barely reach them).
 * Uses an already seeded database (`npm run seed -- --size bench …`); nothing is written to it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, serverArgs, serverEnv, spawnServer, stopProcess } from '@glyphary/test-support';
import type { ClientJob, ClientResult } from './client.ts';
import { waitUntilQuiet } from './processes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { values } = parseArgs({
  options: {
    'reuse-pg': { type: 'string' },
    'reuse-pglite': { type: 'string' },
    'data-dir': { type: 'string' },
    only: { type: 'string' },
    duration: { type: 'string', default: '10' },
    // Fewer glyph pages: each page's entry expires once a second, so fewer pages isolate the cost of a hit.
    'detail-ids': { type: 'string', default: '100' },
  },
});
const durationSeconds = Number(values.duration);
const databaseUrl = values['reuse-pg'];
const dataDir = path.resolve(
  values['reuse-pglite'] ?? values['data-dir'] ?? fail('--reuse-pglite DIR or --reuse-pg URL --data-dir DIR'),
);
const only = values.only?.split(',').map((s) => s.trim());
const TICK_SECONDS = 0.01; // USER_HZ on Linux

function fail(message: string): never {
  console.error(`usage: ${message}`);
  process.exit(2);
}

/** utime + stime of a process, in seconds. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_SECONDS;
}

const taskset = (core: number, args: string[]): [string, string[]] => [
  'taskset',
  ['-c', String(core), process.execPath, ...args],
];

async function runClient(job: ClientJob): Promise<ClientResult> {
  const file = path.join(os.tmpdir(), `hot-cpu-job-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(job));
  const [command, args] = taskset(1, [path.join(here, 'client.ts'), file]);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  fs.rmSync(file, { force: true });
  return JSON.parse(out) as ClientResult;
}

async function measure(url: string, pid: number, requests: ClientJob['requests']) {
  await runClient({ url, connections: 50, durationSeconds: 2, requests });
  const before = cpuSeconds(pid);
  const result = await runClient({ url, connections: 50, durationSeconds, requests });
  const cpu = cpuSeconds(pid) - before;
  return { result, cpuPerRequestUs: (cpu / Math.max(1, result.requests)) * 1e6, cpuShare: cpu / durationSeconds };
}

async function capture(base: string, requestPath: string) {
  const response = await fetch(`${base}${requestPath}`);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    if (!['content-length', 'connection', 'keep-alive', 'date', 'transfer-encoding'].includes(key)) headers[key] = value;
  });
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()).toString('base64') };
}

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const limit = '100000000';
const env = { ...serverEnv({ port, url, dataDir, databaseUrl }), READ_RATE_LIMIT: limit, WRITE_RATE_LIMIT: limit };
const [command, args] = taskset(0, serverArgs());
const { child: server } = await spawnServer({ command, args, cwd: root, env, url, stdio: ['ignore', 'ignore', 'inherit'] });
let ceiling: ChildProcess | undefined;
try {
  // Boot work (the search index load) finishes before anything is measured (decision 0047).
  const quietAfter = await waitUntilQuiet(server.pid);
  const list = (await (await fetch(`${url}/api/get-glyphs?sort=latest&limit=100`)).json()) as { glyphs: { id: string }[] };
  const ids = list.glyphs.map((g) => g.id);
  const animationUrls = new Set<string>();
  for (const id of ids) {
    const detail = (await (await fetch(`${url}/api/get-glyph/${id}`)).json()) as {
      glyph: { animation?: { url: string } | null };
    };
    if (detail.glyph.animation?.url) animationUrls.add(detail.glyph.animation.url);
  }
  const scenarios = [
    { name: 'home-latest', paths: ['/api/get-glyphs?sort=latest&limit=12'] },
    { name: 'home-popular', paths: ['/api/get-glyphs?sort=popular&limit=12'] },
    { name: 'glyph-detail', paths: ids.slice(0, Number(values['detail-ids'])).map((id) => `/api/get-glyph/${id}`) },
    { name: 'animation-file', paths: [...animationUrls] },
  ].filter((s) => !only || only.includes(s.name));

  const captured: Record<string, unknown> = {};
  for (const scenario of scenarios)
    for (const p of scenario.paths) {
      const bytes = await capture(url, p);
      captured[`GET ${p}`] = bytes;
      captured[`GET ${p.split('?')[0]?.split('/').slice(0, 3).join('/')}`] ??= bytes;
    }
  const file = path.join(os.tmpdir(), `hot-cpu-ceiling-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(captured));
  const [ceilingCommand, ceilingArgs] = taskset(0, [path.join(here, 'ceiling.ts'), file]);
  ceiling = spawn(ceilingCommand, ceilingArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
  const ceilingPort = await new Promise<number>((resolve) =>
    ceiling?.stdout?.once('data', (chunk: Buffer) => resolve((JSON.parse(chunk.toString()) as { port: number }).port)),
  );
  const ceilingUrl = `http://127.0.0.1:${ceilingPort}`;

  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}; ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; ${durationSeconds} s per run; server quiet ${quietAfter.toFixed(0)} s after start`,
  );
  console.log('| Endpoint | server µs CPU/req | ceiling µs CPU/req | CPU ratio | server req/s | p99 ms | ceiling req/s |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const scenario of scenarios) {
    const requests = scenario.paths.map((p) => ({ method: 'GET', path: p }));
    const real = await measure(url, server.pid as number, requests);
    const ideal = await measure(ceilingUrl, ceiling.pid as number, requests);
    const bad = Object.entries(real.result.statusCounts).filter(([code]) => code !== '200');
    console.log(
      `| ${scenario.name} | ${real.cpuPerRequestUs.toFixed(1)} | ${ideal.cpuPerRequestUs.toFixed(1)} | ${((ideal.cpuPerRequestUs / real.cpuPerRequestUs) * 100).toFixed(0)}% | ${real.result.rps.toFixed(0)} | ${real.result.latencyMs.p99.toFixed(1)} | ${ideal.result.rps.toFixed(0)} |${bad.length ? ` non-200: ${JSON.stringify(bad)}` : ''}`,
    );
  }
  fs.rmSync(file, { force: true });
  console.log(
    `load average at the end ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await stopProcess(ceiling);
  await stopProcess(server);
}
