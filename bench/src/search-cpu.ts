/**
 * CPU per cold search (decision 0034): runs the `search-varied` requests of run.ts (2,000 distinct
 * terms, limit 100, 50 connections, each connection at its own place in the list) against a server
 * you started (pin it: `taskset -c 0 node apps/server/src/main.ts`), with the load client on core 1,
 * and prints req/s, latency percentiles, the server process's CPU per request, the CPU per request
 * of the PostgreSQL backends connected to `database`, and its transactions per request.
 *
 *   node bench/src/search-cpu.ts <server-url> <server-pid> <database-name> [seconds=10]
 *
 * A 3-second warm-up run comes first. CPU comes from /proc (utime + stime, all threads), so it is
 * far less sensitive to a busy machine than the latencies; report the load average with either.
 */
import fs from 'node:fs';
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { searchTerms } from './content.ts';
import { createRng } from './prng.ts';

const [url, pid, dbName, seconds = '10'] = process.argv.slice(2);
if (!url || !pid || !dbName) {
  console.error('Usage: node bench/src/search-cpu.ts <server-url> <server-pid> <database-name> [seconds]');
  process.exit(2);
}
const ticks = (p: number) => {
  try {
    const f = (fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
};
const admin = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres');
await admin.connect();
const backends = async () =>
  (await admin.query('select pid from pg_stat_activity where datname = $1', [dbName])).rows.map((r) => r.pid as number);
// WORKLOAD=record-view (decision 0043): counted views instead — 100 glyphs, each request from its own
// X-Forwarded-For address (start the server with TRUST_PROXY=true), so every view is counted and
// writes its counter; VIEW_BLOCK picks a fresh address range per run (0–250).
const viewBlock = Number(process.env.VIEW_BLOCK ?? 0);
// VIEW_CLIENT=one: the bench's record-view row instead — one client viewing the same 100 glyphs, so
// after the first 100 every view is a repeat that counts nothing.
const oneClient = process.env.VIEW_CLIENT === 'one';
const acceptEncoding = process.env.ACCEPT_ENCODING;
const requests =
  process.env.WORKLOAD === 'record-view'
    ? await (async () => {
        const client = new pg.Client(`postgres://postgres@127.0.0.1:5432/${dbName}`);
        await client.connect();
        const ids = (await client.query('select id from glyphs where deleted_at is null order by id limit 100')).rows.map(
          (r) => r.id as string,
        );
        await client.end();
        return Array.from({ length: 15_000 }, (_, i) => ({
          method: 'POST',
          path: '/api/record-view',
          headers: {
            'content-type': 'application/json',
            ...(oneClient ? {} : { 'x-forwarded-for': `10.${viewBlock}.${(i >> 8) & 255}.${i & 255}` }),
          },
          body: JSON.stringify({ glyphId: ids[i % ids.length] }),
        }));
      })()
    : searchTerms(createRng(9), 2000).map((term) => ({
        method: 'GET',
        path: `/api/get-glyphs?search=${encodeURIComponent(term)}&limit=100`,
        // ACCEPT_ENCODING='gzip, deflate, br, zstd' (decision 0071): the searches as Chromium sends them, so
        // the CPU per search includes compressing each fresh page; unset, they ask for no encoding (0009).
        ...(acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : {}),
      }));
const jobFile = `${os.tmpdir()}/glyphary-search-cpu-${process.pid}.json`;
const job = (d: number) => {
  fs.writeFileSync(jobFile, JSON.stringify({ url, connections: 50, durationSeconds: d, requests, spread: true }));
  return JSON.parse(execFileSync('taskset', ['-c', '1', process.execPath, 'bench/src/client.ts', jobFile]).toString());
};
job(3);
const xacts = async () =>
  Number((await admin.query('select xact_commit from pg_stat_database where datname = $1', [dbName])).rows[0]?.xact_commit ?? 0);
const x0 = await xacts();
const pids = await backends();
const pgBefore = new Map(pids.map((p) => [p, ticks(p)]));
const before = { server: ticks(Number(pid)) };
const load = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
const res = job(Number(seconds));
// A backend that exited meanwhile (the pool closes idle connections) reads 0: counted as no work.
const after = {
  server: ticks(Number(pid)),
  pg: pids.reduce((sum, p) => {
    const t = ticks(p);
    return t > 0 ? sum + t - (pgBefore.get(p) ?? t) : sum;
  }, 0),
};
const n = res.requests;
console.log(
  JSON.stringify({
    rps: res.rps,
    n,
    status: res.statusCounts,
    errors: res.errors,
    latencyMs: res.latencyMs,
    pgQueriesPerReq: ((await xacts()) - x0 - 2) / n,
    serverCpuMsPerReq: ((after.server - before.server) * 10) / n,
    pgBackendCpuMsPerReq: (after.pg * 10) / n,
    loadAtStart: load,
    loadAtEnd: os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' '),
  }),
);
await admin.end();
