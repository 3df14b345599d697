/**
 * `npm run bench [-- --smoke] [--legs pglite,postgres] [--duration S] [--pg-url URL] [--out DIR] [--only a,b] [--strict]`
 * Seeds a database, starts the production server pinned to core 0, drives autocannon from a child
 * pinned to core 1 (closed loop and fixed arrival rate), measures a plain node:http server that sends
 * the same bytes (the ceiling), and writes JSON + Markdown results (issue 9, DESIGN §5, SECURITY "Load").
 * Everything stays on 127.0.0.1 and every run is bounded in time.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import type { ClientJob, ClientResult } from './client.ts';
import { explainHotQueries, type ExplainRow } from './explain.ts';
import { searchTerms } from './content.ts';
import { createRng } from './prng.ts';
import { ADMIN_EMAIL, DEFAULT_PASSWORD, checkInvariants, seedDatabase, type SeedResult, type SeedSize } from './seed-lib.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

const { values } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    legs: { type: 'string' },
    duration: { type: 'string' },
    size: { type: 'string' },
    'pg-url': { type: 'string' },
    out: { type: 'string' },
    strict: { type: 'boolean', default: false },
    report: { type: 'string' },
    only: { type: 'string' },
    // An already seeded database (`npm run seed -- --size bench …`), kept after the run: no reseed.
    'reuse-pg': { type: 'string' },
    'reuse-pglite': { type: 'string' },
    // With --reuse-pg: the DATA_DIR that seed wrote the files to (images, animations), so file requests resolve.
    'data-dir': { type: 'string' },
  },
});
const smoke = values.smoke;
const durationSeconds = Number(values.duration ?? (smoke ? 1 : 10));
const warmupSeconds = smoke ? 0 : 3;
const connections = smoke ? 10 : 50;
const size = (values.size ?? (smoke ? 'tiny' : 'bench')) as SeedSize;
const legs = (values.legs ?? (smoke ? 'pglite' : 'pglite,postgres')).split(',').map((s) => s.trim()) as ('pglite' | 'postgres')[];
const pgAdminUrl = values['pg-url'] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const outDir = path.resolve(
  values.out ?? (smoke ? path.join(os.tmpdir(), 'glyphary-bench-smoke') : path.join(root, 'bench/results')),
);
const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-c', '0', 'true']);
    return os.availableParallelism() >= 2;
  } catch {
    return false;
  }
})();
/** What the report describes; `--report FILE.json` re-renders an earlier run with that run's settings. */
const settings = { durationSeconds, warmupSeconds, connections, size: size as string, pinned: hasTaskset };
const pinned = (core: number, command: string, args: string[]) =>
  (hasTaskset ? ['taskset', ['-c', String(core), command, ...args]] : [command, args]) as [string, string[]];
const log = (line: string) => console.error(line);

// ── endpoints ────────────────────────────────────────────────────────────────

type Request = ClientJob['requests'][number];
interface Scenario {
  name: string;
  label: string;
  group: 'home' | 'detail' | 'file' | 'storefront' | 'search' | 'search-typo' | 'search-varied' | 'write' | 'admin' | 'mix';
  requests: Request[];
  /** Fixed-arrival-rate runs (SECURITY "Load"), per leg. */
  rates?: Partial<Record<'pglite' | 'postgres', number>>;
  /** Only for the fixed-rate run (the read mix is judged there, not in closed loop). */
  note?: string;
  /** Connections start at different places in `requests` (distinct queries are not asked in step). */
  spread?: boolean;
}

interface Context {
  seed: SeedResult;
  /** glyph id → its `animation.url`, as the glyph page's player fetches it (issue 16). */
  animationUrls: Map<string, string>;
  userTokens: string[];
  adminToken: string | null;
}

const json = (extra: Record<string, string> = {}) => ({ 'content-type': 'application/json', ...extra });

function scenarios(ctx: Context): Scenario[] {
  const ids = ctx.seed.sample.glyphIds;
  const creator = ctx.seed.sample.topCreator;
  const get = (p: string, headers?: Record<string, string>): Request => ({
    method: 'GET',
    path: p,
    ...(headers ? { headers } : {}),
  });
  const latest = get('/api/get-glyphs?sort=latest&limit=12');
  const popular = get('/api/get-glyphs?sort=popular&limit=12');
  const detailIds = ids.slice(0, 100);
  const detail = detailIds.map((id) => get(`/api/get-glyph/${id}`));
  const storefront = [
    get(`/api/get-user-by-username/${creator.username}`),
    get(`/api/get-glyphs?creator_id=${creator.id}&limit=100`),
  ];
  const search = get('/api/get-glyphs?search=boot&limit=100');
  const typo = get('/api/get-glyphs?search=animaton&limit=100');
  // 2,000 distinct terms, each connection starting at its own place in the list: a term comes round
  // again only after ~40 others on every connection, far more than the 200-entry search cache keeps
  // in step, so nearly every query misses the read cache and this measures the search itself.
  const varied = searchTerms(createRng(9), 2000).map((term) => get(`/api/get-glyphs?search=${encodeURIComponent(term)}&limit=100`));
  const view = (id: string): Request => ({
    method: 'POST',
    path: '/api/record-view',
    headers: json(),
    body: JSON.stringify({ glyphId: id }),
  });
  const views = ids.slice(0, 100).map(view);
  const likes: Request[] = [];
  ctx.userTokens.forEach((token, u) => {
    for (let k = 0; k < 10; k += 1) {
      likes.push({
        method: 'POST',
        path: '/api/toggle-like',
        headers: json({ authorization: `Bearer ${token}` }),
        body: JSON.stringify({ glyphId: ids[(u * 7 + k) % ids.length] }),
      });
    }
  });
  // The player on a glyph page fetches the glyph's `animation.url` right after its detail.
  const withAnimation = (id: string): Request[] => {
    const url = ctx.animationUrls.get(id);
    return url ? [get(`/api/get-glyph/${id}`), get(url)] : [get(`/api/get-glyph/${id}`)];
  };
  const animationFiles = [...new Set(ctx.animationUrls.values())].map((url) => get(url));
  // SECURITY "Load": lists, detail (with the player's animation), record-view, search, storefront, health.
  const mix: Request[] = [];
  for (let i = 0; i < 20; i += 1) {
    mix.push(
      i % 2 === 0 ? latest : popular,
      ...withAnimation(detailIds[i % detailIds.length] as string),
      ...withAnimation(detailIds[(i + 20) % detailIds.length] as string),
      view(ids[(i * 3) % ids.length] as string),
    );
    if (i % 4 === 0) mix.push(i % 8 === 0 ? search : typo);
    if (i % 4 === 1) mix.push(...storefront);
    if (i % 4 === 2) mix.push(get('/api/health'));
  }
  const list: Scenario[] = [
    { name: 'home-latest', label: 'Home latest (get-glyphs sort=latest limit=12)', group: 'home', requests: [latest] },
    { name: 'home-popular', label: 'Home popular (get-glyphs sort=popular limit=12)', group: 'home', requests: [popular] },
    { name: 'glyph-detail', label: 'Glyph detail (get-glyph/{id}, 100 ids)', group: 'detail', requests: detail },
    {
      name: 'animation-file',
      label: `Player animation (GET animation.url, ${animationFiles.length} files)`,
      group: 'file',
      requests: animationFiles,
    },
    {
      name: 'storefront',
      label: 'Storefront (get-user-by-username + get-glyphs creator_id limit=100)',
      group: 'storefront',
      requests: storefront,
    },
    { name: 'search-common', label: 'Search "boot" (limit=100)', group: 'search', requests: [search] },
    { name: 'search-typo', label: 'Search misspelled "animaton" (limit=100)', group: 'search-typo', requests: [typo] },
    { name: 'search-varied', label: 'Search, 2,000 varied terms (limit=100, cache misses)', group: 'search-varied', requests: varied, spread: true },
    {
      name: 'record-view',
      label: 'record-view (one client, 100 glyphs)',
      group: 'write',
      requests: views,
      rates: { pglite: 200, postgres: 200 },
    },
    {
      name: 'toggle-like',
      label: `toggle-like (${ctx.userTokens.length} signed-in users)`,
      group: 'write',
      requests: likes,
      rates: { pglite: 50, postgres: 50 },
    },
    {
      name: 'admin-stats',
      label: 'Admin stats',
      group: 'admin',
      requests: ctx.adminToken ? [get('/api/admin/stats', { authorization: `Bearer ${ctx.adminToken}` })] : [],
    },
    {
      name: 'read-mix',
      label: 'Read mix (lists, detail + animation, record-view, search, storefront, health)',
      group: 'mix',
      requests: mix,
      rates: { pglite: 150, postgres: 300 },
    },
  ];
  return list;
}

// ── processes ────────────────────────────────────────────────────────────────

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/**
 * Waits until the server answers /api/health quickly again: requests abandoned by a timed-out run
 * (autocannon closes the socket, the server still finishes the query) must not be billed to the next
 * scenario. Bounded; returns the seconds it took.
 */
async function settle(baseUrl: string, maxSeconds = 180): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < maxSeconds * 1000) {
    const t = performance.now();
    const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(30_000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok && performance.now() - t < 250) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return (Date.now() - started) / 1000;
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

interface Server {
  child: ChildProcess;
  url: string;
  stderr: string[];
}

async function startServer(dataDir: string, databaseUrl: string | undefined): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const limit = '100000000';
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    PUBLIC_URL: url,
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
    SUPER_ADMIN_EMAIL: 'admin@example.com',
    LOG_LEVEL: 'warn',
    // The hourly count sync would otherwise start at boot and rescan every event row mid-run.
    SYNC_JOB: 'off',
    // The load comes from one loopback address: lift every per-IP limit so the server, not the
    // limiter, is measured (the limiter has its own tests).
    READ_RATE_LIMIT: limit,
    WRITE_RATE_LIMIT: limit,
    UPLOAD_RATE_LIMIT: limit,
    AUTH_IP_LIMIT: limit,
    AUTH_EMAIL_FAILURE_LIMIT: limit,
  };
  const [command, args] = pinned(0, process.execPath, [path.join(root, 'apps/server/src/main.ts')]);
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr.push(chunk.toString());
    if (stderr.length > 200) stderr.shift();
  });
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr.join('').slice(-2000)}`);
      return (await fetch(`${url}/api/health`)).ok;
    },
    120_000,
    'the server to answer /api/health',
  );
  return { child, url, stderr };
}

async function startCeiling(captured: Record<string, unknown>, dir: string): Promise<{ child: ChildProcess; url: string }> {
  const file = path.join(dir, 'ceiling-responses.json');
  fs.writeFileSync(file, JSON.stringify(captured));
  const [command, args] = pinned(0, process.execPath, [path.join(here, 'ceiling.ts'), file]);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve((JSON.parse(chunk.toString()) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`ceiling exited ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

async function runClient(job: ClientJob, dir: string): Promise<ClientResult> {
  const file = path.join(dir, `job-${randomBytes(4).toString('hex')}.json`);
  fs.writeFileSync(file, JSON.stringify(job));
  const [command, args] = pinned(1, process.execPath, [
    '--disable-warning=TimeoutNegativeWarning',
    path.join(here, 'client.ts'),
    file,
  ]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), (job.durationSeconds + 60) * 1000);
    child.once('exit', (code) => {
      clearTimeout(killer);
      fs.rmSync(file, { force: true });
      if (code !== 0) return reject(new Error(`load client exited ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop() as string) as ClientResult);
    });
  });
}

/** Runs a load job while sampling the server's resident memory; returns the result and peak RSS. */
async function measure(job: ClientJob, dir: string, pid: number | undefined): Promise<ClientResult & { rssMb: number }> {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250);
  try {
    const result = await runClient(job, dir);
    return { ...result, rssMb: Math.max(peak, rssMb(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

// ── probing and sign-in ──────────────────────────────────────────────────────

interface Probe {
  status: number;
  missing: boolean;
  error?: string;
  captured: { status: number; headers: Record<string, string>; body: string };
}

async function probe(baseUrl: string, request: Request): Promise<Probe> {
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const body = Buffer.from(await response.arrayBuffer());
  let error: string | undefined;
  try {
    error = (JSON.parse(body.toString()) as { error?: string }).error;
  } catch {
    // not JSON
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    // Same bytes, same headers, minus hop-by-hop ones node:http sets itself.
    if (!['content-length', 'connection', 'keep-alive', 'date', 'transfer-encoding'].includes(key)) headers[key] = value;
  });
  // The error handler's "Route METHOD /path not found" marks a route that is not built yet.
  const missing = response.status === 404 && typeof error === 'string' && error.startsWith('Route ');
  return {
    status: response.status,
    missing,
    ...(error ? { error } : {}),
    captured: { status: response.status, headers, body: body.toString('base64') },
  };
}

/** glyph id → `animation.url` from each glyph's detail, exactly what the player then fetches. */
async function animationUrlsOf(baseUrl: string, ids: string[]): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  for (const id of ids) {
    const response = await fetch(`${baseUrl}/api/get-glyph/${id}`);
    if (!response.ok) continue;
    const { glyph } = (await response.json()) as { glyph?: { animation?: { url?: string } | null } };
    if (glyph?.animation?.url) urls.set(id, glyph.animation.url);
  }
  return urls;
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string | null> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) return null;
  return ((await response.json()) as { token?: string }).token ?? null;
}

// ── budgets (DESIGN §5, SECURITY "Load") ─────────────────────────────────────

interface Row {
  leg: 'pglite' | 'postgres';
  scenario: string;
  label: string;
  mode: 'closed' | 'rate';
  state: 'ok' | 'missing' | 'error' | 'skipped';
  note?: string;
  target?: number;
  result?: ClientResult & { rssMb: number };
  ceiling?: ClientResult;
  ratio?: number;
  budgets: { text: string; met: boolean }[];
}

const GROUPS: Record<string, Scenario['group']> = {
  'home-latest': 'home',
  'home-popular': 'home',
  'glyph-detail': 'detail',
  'animation-file': 'file',
  storefront: 'storefront',
  'search-common': 'search',
  'search-typo': 'search-typo',
  'search-varied': 'search-varied',
  'record-view': 'write',
  'toggle-like': 'write',
  'admin-stats': 'admin',
  'read-mix': 'mix',
};
const JUDGE_NOTE = /^(no response completed|\d+ non-2xx)/;

/** Marks each DESIGN §5 / SECURITY "Load" budget met or missed and notes failed responses. Idempotent. */
function judge(row: Row): void {
  row.budgets = [];
  const kept = (row.note ?? '').split('; ').filter((part) => part && !JUDGE_NOTE.test(part));
  if (kept.length > 0) row.note = kept.join('; ');
  else delete row.note;
  const r = row.result;
  if (!r) return;
  const group = GROUPS[row.scenario];
  // autocannon counts a timeout as an error too.
  const failedStatuses = Object.entries(r.statusCounts).filter(([s]) => !s.startsWith('2'));
  const failed = failedStatuses.reduce((a, [, n]) => a + n, 0) + r.errors;
  const pg = row.leg === 'postgres';
  const add = (text: string, met: boolean) => row.budgets.push({ text, met });
  if (row.mode === 'closed') {
    if (group === 'home' || group === 'detail') {
      if (pg) add(`≥ 3,000 req/s, p99 ≤ 50 ms`, r.rps >= 3000 && r.latencyMs.p99 <= 50);
      else if (group === 'home') add(`≥ 1,000 req/s`, r.rps >= 1000);
      else add(`p99 ≤ 50 ms`, r.latencyMs.p99 <= 50);
      if (row.ratio !== undefined) add(`≥ 60% of ceiling`, row.ratio >= 0.6);
    }
    if (!pg && group === 'search-varied') add('p95 ≤ 100 ms (cold, PGlite)', r.latencyMs.p95 <= 100);
    if (pg && group === 'search') add('p95 ≤ 30 ms', r.latencyMs.p95 <= 30);
    if (pg && group === 'search-typo') add('p95 ≤ 60 ms', r.latencyMs.p95 <= 60);
    // Mostly cache misses, a third of them typos: judged by the stricter plain-search budget.
    if (pg && group === 'search-varied') add('p95 ≤ 30 ms (cold)', r.latencyMs.p95 <= 30);
    if (pg && row.scenario === 'record-view') add('≥ 1,500 req/s', r.rps >= 1500);
  } else {
    const p99 = pg ? 250 : 500; // SECURITY "Load"
    add(
      `${row.target} req/s held, p99 ≤ ${p99} ms, 0 errors`,
      r.rps >= (row.target ?? 0) * 0.95 && r.latencyMs.p99 <= p99 && failed === 0,
    );
  }
  const addNote = (text: string) => (row.note = row.note ? `${row.note}; ${text}` : text);
  if (r.requests === 0) {
    addNote(`no response completed within ${settings.durationSeconds} s`);
    row.budgets.forEach((b) => (b.met = false));
  }
  if (failed > 0) {
    const parts = [
      ...failedStatuses.map(([s, n]) => `HTTP ${s}×${n}`),
      ...(r.errors ? [`errors×${r.errors} (timeouts×${r.timeouts})`] : []),
    ];
    addNote(`${failed} non-2xx/errors: ${parts.join(', ')}`);
  }
}

// ── one leg ──────────────────────────────────────────────────────────────────

interface LegReport {
  leg: 'pglite' | 'postgres';
  seed?: { totalMs: number; timingsMs: Record<string, number>; counts: Record<string, number> };
  rows: Row[];
  invariantsAfter?: Record<string, number>;
  skipped?: string;
  serverRssIdleMb?: number;
  explain?: ExplainRow[];
  /** 1/5/15-minute load averages when the load runs began: on a shared machine, read the numbers next to these. */
  loadAverage?: string;
}

/**
 * The sample a seed returns, read back from a database seeded earlier (`--reuse-pg`, `--reuse-pglite`):
 * the most popular live glyphs, the biggest storefront and a few sign-in emails.
 */
async function sampleOf(dataDir: string, databaseUrl: string | undefined): Promise<SeedResult> {
  const database = await openDatabase({ databaseUrl, dataDir, poolMax: 1, statementTimeoutMs: 600_000 });
  try {
    // A database seeded on an older commit gets this commit's migrations first (the EXPLAIN runs before the server starts).
    await runMigrations(database);
    const raw = (database.db as unknown as { $client: { query(t: string): Promise<{ rows: Record<string, unknown>[] }> } })
      .$client;
    const ids = await raw.query('select id from glyphs where deleted_at is null order by downloads + likes desc, id limit 200');
    const top = await raw.query('select id, username from users order by glyphs_count desc, id limit 1');
    const emails = await raw.query(`select email from users where email <> '${ADMIN_EMAIL}' order by email limit 200`);
    const counts = await raw.query(
      'select (select count(*) from users)::int as users, (select count(*) from glyphs)::int as glyphs, (select count(*) from glyph_views)::int as views, (select count(*) from glyph_likes)::int as likes, (select count(*) from glyph_downloads)::int as downloads',
    );
    return {
      size,
      database: databaseUrl ? 'postgres' : 'pglite',
      counts: counts.rows[0] as Record<string, number>,
      timingsMs: {},
      totalMs: 0,
      password: DEFAULT_PASSWORD,
      adminEmail: ADMIN_EMAIL,
      sample: {
        glyphIds: ids.rows.map((r) => r.id as string),
        topCreator: { id: top.rows[0]?.id as string, username: top.rows[0]?.username as string },
        userEmails: emails.rows.map((r) => r.email as string),
      },
      invariants: {},
    };
  } finally {
    await database.close();
  }
}

async function runLeg(leg: 'pglite' | 'postgres'): Promise<LegReport> {
  const reuseUrl = leg === 'postgres' ? values['reuse-pg'] : undefined;
  const reuseDir = leg === 'pglite' ? values['reuse-pglite'] : undefined;
  const reused = Boolean(reuseUrl ?? reuseDir);
  const reuseFiles = reuseUrl && values['data-dir'] ? values['data-dir'] : undefined;
  const dir = reuseDir || reuseFiles ? path.resolve((reuseDir ?? reuseFiles) as string) : fs.mkdtempSync(path.join(os.tmpdir(), `glyphary-bench-${leg}-`));
  const report: LegReport = { leg, rows: [] };
  let databaseUrl: string | undefined;
  let adminClient: pg.Client | undefined;
  const dbName = `glyphary_bench_${process.pid}_${Date.now().toString(36)}`;
  let server: Server | undefined;
  let ceiling: { child: ChildProcess; url: string } | undefined;
  try {
    if (reuseUrl) databaseUrl = reuseUrl;
    else if (leg === 'postgres') {
      adminClient = new pg.Client({ connectionString: pgAdminUrl, connectionTimeoutMillis: 3000 });
      try {
        await adminClient.connect();
      } catch (error) {
        adminClient = undefined;
        report.skipped = `PostgreSQL not reachable at ${new URL(pgAdminUrl).host} (${(error as Error).message})`;
        log(`[${leg}] skipped: ${report.skipped}`);
        return report;
      }
      await adminClient.query(`create database "${dbName}"`);
      const url = new URL(pgAdminUrl);
      url.pathname = `/${dbName}`;
      databaseUrl = url.toString();
    }
    let seed: SeedResult;
    if (reused) {
      seed = await sampleOf(dir, databaseUrl);
      log(`[${leg}] reusing the seeded database (${JSON.stringify(seed.counts)})`);
    } else {
      log(`[${leg}] seeding ${size} …`);
      seed = await seedDatabase({ size, dataDir: dir, databaseUrl, log: (line) => log(`[${leg}] ${line}`) });
      log(`[${leg}] seeded in ${(seed.totalMs / 1000).toFixed(1)} s`);
    }
    report.seed = { totalMs: seed.totalMs, timingsMs: seed.timingsMs, counts: seed.counts };

    if (databaseUrl && seed.sample.glyphIds[0]) {
      report.explain = await explainHotQueries(databaseUrl, {
        glyphId: seed.sample.glyphIds[0],
        creatorId: seed.sample.topCreator.id,
      });
      for (const row of report.explain)
        log(
          `[${leg}] explain ${row.name}: ${row.error ?? `${row.executionMs.toFixed(1)} ms, indexes ${row.indexes.join(', ') || 'none'}${row.seqScans.length ? `, SEQ SCAN ${row.seqScans.join(', ')}` : ''}`}`,
        );
    }
    server = await startServer(dir, databaseUrl);
    report.loadAverage = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
    report.serverRssIdleMb = rssMb(server.child.pid);
    const base = server.url;
    const tokens: string[] = [];
    for (const email of seed.sample.userEmails.slice(0, smoke ? 5 : 20)) {
      const token = await signIn(base, email, seed.password);
      if (token) tokens.push(token);
    }
    const adminToken = await signIn(base, seed.adminEmail, seed.password);
    log(
      `[${leg}] server up at ${base}; signed in ${tokens.length} users${adminToken ? ' and the admin' : ' (admin sign-in failed)'}`,
    );
    const animationUrls = await animationUrlsOf(base, seed.sample.glyphIds.slice(0, 100));
    log(`[${leg}] ${animationUrls.size} of the first 100 sample glyphs have an animation`);
    const ctx: Context = { seed, userTokens: tokens, adminToken, animationUrls };

    // Probe every distinct request once: classify routes and capture the bytes for the ceiling.
    // --only home-latest,search-common: a quick look at a few endpoints while tuning (not a full report).
    const only = values.only?.split(',').map((name) => name.trim());
    const list = scenarios(ctx).filter((scenario) => !only || only.includes(scenario.name));
    const captured: Record<string, Probe['captured']> = {};
    const state = new Map<string, { state: Row['state']; note?: string }>();
    for (const scenario of list) {
      if (scenario.requests.length === 0) {
        state.set(scenario.name, {
          state: 'skipped',
          note: scenario.name === 'admin-stats' ? 'admin sign-in failed' : 'no signed-in users',
        });
        continue;
      }
      const seen = new Set<string>();
      let verdict: { state: Row['state']; note?: string } = { state: 'ok' };
      for (const request of scenario.requests) {
        const key = `${request.method} ${request.path}`;
        if (seen.has(key) && request.method === 'GET') continue;
        seen.add(key);
        if (seen.size > 120) break;
        const result = await probe(base, request);
        if (result.missing)
          verdict = { state: 'missing', note: `${request.method} ${request.path.split('?')[0]} → 404 (route not built yet)` };
        else if (result.status >= 300 && verdict.state === 'ok')
          verdict = { state: 'error', note: `${request.method} ${request.path} → ${result.status} ${result.error ?? ''}`.trim() };
        const prefix = `${request.method} ${request.path.split('?')[0]?.split('/').slice(0, 3).join('/')}`;
        captured[key] ??= result.captured;
        captured[prefix] ??= result.captured;
      }
      state.set(scenario.name, verdict);
    }
    ceiling = await startCeiling(captured, dir);

    for (const scenario of list) {
      const verdict = state.get(scenario.name) ?? { state: 'skipped' };
      let requests = scenario.requests;
      if (scenario.name === 'read-mix') {
        // Leave routes that are not built yet out of the mix and say so, rather than counting 404s.
        const absent = list
          .filter((s) => s.group !== 'mix' && state.get(s.name)?.state !== 'ok')
          .flatMap((s) => s.requests.map((r) => `${r.method} ${r.path}`));
        requests = requests.filter((r) => !absent.includes(`${r.method} ${r.path}`));
        if (requests.length < scenario.requests.length)
          verdict.note = `without ${scenario.requests.length - requests.length} of ${scenario.requests.length} requests (routes not built or failing)`;
        if (requests.length > 0) verdict.state = 'ok';
      }
      if (verdict.state !== 'ok' && !(scenario.name === 'read-mix' && requests.length > 0)) {
        report.rows.push({
          leg,
          scenario: scenario.name,
          label: scenario.label,
          mode: 'closed',
          state: verdict.state,
          ...(verdict.note ? { note: verdict.note } : {}),
          budgets: [],
        });
        log(`[${leg}] ${scenario.name}: ${verdict.state}${verdict.note ? ` — ${verdict.note}` : ''}`);
        continue;
      }
      const job = (url: string, seconds: number, rate?: number): ClientJob => ({
        url,
        connections,
        durationSeconds: seconds,
        requests,
        ...(rate ? { overallRate: rate } : {}),
        ...(scenario.spread ? { spread: true } : {}),
      });
      const settled = await settle(base);
      if (settled > 5) log(`[${leg}] ${scenario.name}: waited ${settled.toFixed(0)} s for the server to drain the previous run`);
      if (warmupSeconds > 0) await runClient(job(base, warmupSeconds), dir); // warm-up: JIT, caches, connection pools
      const result = await measure(job(base, durationSeconds), dir, server.child.pid);
      const ceil = await runClient(job(ceiling.url, durationSeconds), dir);
      const row: Row = {
        leg,
        scenario: scenario.name,
        label: scenario.label,
        mode: 'closed',
        state: 'ok',
        result,
        ceiling: ceil,
        ratio: ceil.rps > 0 ? result.rps / ceil.rps : 0,
        budgets: [],
      };
      if (verdict.note) row.note = verdict.note;
      if (settled > 5)
        row.note = `${row.note ? `${row.note}; ` : ''}server needed ${settled.toFixed(0)} s to drain the previous run first`;
      judge(row);
      report.rows.push(row);
      log(
        `[${leg}] ${scenario.name} closed: ${result.rps.toFixed(0)} req/s p50 ${result.latencyMs.p50.toFixed(1)} p99 ${result.latencyMs.p99.toFixed(1)} ms; ceiling ${ceil.rps.toFixed(0)} (${((row.ratio ?? 0) * 100).toFixed(0)}%)`,
      );
      // The smoke run only proves the harness works: one fixed-rate run (the read mix) is enough.
      const rate = smoke && scenario.name !== 'read-mix' ? undefined : scenario.rates?.[leg];
      if (rate) {
        const target = smoke ? Math.min(rate, 50) : rate;
        await settle(base);
        const fixed = await measure(job(base, durationSeconds, target), dir, server.child.pid);
        const rateRow: Row = {
          leg,
          scenario: scenario.name,
          label: scenario.label,
          mode: 'rate',
          state: 'ok',
          target,
          result: fixed,
          budgets: [],
        };
        if (verdict.note) rateRow.note = verdict.note;
        judge(rateRow);
        report.rows.push(rateRow);
        log(`[${leg}] ${scenario.name} at ${target}/s: ${fixed.rps.toFixed(0)} req/s p99 ${fixed.latencyMs.p99.toFixed(1)} ms`);
      }
    }
    await stop(server.child);
    server = undefined;
    // SECURITY "Load": check the invariants after the write runs.
    const database = await openDatabase({ databaseUrl, dataDir: dir, poolMax: 1, statementTimeoutMs: 600_000 });
    try {
      const raw = (database.db as unknown as { $client: { query(t: string): Promise<{ rows: Record<string, unknown>[] }> } })
        .$client;
      report.invariantsAfter = await checkInvariants(raw);
    } finally {
      await database.close();
    }
    log(`[${leg}] invariants after the run: ${JSON.stringify(report.invariantsAfter)}`);
    return report;
  } finally {
    await stop(ceiling?.child);
    await stop(server?.child);
    if (server && server.child.exitCode !== 0 && server.stderr.length) log(server.stderr.join('').slice(-2000));
    if (adminClient) {
      await adminClient
        .query(`drop database if exists "${dbName}" with (force)`)
        .catch((e: Error) => log(`could not drop ${dbName}: ${e.message}`));
      await adminClient.end();
    }
    if (reuseDir || reuseFiles) fs.rmSync(path.join(dir, 'ceiling-responses.json'), { force: true });
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ── report ───────────────────────────────────────────────────────────────────

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined ? '–' : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function markdown(meta: Record<string, unknown>, reports: LegReport[]): string {
  const lines: string[] = [];
  lines.push(`# Benchmark ${meta.date} (${meta.commit})`, '');
  lines.push(
    `Node ${meta.node}, ${meta.cpu} (${meta.cores} cores), server pinned to core 0 and load client to core 1${settings.pinned ? '' : ' (taskset unavailable: NOT pinned)'}. ` +
      `Closed loop: ${settings.connections} connections × ${settings.durationSeconds} s after a ${settings.warmupSeconds} s warm-up; fixed rate: autocannon overallRate. Ceiling: plain node:http sending the same bytes. Load average at start: ${meta.loadAverage}.`,
    '',
  );
  for (const report of reports) {
    lines.push(`## ${report.leg === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}`, '');
    if (report.skipped) {
      lines.push(`Skipped: ${report.skipped}`, '');
      continue;
    }
    if (report.seed) {
      const c = report.seed.counts;
      lines.push(
        `Seed (${settings.size}): ${fmt(c.users)} users, ${fmt(c.glyphs)} glyphs, ${fmt(c.views)} views, ${fmt(c.likes)} likes, ${fmt(c.downloads)} downloads in ${fmt(report.seed.totalMs / 1000, 1)} s. Server RSS idle: ${report.serverRssIdleMb} MB. Machine load average when the runs began: ${report.loadAverage ?? '–'} (${os.availableParallelism()} cores).`,
        '',
      );
    }
    lines.push('| Endpoint | Mode | req/s | p50 ms | p95 ms | p99 ms | Ceiling req/s | Ratio | Server RSS MB | Budget | Notes |');
    lines.push('|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|');
    for (const row of report.rows) {
      const r = row.result;
      const mode = row.mode === 'closed' ? `closed ${settings.connections}` : `rate ${row.target}/s`;
      if (!r) {
        lines.push(
          `| ${row.label} | – | – | – | – | – | – | – | – | – | **${row.state.toUpperCase()}**${row.note ? `: ${row.note}` : ''} |`,
        );
        continue;
      }
      const budget =
        row.budgets.length === 0 ? '–' : row.budgets.map((b) => `${b.met ? 'met' : '**missed**'} (${b.text})`).join('; ');
      lines.push(
        `| ${row.label} | ${mode} | ${fmt(r.rps)} | ${fmt(r.latencyMs.p50, 1)} | ${fmt(r.latencyMs.p95, 1)} | ${fmt(r.latencyMs.p99, 1)} | ${fmt(row.ceiling?.rps)} | ${row.ratio === undefined ? '–' : `${fmt(row.ratio * 100)}%`} | ${r.rssMb} | ${budget} | ${row.note ?? ''} |`,
      );
    }
    if (report.invariantsAfter) {
      const bad = Object.entries(report.invariantsAfter).filter(([, n]) => n !== 0);
      lines.push(
        '',
        `Invariants after the write runs (I1, I2, I4, I7): ${bad.length === 0 ? 'hold' : `VIOLATED ${bad.map(([k, n]) => `${k}=${n}`).join(', ')}`}.`,
      );
    }
    if (report.explain) {
      lines.push(
        '',
        'EXPLAIN (ANALYZE) of the hot read queries, captured from the real repositories on the seeded database:',
        '',
      );
      lines.push('| Query | Statements | Execution ms | Indexes used | Seq scans of big tables |', '|---|---:|---:|---|---|');
      for (const row of report.explain) {
        lines.push(
          row.error
            ? `| ${row.name} | – | – | error: ${row.error.replace(/\|/g, '\\|')} | – |`
            : `| ${row.name} | ${row.statements} | ${fmt(row.executionMs, 1)} | ${row.indexes.join(', ') || '–'} | ${row.seqScans.join(', ') || 'none'} |`,
        );
      }
    }
    lines.push('');
  }
  return lines.join('\n');
}

if (values.report) {
  // Re-render (and re-judge) an earlier run: `npm run bench -- --report bench/results/<file>.json`.
  const file = path.resolve(values.report);
  const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    meta: Record<string, unknown> & typeof settings;
    legs: LegReport[];
  };
  Object.assign(settings, {
    durationSeconds: saved.meta.durationSeconds,
    warmupSeconds: saved.meta.warmupSeconds,
    connections: saved.meta.connections,
    size: saved.meta.size,
    pinned: saved.meta.pinned,
  });
  for (const leg of saved.legs) for (const row of leg.rows) judge(row);
  fs.writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`);
  const text = markdown(saved.meta, saved.legs);
  fs.writeFileSync(file.replace(/\.json$/, '.md'), `${text}\n`);
  console.log(text);
  process.exit(0);
}

const started = Date.now();
const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  } catch {
    return 'unknown';
  }
})();
const meta = {
  date: new Date().toISOString().slice(0, 10),
  startedAt: new Date().toISOString(),
  commit,
  smoke,
  size,
  node: process.version,
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.availableParallelism(),
  pinned: hasTaskset,
  connections,
  durationSeconds,
  warmupSeconds,
  loadAverage: os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' '),
};
log(
  `bench: ${smoke ? 'SMOKE ' : ''}size=${size} legs=${legs.join(',')} duration=${durationSeconds}s connections=${connections}${hasTaskset ? '' : ' (no taskset: unpinned)'}`,
);
const reports: LegReport[] = [];
let harnessFailed = false;
for (const leg of legs) {
  try {
    reports.push(await runLeg(leg));
  } catch (error) {
    harnessFailed = true;
    log(`[${leg}] harness failure: ${(error as Error).stack ?? error}`);
    reports.push({ leg, rows: [], skipped: `harness failure: ${(error as Error).message}` });
  }
}
fs.mkdirSync(outDir, { recursive: true });
const stem = path.join(outDir, `${meta.date}-${commit}${smoke ? '-smoke' : ''}`);
const md = markdown(meta, reports);
fs.writeFileSync(
  `${stem}.json`,
  `${JSON.stringify({ meta: { ...meta, totalSeconds: Math.round((Date.now() - started) / 1000) }, legs: reports }, null, 2)}\n`,
);
fs.writeFileSync(`${stem}.md`, `${md}\n`);
console.log(md);
log(`wrote ${stem}.json and ${stem}.md in ${Math.round((Date.now() - started) / 1000)} s`);
const missed = reports.some((r) => r.rows.some((row) => row.budgets.some((b) => !b.met)));
process.exit(harnessFailed ? 1 : values.strict && missed ? 3 : 0);
