/** The budgets of DESIGN §5 and SECURITY "Load", applied to one measured row. */
import type { ClientResult } from './client.ts';
import { GROUPS, type Database } from './legs/index.ts';
import type { MachineDuring } from './machine.ts';
import type { DatabaseDuring } from './db-waits.ts';
import type { ServerDuring } from './server-loop.ts';
import type { RunKey, RunSummary } from './repeat.ts';

export interface Row {
  leg: Database;
  scenario: string;
  label: string;
  mode: 'closed' | 'rate';
  state: 'ok' | 'missing' | 'error' | 'skipped';
  note?: string;
  target?: number;
  /**
   * `machine`: what the machine did meanwhile (machine.ts); absent in reports from before decision 0058.
   * `server`: the server's event loop and GC meanwhile (server-loop.ts); `database`: PostgreSQL's longest
   * statement meanwhile (db-waits.ts; PostgreSQL only); `startedAt`: when the run began (ISO time, to match
   * against the database's log). All three absent before decision 0064.
   */
  result?: ClientResult & { rssMb: number; machine?: MachineDuring; server?: ServerDuring; database?: DatabaseDuring; startedAt?: string };
  ceiling?: ClientResult;
  ratio?: number;
  /**
   * A budgeted row's runs in the order they ran (decision 0069): `result` is their median by `medianBy`, and
   * `ceiling` the median of `ceilingRuns` by req/s. Absent when the row ran once (the smoke run, older reports).
   */
  runs?: RunSummary[];
  ceilingRuns?: RunSummary[];
  medianBy?: RunKey['label'];
  budgets: { text: string; met: boolean }[];
}

const JUDGE_NOTE = /^(no response completed|\d+ non-2xx)/;

const STUB_RESULT: NonNullable<Row['result']> = {
  requests: 1,
  rps: 1,
  statusCounts: {},
  errors: 0,
  timeouts: 0,
  latencyMs: { p50: 1, p95: 1, p99: 1, max: 1, mean: 1 },
  bytesPerSecond: 0,
  rssMb: 0,
};

/**
 * Whether `judge` gives a row of this scenario, database and mode any budget: the runner repeats only
 * those runs (decision 0069). Asks `judge` itself, so the two cannot disagree.
 */
export function hasBudget(leg: Database, scenario: string, mode: Row['mode']): boolean {
  const row: Row = { leg, scenario, label: scenario, mode, state: 'ok', target: 1, result: STUB_RESULT, ratio: 1, budgets: [] };
  judge(row, 1);
  return row.budgets.length > 0;
}

/**
 * Marks each budget met or missed and notes failed responses. Idempotent, so `--report` can re-judge
 * a saved run; `durationSeconds` is that run's.
 */
export function judge(row: Row, durationSeconds: number): void {
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
    addNote(`no response completed within ${durationSeconds} s`);
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
