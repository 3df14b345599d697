/**
 * `npm run bench [-- --smoke] [--legs pglite,postgres] [--duration S] [--repeat N] [--pg-url URL] [--out DIR] [--only a,b] [--strict]`
 * Seeds a database, starts the production server pinned to core 0, drives autocannon from a child
 * pinned to core 1 (closed loop and fixed arrival rate), measures a plain node:http server that sends
 * the same bytes (the ceiling), and writes JSON + Markdown results (issue 9, DESIGN §5, SECURITY "Load").
 * Everything stays on 127.0.0.1 and every run is bounded in time.
 *
 * The endpoints are in legs/ (reads, search, writes, admin, mix); one database's run is runner.ts,
 * the budgets judge.ts, the Markdown report.ts. `--legs` picks the databases, `--only` the endpoint
 * legs or single scenarios (`--only search`, `--only home-latest,read-mix`). Each budgeted measurement runs
 * `--repeat` times (3; 1 with `--smoke`) and is judged on the median run (decision 0069).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { judge } from './judge.ts';
import { selectScenarios, type Database } from './legs/index.ts';
import { hasTaskset, root } from './processes.ts';
import { markdown, type ReportSettings } from './report.ts';
import { runDatabase, type DatabaseReport } from './runner.ts';
import type { SeedSize } from '../../scripts/seed/seed-lib.ts';

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
    // Runs per budgeted measurement, judged on their median (odd; decision 0069): 3, or 1 with --smoke.
    repeat: { type: 'string' },
    // An already seeded database (`npm run seed -- --size bench …`), kept after the run: no reseed.
    'reuse-pg': { type: 'string' },
    'reuse-pglite': { type: 'string' },
    // With --reuse-pg: the DATA_DIR that seed wrote the files to (images, animations), so file requests resolve.
    'data-dir': { type: 'string' },
  },
});
const log = (line: string) => console.error(line);

if (values.report) {
  // Re-render (and re-judge) an earlier run: `npm run bench -- --report bench/results/<file>.json`.
  const file = path.resolve(values.report);
  const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    meta: Record<string, unknown> & ReportSettings;
    legs: DatabaseReport[];
  };
  const settings: ReportSettings = {
    durationSeconds: saved.meta.durationSeconds,
    warmupSeconds: saved.meta.warmupSeconds,
    connections: saved.meta.connections,
    size: saved.meta.size,
    pinned: saved.meta.pinned,
    repeat: saved.meta.repeat ?? 1,
  };
  for (const leg of saved.legs) for (const row of leg.rows) judge(row, settings.durationSeconds);
  fs.writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`);
  const text = markdown(saved.meta, saved.legs, settings);
  fs.writeFileSync(file.replace(/\.json$/, '.md'), `${text}\n`);
  console.log(text);
  process.exit(0);
}

const smoke = values.smoke;
const durationSeconds = Number(values.duration ?? (smoke ? 1 : 10));
const warmupSeconds = smoke ? 0 : 3;
const connections = smoke ? 10 : 50;
const repeat = Number(values.repeat ?? (smoke ? 1 : 3));
if (!Number.isInteger(repeat) || repeat < 1 || repeat % 2 === 0) {
  console.error(`--repeat must be an odd whole number (the median is then one of the runs), not ${values.repeat}`);
  process.exit(2);
}
const size = (values.size ?? (smoke ? 'tiny' : 'bench')) as SeedSize;
const databases = (values.legs ?? (smoke ? 'pglite' : 'pglite,postgres')).split(',').map((s) => s.trim()) as Database[];
const outDir = path.resolve(
  values.out ?? (smoke ? path.join(os.tmpdir(), 'glyphary-bench-smoke') : path.join(root, 'bench/results')),
);
// --only reads,home-latest: a quick look at some endpoints while tuning (not a full report).
const scenarios = (() => {
  try {
    return selectScenarios(values.only?.split(',').map((name) => name.trim()));
  } catch (error) {
    log((error as Error).message);
    process.exit(2);
  }
})();
const settings: ReportSettings = { durationSeconds, warmupSeconds, connections, size, pinned: hasTaskset, repeat };

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
  repeat,
  loadAverage: os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' '),
};
log(
  `bench: ${smoke ? 'SMOKE ' : ''}size=${size} legs=${databases.join(',')} duration=${durationSeconds}s connections=${connections} repeat=${repeat}${hasTaskset ? '' : ' (no taskset: unpinned)'}`,
);
const reports: DatabaseReport[] = [];
let harnessFailed = false;
for (const leg of databases) {
  try {
    reports.push(
      await runDatabase(leg, {
        smoke,
        durationSeconds,
        warmupSeconds,
        connections,
        repeat,
        size,
        pgAdminUrl: values['pg-url'] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
        reusePg: values['reuse-pg'],
        reusePglite: values['reuse-pglite'],
        dataDir: values['data-dir'],
        scenarios,
        log,
      }),
    );
  } catch (error) {
    harnessFailed = true;
    log(`[${leg}] harness failure: ${(error as Error).stack ?? error}`);
    reports.push({ leg, rows: [], skipped: `harness failure: ${(error as Error).message}` });
  }
}
fs.mkdirSync(outDir, { recursive: true });
const stem = path.join(outDir, `${meta.date}-${commit}${smoke ? '-smoke' : ''}`);
const md = markdown(meta, reports, settings);
fs.writeFileSync(
  `${stem}.json`,
  `${JSON.stringify({ meta: { ...meta, totalSeconds: Math.round((Date.now() - started) / 1000) }, legs: reports }, null, 2)}\n`,
);
fs.writeFileSync(`${stem}.md`, `${md}\n`);
console.log(md);
log(`wrote ${stem}.json and ${stem}.md in ${Math.round((Date.now() - started) / 1000)} s`);
const missed = reports.some((r) => r.rows.some((row) => row.budgets.some((b) => !b.met)));
process.exit(harnessFailed ? 1 : values.strict && missed ? 3 : 0);
