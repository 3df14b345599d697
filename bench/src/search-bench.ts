/**
 * Search micro-benchmark (issue 5, DESIGN §5): seeds N glyphs (default 100,000) with bulk multi-row
 * INSERTs into a fresh PGlite data directory and a fresh PostgreSQL database, then measures p50/p95/p99
 * of the search repository's query for a common two-word query, misspelled queries and a partial word,
 * and prints a table. Self-contained: it does not use the general seed.
 *
 *   node bench/src/search-bench.ts [--size 100000] [--iterations 200] [--db both|pglite|postgres]
 *                                  [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *                                  [--json bench/results/search.json] [--explain] [--keep]
 *
 * --explain prints EXPLAIN (ANALYZE, BUFFERS) of each query on PostgreSQL; --keep leaves the
 * PostgreSQL database in place (its name is printed) for further analysis.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Database } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { glyphs, users } from '../../apps/server/src/db/schema/index.ts';
import { buildSearchQuery, createSearchRepository, searchGroups } from '../../apps/server/src/modules/search/search.repository.ts';
import type { SearchSort } from '@glyphary/shared';

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    iterations: { type: 'string', default: '200' },
    db: { type: 'string', default: 'both' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    json: { type: 'string' },
    explain: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const SIZE = Number.parseInt(args.size, 10);
const ITERATIONS = Number.parseInt(args.iterations, 10);
if (!Number.isSafeInteger(SIZE) || SIZE < 1 || !Number.isSafeInteger(ITERATIONS) || ITERATIONS < 1) {
  throw new Error('--size and --iterations must be positive integers');
}

/** The queries of the budget: common ≤ 30 ms p95, misspelled ≤ 60 ms p95. */
const CASES: { label: string; kind: 'common' | 'misspelled' | 'partial'; term: string; sort: SearchSort }[] = [
  { label: 'common: boot animation', kind: 'common', term: 'boot animation', sort: 'relevance' },
  { label: 'common: battery charging', kind: 'common', term: 'battery charging', sort: 'relevance' },
  { label: 'common: boot animation (latest)', kind: 'common', term: 'boot animation', sort: 'latest' },
  { label: 'misspelled: chargng', kind: 'misspelled', term: 'chargng', sort: 'relevance' },
  { label: 'misspelled: notifcation', kind: 'misspelled', term: 'notifcation', sort: 'relevance' },
  { label: 'misspelled: boot animaton', kind: 'misspelled', term: 'boot animaton', sort: 'relevance' },
  { label: 'misspelled: chargng (popular)', kind: 'misspelled', term: 'chargng', sort: 'popular' },
  { label: 'partial: anim', kind: 'partial', term: 'anim', sort: 'relevance' },
];
const BUDGET_MS = { common: 30, misspelled: 60, partial: 60 } as const;

// ---------- deterministic content ----------
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(20260521);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

const THEMES = [
  'Boot', 'Charging', 'Notification', 'Battery', 'Music', 'Clock', 'Timer', 'Weather', 'Compass', 'Heartbeat',
  'Rain', 'Snake', 'Pong', 'Tetris', 'Countdown', 'Volume', 'Call', 'Alarm', 'Pomodoro', 'Breathing',
  'Spotify', 'Pixel', 'Retro', 'Neon', 'Galaxy', 'Firework', 'Wave', 'Spiral', 'Matrix', 'Sunrise',
] as const;
const KINDS = [
  'Animation', 'Indicator', 'Visualizer', 'Meter', 'Pulse', 'Ring', 'Spinner', 'Display', 'Game', 'Toy',
  'Counter', 'Glow', 'Pattern', 'Face', 'Widget', 'Loader', 'Progress', 'Effect', 'Sequence', 'Light',
] as const;
const EXTRAS = ['', '', '', ' Pro', ' Lite', ' v2', ' Deluxe', ' Mini', ' Classic', ' Remix'] as const;
const SENTENCES = [
  'A smooth {a} for the Glyph Matrix.',
  'Lights up the ring while your phone is {b}.',
  'Shows {c} with a soft dot-matrix {a}.',
  'Made for Nothing Phone (3), tested on the 25x25 matrix.',
  'Tap the back button to cycle through {c} modes.',
  'Inspired by classic {d} games and retro displays.',
  'Battery friendly: the {a} pauses when the screen is off.',
  'Includes a custom {d} pattern and a night mode.',
] as const;
const FILL = {
  a: ['animation', 'pulse', 'glow', 'sweep', 'spinner', 'wave'],
  b: ['charging', 'ringing', 'locked', 'playing music', 'booting'],
  c: ['notifications', 'the time', 'battery level', 'weather', 'steps', 'volume'],
  d: ['arcade', 'boot', 'pixel', 'neon', 'snake'],
} as const;

function title(): string {
  return `${pick(THEMES)} ${pick(KINDS)}${pick(EXTRAS)}`;
}
function description(): string {
  const count = 2 + Math.floor(random() * 3);
  const parts: string[] = [];
  for (let i = 0; i < count; i += 1) {
    parts.push(pick(SENTENCES).replace(/\{([abcd])\}/g, (_, key: keyof typeof FILL) => pick(FILL[key])));
  }
  return parts.join(' ');
}
/** Heavy-tailed counters, like a real catalogue: most glyphs small, a few very popular. */
const skewed = (max: number) => Math.floor(max * random() ** 4);

// ---------- seeding ----------
const USERS_PER_GLYPH = 10;
const BATCH = 1000;

async function seed(database: Database): Promise<void> {
  const db = database.db;
  const userCount = Math.max(1, Math.ceil(SIZE / USERS_PER_GLYPH));
  const userIds: string[] = [];
  for (let start = 0; start < userCount; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(userCount, start + BATCH); i += 1) {
      const id = `bench-user-${i}`;
      userIds.push(id);
      rows.push({ id, name: `${pick(['Ada', 'Lin', 'Kai', 'Noor', 'Sam', 'Mika'])} ${pick(['Lumen', 'Dot', 'Grid', 'Ray'])} ${i}`, email: `bench${i}@example.test`, username: `maker_${i}` });
    }
    await db.insert(users).values(rows);
  }
  const now = Date.UTC(2026, 4, 1);
  for (let start = 0; start < SIZE; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(SIZE, start + BATCH); i += 1) {
      const createdAt = new Date(now - Math.floor(random() * 730 * 86_400_000));
      rows.push({
        creatorId: pick(userIds),
        title: title(),
        description: description(),
        githubUrl: 'https://github.com/example/glyph',
        downloads: skewed(50_000),
        views: skewed(200_000),
        likes: skewed(10_000),
        createdAt,
        updatedAt: createdAt,
        // about 2% soft-deleted: they must be excluded and must not slow the query down
        deletedAt: random() < 0.02 ? createdAt : null,
      });
    }
    await db.insert(glyphs).values(rows);
  }
  await db.execute(sql`analyze`);
}

// ---------- measuring ----------
const loadAverage = () => os.loadavg().map((n) => n.toFixed(1)).join(' / ');
const LOAD_AT_START = loadAverage();
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

interface Result {
  db: string;
  label: string;
  kind: keyof typeof BUDGET_MS;
  results: number;
  p50: number;
  p95: number;
  p99: number;
  /** Mean CPU time per query of the process doing the database work (see `cpuClock`). */
  cpuMean: number;
  budget: number;
}

/**
 * CPU milliseconds consumed so far by whoever executes the SQL: this process for PGlite (it runs
 * in-process), the PostgreSQL backend of the single pooled connection otherwise (/proc/<pid>/stat,
 * 10 ms ticks, so only a mean over many runs is meaningful). Wall-clock percentiles include time
 * spent waiting for a CPU on a busy machine; CPU time does not, so the two together tell an idle
 * machine's latency from the load around the benchmark.
 */
type CpuClock = () => number;
const processCpu: CpuClock = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
function backendCpu(pid: number): CpuClock {
  return () => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // fields[11] and fields[12] are utime and stime (stat fields 14 and 15) in clock ticks (100 Hz).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
}

async function measure(name: string, database: Database, cpu: CpuClock): Promise<Result[]> {
  const repo = createSearchRepository(database.db);
  const out: Result[] = [];
  for (const c of CASES) {
    const run = () => repo.search({ term: c.term, sort: c.sort, limit: 100 });
    let results = 0;
    for (let i = 0; i < Math.min(20, ITERATIONS); i += 1) results = (await run()).rows.length; // warm-up
    const times: number[] = [];
    const cpuStart = cpu();
    for (let i = 0; i < ITERATIONS; i += 1) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    const cpuMean = (cpu() - cpuStart) / ITERATIONS;
    times.sort((a, b) => a - b);
    out.push({ db: name, label: c.label, kind: c.kind, results, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), cpuMean, budget: BUDGET_MS[c.kind] });
  }
  return out;
}

/** Prints the plan of every case as the repository builds it (same SQL, same parameters). */
async function explain(database: Database, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const c of CASES) {
      const groups = await searchGroups(database.db, c.term);
      if (!groups) continue;
      const query = buildSearchQuery(database.db, { groups, sort: c.sort, limit: 100 }).toSQL();
      console.log(`\n-- ${c.label}: ${JSON.stringify(groups)}`);
      const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, query.params);
      console.log(`${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  } finally {
    await client.end();
  }
}

async function withPglite(): Promise<Result[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-search-bench-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    await runMigrations(database);
    const started = performance.now();
    await seed(database);
    console.log(`pglite: seeded ${SIZE} glyphs in ${((performance.now() - started) / 1000).toFixed(1)} s (${dir})`);
    return await measure('PGlite', database, processCpu);
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function withPostgres(url: string): Promise<Result[]> {
  const name = `glyphary_search_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  // One pooled connection: every query runs on the same backend, whose CPU time we can read.
  const database = await openDatabase({ databaseUrl: dbUrl.href, poolMax: 1, statementTimeoutMs: 600_000 });
  try {
    await runMigrations(database);
    const started = performance.now();
    await seed(database);
    console.log(`postgres: seeded ${SIZE} glyphs in ${((performance.now() - started) / 1000).toFixed(1)} s (${name})`);
    if (args.explain) await explain(database, dbUrl.href);
    const [backend] = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
    const local = ['127.0.0.1', 'localhost', '::1'].includes(dbUrl.hostname) && fs.existsSync(`/proc/${backend!.pid}/stat`);
    return await measure('PostgreSQL', database, local ? backendCpu(backend!.pid) : () => Number.NaN);
  } finally {
    await database.close();
    if (args.keep) console.log(`postgres: kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

function printTable(results: Result[]): void {
  const header = ['database', 'query', 'rows', 'p50 ms', 'p95 ms', 'p99 ms', 'CPU ms/query', 'budget p95', 'p95 ok'];
  const lines = results.map((r) => [
    r.db,
    r.label,
    String(r.results),
    r.p50.toFixed(2),
    r.p95.toFixed(2),
    r.p99.toFixed(2),
    Number.isNaN(r.cpuMean) ? 'n/a' : r.cpuMean.toFixed(2),
    `${r.budget} ms`,
    r.p95 <= r.budget ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\nSearch on ${SIZE.toLocaleString('en-US')} glyphs, ${ITERATIONS} runs per query, limit 100`);
  console.log(`machine: ${os.cpus().length} CPUs, load average at start ${LOAD_AT_START}, at end ${loadAverage()}\n`);
  console.log(row(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const line of lines) console.log(row(line));
}

const results: Result[] = [];
if (args.db === 'both' || args.db === 'pglite') results.push(...(await withPglite()));
if (args.db === 'both' || args.db === 'postgres') results.push(...(await withPostgres(args['database-url'])));
printTable(results);
if (args.json) {
  fs.mkdirSync(path.dirname(args.json), { recursive: true });
  const machine = { cpus: os.cpus().length, loadAtStart: LOAD_AT_START, loadAtEnd: loadAverage() };
  fs.writeFileSync(args.json, `${JSON.stringify({ size: SIZE, iterations: ITERATIONS, at: new Date().toISOString(), machine, results }, null, 2)}\n`);
}
