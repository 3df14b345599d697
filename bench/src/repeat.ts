/**
 * Repeated runs of one budgeted measurement (decision 0069). A budget is judged on the median of an odd
 * number of runs, never on one run: one 10 s run on a shared VM swings too far either way (a ceiling
 * run at 22,786 req/s against 12,511–14,389 before it; a tail of 401.7 ms whose reruns gave 17.6–27.6).
 *
 * The median is one of the runs, chosen by the number its budget reads: req/s for throughput and ratio
 * rows, p95 for search, p99 for the fixed-rate rows. So every figure of a row (its percentiles, what the
 * server and the machine did meanwhile) comes from the same run, and the other runs are listed next to it.
 */
import type { ClientResult } from './client.ts';
import { GROUPS } from './legs/index.ts';

/** The number a row's budget reads (with an odd count, the median does not depend on which way is better). */
export interface RunKey {
  label: 'req/s' | 'p95' | 'p99';
  value(result: ClientResult): number;
}

export const BY_THROUGHPUT: RunKey = { label: 'req/s', value: (r) => r.rps };
const BY_P95: RunKey = { label: 'p95', value: (r) => r.latencyMs.p95 };
const BY_P99: RunKey = { label: 'p99', value: (r) => r.latencyMs.p99 };

const SEARCH_GROUPS = new Set(['search', 'search-typo', 'search-varied']);

/**
 * The run key of a scenario's row: what its budget (judge.ts) reads.
 * @throws on a scenario no leg has (a misspelt name would otherwise be judged by req/s).
 */
export function runKeyOf(scenario: string, mode: 'closed' | 'rate'): RunKey {
  const group = GROUPS[scenario];
  if (!group) throw new Error(`no scenario named ${scenario}`);
  if (mode === 'rate') return BY_P99;
  return SEARCH_GROUPS.has(group) ? BY_P95 : BY_THROUGHPUT;
}

/**
 * The median run by `key`.
 * @throws on an even or zero count: with two middle runs the median would not be a run.
 */
export function medianRun<T extends ClientResult>(runs: readonly T[], key: RunKey): T {
  if (runs.length % 2 === 0) throw new Error(`the median needs an odd number of runs, not ${runs.length}`);
  const sorted = [...runs].sort((a, b) => key.value(a) - key.value(b));
  return sorted[(sorted.length - 1) / 2] as T;
}

/** One run of a repeated measurement, as the report lists it. */
export interface RunSummary {
  rps: number;
  p95: number;
  p99: number;
  /** Non-2xx answers and client errors. */
  failed: number;
}

export function summarize(result: ClientResult): RunSummary {
  const non2xx = Object.entries(result.statusCounts)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);
  return { rps: result.rps, p95: result.latencyMs.p95, p99: result.latencyMs.p99, failed: non2xx + result.errors };
}
