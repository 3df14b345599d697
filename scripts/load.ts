/**
 * `npm run load -- [--short] [--legs pglite,postgres] [--pg-url URL]`: the load runs of SECURITY.md "Load"
 * against the real production server on a seeded database (scripts/seed/seed-lib.ts), at fixed arrival rates
 * (autocannon `overallRate`, via bench/src/client.ts), server pinned to core 0 and client to core 1:
 *
 *   L2 read mix (lists, detail, record-view, search, storefront, health): 150/s PGlite (p99 ≤ 500 ms), 300/s PostgreSQL (p99 ≤ 250 ms), zero errors
 *   L3 50 like toggles/s from 20 users
 *   L4 200 record-views/s from one client on one glyph: counted once
 *   L5 20 parallel 50 MB downloads: server RSS must not grow with them
 *   L6 a sign-in flood (wrong password, one IP) answered by 429 before any hashing, while reads stay fast
 *   L7 the invariants I1–I7 after every write run (after a sync, for I2)
 *
 * Loopback only, bounded in count and time. `--short`: ~2 s per run, the tiny seed, 5 MB downloads.
 * Prints a table; exits 1 when a budget or an invariant fails.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  buildApk,
  canPin,
  freePort,
  GLYPH_ENABLE,
  pinnedCommand,
  rssMb,
  serverArgs,
  serverEnv,
  spawnServer,
  stopProcess,
  type SpawnedServer,
} from '@glyphary/test-support';
import type { ClientJob, ClientResult } from '../bench/src/client.ts';
import { runClient as runBenchClient } from '../bench/src/processes.ts';
import { ADMIN_EMAIL, DEFAULT_PASSWORD, seedDatabase } from './seed/seed-lib.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { checkInvariants } from '../apps/server/src/db/invariants.ts';
import { createLocalFileStore } from '../apps/server/src/modules/files/file-store.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    legs: { type: 'string' },
    'pg-url': { type: 'string' },
  },
});
const short = values.short;
const seconds = short ? 2 : 10;
const pgAdminUrl = values['pg-url'] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const hasTaskset = canPin();
const log = (line: string) => console.error(line);

interface Row {
  leg: string;
  run: string;
  target: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  statuses: string;
  budget: string;
  ok: boolean;
}
const rows: Row[] = [];

type Server = SpawnedServer;

async function startServer(dataDir: string, databaseUrl: string | undefined, secret: string): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const lifted = '100000000';
  const env = {
    ...serverEnv({ port, url, dataDir, databaseUrl, secret, superAdminEmail: ADMIN_EMAIL }),
    // The load comes from one address: lift read/write limits so the server is measured, not the limiter.
    // The auth limits stay at their defaults: L6 measures them.
    READ_RATE_LIMIT: lifted,
    WRITE_RATE_LIMIT: lifted,
    UPLOAD_RATE_LIMIT: lifted,
  };
  const [command, args] = pinnedCommand(0, process.execPath, serverArgs());
  return spawnServer({ command, args, cwd: root, env, url });
}

async function stopServer(server: Server): Promise<void> {
  await stopProcess(server.child);
}

/** The server's resident memory in MB. */
const serverRssMb = (server: Server) => rssMb(server.child.pid);

/** One load run (bench's client, pinned to core 1); says so when nothing answered. */
async function runClient(job: ClientJob, dir: string): Promise<ClientResult> {
  const result = await runBenchClient(job, dir);
  if (result.requests === 0) log(`load client: no responses for ${job.requests[0]?.method} ${job.requests[0]?.path}`);
  return result;
}

async function api(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const headers: Record<string, string> = { origin: base };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, json: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

function record(leg: string, run: string, target: string, result: ClientResult, budget: string, ok: boolean) {
  const statuses = Object.entries(result.statusCounts)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  rows.push({
    leg,
    run,
    target,
    requests: result.requests,
    rps: Math.round(result.rps),
    p50: Math.round(result.latencyMs.p50),
    p99: Math.round(result.latencyMs.p99),
    statuses: `${statuses}${result.errors ? ` errors×${result.errors}` : ''}`,
    budget,
    ok,
  });
}

function errorsOf(result: ClientResult, allowed: string[] = []): number {
  return (
    Object.entries(result.statusCounts)
      .filter(([status]) => !status.startsWith('2') && !allowed.includes(status))
      .reduce((n, [, count]) => n + count, 0) +
    result.errors +
    result.timeouts
  );
}

async function invariants(leg: string, label: string, dataDir: string, databaseUrl: string | undefined): Promise<boolean> {
  const database = await openDatabase({ databaseUrl, dataDir, poolMax: 2 });
  try {
    const results = await checkInvariants(database.db, createLocalFileStore(path.join(dataDir, 'files')), {
      verifyHashes: !short,
    });
    const broken = results.filter((r) => r.violations.length > 0);
    rows.push({
      leg,
      run: 'L7 invariants',
      target: label,
      requests: 0,
      rps: 0,
      p50: 0,
      p99: 0,
      statuses: broken.length === 0 ? 'I1–I7 hold' : broken.map((r) => `${r.id}: ${r.violations[0]}`).join('; '),
      budget: 'all hold',
      ok: broken.length === 0,
    });
    return broken.length === 0;
  } finally {
    await database.close();
  }
}

async function runLeg(leg: 'pglite' | 'postgres') {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `glyphary-load-${leg}-`));
  const dataDir = path.join(work, 'data');
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (leg === 'postgres') {
    const name = `glyphary_load_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(pgAdminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
    dropDb = async () => {
      const cleanup = new pg.Client({ connectionString: pgAdminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  }
  const secret = randomBytes(32).toString('base64url');
  try {
    log(`[${leg}] seeding ${short ? 'tiny' : 'demo'}…`);
    const seeded = await seedDatabase({ size: short ? 'tiny' : 'demo', dataDir, databaseUrl, log: () => undefined });
    // The seed migrates through its own connection; the server migrates again at boot (a no-op).
    let server = await startServer(dataDir, databaseUrl, secret);
    const restart = async (label: string) => {
      // PGlite is single-process: stop the server to check the data, then start it again.
      const sync = await api(server.url, 'POST', '/api/admin/sync-glyph-counts', { syncAll: true }, adminToken);
      if (sync.status !== 200) log(`[${leg}] sync before ${label}: ${sync.status}`);
      if (leg === 'pglite') {
        await stopServer(server);
        await invariants(leg, label, dataDir, databaseUrl);
        server = await startServer(dataDir, databaseUrl, secret);
        adminToken = await signIn(ADMIN_EMAIL);
        return;
      }
      await invariants(leg, label, dataDir, databaseUrl);
    };
    const signIn = async (email: string) => {
      const response = await api(server.url, 'POST', '/api/auth/sign-in/email', { email, password: DEFAULT_PASSWORD });
      if (response.status !== 200) throw new Error(`sign-in ${email}: ${response.status} ${JSON.stringify(response.json)}`);
      return response.json.token as string;
    };
    let adminToken = await signIn(ADMIN_EMAIL);
    const glyphIds = seeded.sample.glyphIds;
    const creator = seeded.sample.topCreator;

    // L2: the read mix.
    const rate = leg === 'pglite' ? 150 : 300;
    const p99Budget = leg === 'pglite' ? 500 : 250;
    const reads: ClientJob['requests'] = [
      { method: 'GET', path: '/api/get-glyphs?limit=12' },
      { method: 'GET', path: '/api/get-glyphs?sort=popular&limit=12' },
      { method: 'GET', path: `/api/get-glyph/${glyphIds[0]}` },
      { method: 'GET', path: `/api/get-glyph/${glyphIds[1] ?? glyphIds[0]}` },
      {
        method: 'POST',
        path: '/api/record-view',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ glyphId: glyphIds[2] ?? glyphIds[0] }),
      },
      { method: 'GET', path: '/api/get-glyphs?search=glyph&limit=12' },
      { method: 'GET', path: `/api/get-user-by-username/${creator.username}` },
      { method: 'GET', path: `/api/get-user-stats/${creator.id}` },
      { method: 'GET', path: '/api/health' },
    ];
    const mix = await runClient(
      { url: server.url, connections: 20, durationSeconds: seconds, overallRate: rate, requests: reads },
      work,
    );
    record(
      leg,
      'L2 read mix',
      `${rate}/s`,
      mix,
      `p99 ≤ ${p99Budget} ms, 0 errors${short ? ' (p99 informational in --short)' : ''}`,
      (short || mix.latencyMs.p99 <= p99Budget) && errorsOf(mix) === 0,
    );
    await restart('after L2 (record-view writes)');

    // L3: 50 like toggles/s from 20 users over the popular glyphs.
    const emails = seeded.sample.userEmails.slice(0, 20);
    const tokens: string[] = [];
    for (const email of emails.slice(0, 10)) tokens.push(await signIn(email)); // 10 sign-ins: well under the per-IP limit
    const toggles: ClientJob['requests'] = tokens.flatMap((token, i) =>
      glyphIds
        .slice(0, 3)
        .map((glyphId, j) => ({
          method: 'POST',
          path: '/api/toggle-like',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ glyphId: glyphIds[(i + j) % glyphIds.length] ?? glyphId }),
        })),
    );
    const likes = await runClient(
      { url: server.url, connections: 10, durationSeconds: seconds, overallRate: 50, requests: toggles },
      work,
    );
    record(leg, 'L3 like toggles', '50/s', likes, '0 errors, then I1/I3', errorsOf(likes) === 0);
    await restart('after L3 (likes)');

    // L4: 200 record-views/s from one client (one address, no session) on one glyph: counted once.
    const target = glyphIds[glyphIds.length - 1]!;
    const before = ((await api(server.url, 'GET', `/api/get-glyph/${target}`)).json.glyph as { views: number }).views;
    const views = await runClient(
      {
        url: server.url,
        connections: 10,
        durationSeconds: seconds,
        overallRate: 200,
        requests: [
          {
            method: 'POST',
            path: '/api/record-view',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ glyphId: target }),
          },
        ],
      },
      work,
    );
    const after = ((await api(server.url, 'GET', `/api/get-glyph/${target}`)).json.glyph as { views: number }).views;
    const firstSeen = before === after ? 0 : 1; // 0 when this client had already viewed it in L2
    record(
      leg,
      'L4 record-view, one client',
      '200/s',
      views,
      `views +${firstSeen} (was ${before}, now ${after})`,
      errorsOf(views) === 0 && after - before <= 1,
    );
    await restart('after L4 (views)');

    // L5: 20 parallel downloads of one large APK; RSS sampled every 100 ms.
    const megabytes = short ? 5 : 49; // the 50 MB cap includes the multipart envelope
    const apk = makeStoredApk(megabytes * 1024 * 1024);
    const boundary = `----glypharyload${randomBytes(6).toString('hex')}`;
    const form = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\napks\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="load.apk"\r\nContent-Type: application/vnd.android.package-archive\r\n\r\n`,
      ),
      apk,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await fetch(`${server.url}/api/upload-file`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${adminToken}`,
        origin: server.url,
      },
      body: form,
    });
    if (uploaded.status !== 200) throw new Error(`L5 upload: ${uploaded.status} ${await uploaded.text()}`);
    const { url: apkUrl } = (await uploaded.json()) as { url: string };
    const baseline = serverRssMb(server);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, serverRssMb(server))), 100);
    const started = Date.now();
    const sizes = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<number>((resolve, reject) => {
            http
              .get(`${server.url}${apkUrl}`, { agent: false }, (response) => {
                let bytes = 0;
                response.on('data', (chunk: Buffer) => (bytes += chunk.length));
                response.on('end', () => resolve(response.statusCode === 200 ? bytes : -1));
                response.on('error', reject);
              })
              .on('error', reject);
          }),
      ),
    );
    clearInterval(sampler);
    const elapsed = (Date.now() - started) / 1000;
    const complete = sizes.filter((n) => n === apk.length).length;
    const growth = Math.round(peak - baseline);
    rows.push({
      leg,
      run: 'L5 parallel downloads',
      target: `20 × ${megabytes} MB`,
      requests: 20,
      rps: Math.round((20 * megabytes) / elapsed),
      p50: 0,
      p99: Math.round(elapsed * 1000),
      statuses: `${complete}/20 complete; RSS ${Math.round(baseline)} → peak ${Math.round(peak)} MB (+${growth})`,
      budget: 'all complete, RSS growth < 100 MB',
      ok: complete === 20 && growth < 100,
    });

    // L6: a sign-in flood (wrong password, one address) with reads alongside.
    const floodSeconds = Math.max(seconds, 5);
    const flood = runClient(
      {
        url: server.url,
        connections: 20,
        durationSeconds: floodSeconds,
        overallRate: 200,
        requests: [
          {
            method: 'POST',
            path: '/api/auth/sign-in/email',
            headers: { 'content-type': 'application/json', origin: server.url },
            body: JSON.stringify({ email: emails[0] ?? ADMIN_EMAIL, password: 'not-the-password' }),
          },
        ],
      },
      work,
    );
    const readsDuring = runClient(
      {
        url: server.url,
        connections: 10,
        durationSeconds: floodSeconds,
        overallRate: 50,
        requests: reads.filter((r) => r.method === 'GET'),
      },
      work,
    );
    const [floodResult, readResult] = await Promise.all([flood, readsDuring]);
    const limited = floodResult.statusCounts['429'] ?? 0;
    const hashed = floodResult.requests - limited;
    record(
      leg,
      'L6 sign-in flood',
      '200/s',
      floodResult,
      `429 for all but the limit (≤ 30 reach hashing); got ${hashed} past it`,
      hashed <= 30 && limited > 0 && floodResult.errors === 0,
    );
    record(
      leg,
      'L6 reads during flood',
      '50/s',
      readResult,
      `p99 ≤ ${p99Budget} ms, 0 errors${short ? ' (p99 informational in --short)' : ''}`,
      readResult.requests > 0 && (short || readResult.latencyMs.p99 <= p99Budget) && errorsOf(readResult) === 0,
    );

    await stopServer(server);
    await invariants(leg, 'end of leg', dataDir, databaseUrl);
  } finally {
    await dropDb?.();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** A real toy APK (the shared test-support builder) whose bulk is one stored entry of `bytes` bytes. */
function makeStoredApk(bytes: number): Buffer {
  return buildApk({
    packageName: 'com.example.load',
    permissions: [GLYPH_ENABLE],
    toys: [{ service: '.LoadToy', name: 'Load toy', aod: true }],
    extraEntries: [{ name: 'assets/lights.bin', data: Buffer.alloc(bytes, 0x2a) }],
  });
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: pgAdminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const legs = (values.legs ?? (short ? 'pglite' : 'pglite,postgres')).split(',').map((leg) => leg.trim()) as Array<
  'pglite' | 'postgres'
>;
log(
  `load: ${short ? 'SHORT ' : ''}legs=${legs.join(',')} ${seconds}s per run${hasTaskset ? ', server on core 0, client on core 1' : ' (no taskset: unpinned)'}`,
);
for (const leg of legs) {
  if (leg === 'postgres' && !(await postgresReachable())) {
    log(`[postgres] skipped: ${new URL(pgAdminUrl).host} does not answer`);
    continue;
  }
  await runLeg(leg);
}

const header = ['leg', 'run', 'target', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'outcome', 'budget', 'ok'];
console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
for (const row of rows) {
  console.log(
    `| ${[row.leg, row.run, row.target, row.requests, row.rps, row.p50, row.p99, row.statuses, row.budget, row.ok ? 'yes' : 'NO'].join(' | ')} |`,
  );
}
const failed = rows.filter((row) => !row.ok);
console.log(
  failed.length === 0
    ? '\nload: every budget met, every invariant holds'
    : `\nload: ${failed.length} budget(s) or invariant check(s) failed`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
