import { describe, expect, it } from 'vitest';
import type { ClientResult } from './client.ts';
import { hasBudget, judge, type Row } from './judge.ts';
import { runsNote } from './report.ts';
import { BY_THROUGHPUT, medianRun, runKeyOf, summarize } from './repeat.ts';

function run(rps: number, p95: number, p99: number, statusCounts: Record<string, number> = { '200': 100 }): ClientResult {
  return {
    requests: 100,
    rps,
    statusCounts,
    errors: 0,
    timeouts: 0,
    latencyMs: { p50: 1, p95, p99, max: p99, mean: 1 },
    bytesPerSecond: 0,
  };
}

describe('medianRun', () => {
  it('picks the middle run by the number the budget reads, whatever order they ran in', () => {
    const runs = [run(22_786, 4, 5), run(9_000, 9, 12), run(12_000, 7, 9)];
    expect(medianRun(runs, BY_THROUGHPUT)).toBe(runs[2]);
    // By p99: 401.7 is one bad run of three; the median is 27.6.
    const tails = [run(50, 55, 401.7), run(50, 11, 17.6), run(50, 13, 27.6)];
    expect(medianRun(tails, runKeyOf('toggle-like', 'rate'))).toBe(tails[2]);
    // One run is its own median.
    expect(medianRun([tails[0] as ClientResult], BY_THROUGHPUT)).toBe(tails[0]);
  });

  it('refuses an even or empty set, where the median would not be one of the runs', () => {
    expect(() => medianRun([run(1, 1, 1), run(2, 2, 2)], BY_THROUGHPUT)).toThrow(/odd number of runs, not 2/);
    expect(() => medianRun([], BY_THROUGHPUT)).toThrow(/not 0/);
  });
});

describe('runKeyOf', () => {
  it('reads p95 for the search rows, req/s for the other closed rows and p99 at a fixed rate', () => {
    expect(runKeyOf('search-common', 'closed').label).toBe('p95');
    expect(runKeyOf('search-typo', 'closed').label).toBe('p95');
    expect(runKeyOf('search-varied', 'closed').label).toBe('p95');
    expect(runKeyOf('home-latest', 'closed').label).toBe('req/s');
    expect(runKeyOf('glyph-detail', 'closed').label).toBe('req/s');
    expect(runKeyOf('read-mix', 'rate').label).toBe('p99');
    expect(() => runKeyOf('search-boot', 'closed')).toThrow(/no scenario named search-boot/);
  });
});

describe('hasBudget', () => {
  it('repeats exactly the rows judge() gives a budget', () => {
    expect(hasBudget('postgres', 'glyph-detail', 'closed')).toBe(true);
    expect(hasBudget('pglite', 'search-varied', 'closed')).toBe(true);
    expect(hasBudget('postgres', 'record-view', 'closed')).toBe(true);
    expect(hasBudget('postgres', 'toggle-like', 'rate')).toBe(true);
    // No budget: these run once.
    expect(hasBudget('pglite', 'record-view', 'closed')).toBe(false);
    expect(hasBudget('postgres', 'storefront', 'closed')).toBe(false);
    expect(hasBudget('pglite', 'search-common', 'closed')).toBe(false);
  });
});

describe('a repeated row', () => {
  it('is judged on its median run and lists every run in the report', () => {
    const runs = [run(50, 55, 401.7, { '200': 499, '500': 1 }), run(50, 11, 17.6), run(50, 13, 27.6)];
    const key = runKeyOf('toggle-like', 'rate');
    const row: Row = {
      leg: 'postgres',
      scenario: 'toggle-like',
      label: 'toggle-like',
      mode: 'rate',
      state: 'ok',
      target: 50,
      result: { ...medianRun(runs, key), rssMb: 1 },
      runs: runs.map(summarize),
      medianBy: key.label,
      budgets: [],
    };
    judge(row, 10);
    expect(row.budgets).toEqual([{ text: '50 req/s held, p99 ≤ 250 ms, 0 errors', met: true }]);
    expect(runsNote(row)).toBe('median of 3 runs by p99: 401.7 / 17.6 / 27.6 ms (failed answers: 1 / 0 / 0)');
  });

  it('shows the ceiling runs next to a ratio row, and nothing for a row that ran once', () => {
    const row: Row = {
      leg: 'pglite',
      scenario: 'glyph-detail',
      label: 'Glyph detail',
      mode: 'closed',
      state: 'ok',
      runs: [run(10_682, 9, 14), run(9_500, 9, 14), run(11_000, 9, 14)].map(summarize),
      ceilingRuns: [run(22_786, 4, 5), run(13_000, 4, 5), run(14_000, 4, 5)].map(summarize),
      medianBy: 'req/s',
      budgets: [],
    };
    expect(runsNote(row)).toBe('median of 3 runs by req/s: 10,682 / 9,500 / 11,000; ceiling 22,786 / 13,000 / 14,000 req/s');
    expect(runsNote({ ...row, runs: undefined, ceilingRuns: undefined })).toBe('');
  });
});
