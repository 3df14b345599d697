/**
 * Where cold search spends its time (issue 20): runs the benchmark's varied search terms (the
 * `search-varied` row of `npm run bench`) one at a time through the real search repository on an
 * already seeded PostgreSQL database, times each, and prints `EXPLAIN (ANALYZE, BUFFERS)` of every
 * statement of the slowest ones. Read-only: statements are replayed in a transaction that is rolled back.
 *
 *   node bench/src/search-explain.ts --database-url postgres://postgres@127.0.0.1:5432/glyphary_bench20
 *        [--terms 300] [--slowest 5] [--term "boot animation"]… [--sort relevance] [--json FILE]
 */
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { SearchSort } from '@glyphary/shared';
import type { Db } from '../../apps/server/src/db/client.ts';
import * as schema from '../../apps/server/src/db/schema/index.ts';
import { createSearchRepository } from '../../apps/server/src/modules/search/search.repository.ts';
import { searchTerms } from './content.ts';
import { createRng } from './prng.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    terms: { type: 'string', default: '300' },
    slowest: { type: 'string', default: '5' },
    term: { type: 'string', multiple: true },
    sort: { type: 'string', default: 'relevance' },
    json: { type: 'string' },
  },
});
const url = values['database-url'] ?? process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('--database-url is required (a database seeded with `npm run seed -- --size bench`)');
const sort = values.sort as SearchSort;

const pool = new pg.Pool({ connectionString: url, max: 1 });
let captured: { query: string; params: unknown[] }[] = [];
const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } }) as unknown as Db;
const repo = createSearchRepository(db);

// The same 2,000 terms as the benchmark's search-varied row (bench/src/legs/search.ts), in the same order.
const terms = values.term?.length ? values.term : searchTerms(createRng(9), 2000).slice(0, Number(values.terms));

interface Timed {
  term: string;
  ms: number;
  rows: number;
  statements: { query: string; params: unknown[] }[];
}
const timed: Timed[] = [];
// CPU time of the PostgreSQL backend serving the pool's only connection, from /proc (same machine):
// unlike wall-clock time it hardly moves with the load other processes put on the machine.
const backendPid = Number((await pool.query('select pg_backend_pid() as pid')).rows[0]?.pid);
const cpuMs = (): number => {
  try {
    const fields = fs.readFileSync(`/proc/${backendPid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
  } catch {
    return Number.NaN;
  }
};
// One untimed pass warms the buffer cache, so the timings below are CPU, not disk.
for (const term of terms) await repo.search({ term, sort, limit: 100 });
const cpuBefore = cpuMs();
const nodeBefore = process.cpuUsage();
for (const term of terms) {
  captured = [];
  const started = performance.now();
  const page = await repo.search({ term, sort, limit: 100 });
  timed.push({ term, ms: performance.now() - started, rows: page.rows.length, statements: captured });
}
const cpuPerQuery = (cpuMs() - cpuBefore) / Math.max(1, terms.length);
const nodeUsage = process.cpuUsage(nodeBefore);
const nodePerQuery = (nodeUsage.user + nodeUsage.system) / 1000 / Math.max(1, terms.length);
const sorted = [...timed].sort((a, b) => a.ms - b.ms);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]?.ms ?? 0;
const mean = timed.reduce((sum, t) => sum + t.ms, 0) / Math.max(1, timed.length);
console.log(
  `CPU per query: PostgreSQL backend ${cpuPerQuery.toFixed(2)} ms, this Node process ${nodePerQuery.toFixed(2)} ms (load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')})`,
);
console.log(
  `${timed.length} terms, sort ${sort}, one at a time: mean ${mean.toFixed(2)} ms, p50 ${pct(50).toFixed(2)}, p95 ${pct(95).toFixed(2)}, p99 ${pct(99).toFixed(2)}, max ${pct(100).toFixed(2)} ms (wall clock, includes the round trips)`,
);

const slowest = Number(values.slowest) > 0 ? sorted.slice(-Number(values.slowest)).reverse() : [];
const client = await pool.connect();
const report: { term: string; ms: number; rows: number; plans: string[] }[] = [];
try {
  for (const item of slowest) {
    console.log(`\n=== ${JSON.stringify(item.term)}: ${item.ms.toFixed(2)} ms, ${item.rows} rows, ${item.statements.length} statements`);
    const plans: string[] = [];
    await client.query('begin');
    for (const statement of item.statements) {
      const result = await client.query(`explain (analyze, buffers) ${statement.query}`, statement.params);
      const text = result.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
      plans.push(text);
      console.log(`--- params ${JSON.stringify(statement.params)}\n${text}`);
    }
    await client.query('rollback');
    report.push({ term: item.term, ms: item.ms, rows: item.rows, plans });
  }
} finally {
  client.release();
  await pool.end();
}
if (values.json) {
  fs.writeFileSync(
    values.json,
    `${JSON.stringify({ cpuPerQuery, nodePerQuery, mean, p50: pct(50), p95: pct(95), p99: pct(99), timings: timed.map(({ term, ms, rows }) => ({ term, ms, rows })), slowest: report }, null, 2)}\n`,
  );
}
