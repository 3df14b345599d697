/**
 * DESIGN §5 judged as written: each budget reads one number from each of an odd number of repeated
 * runs; the row is **met** when the median meets it, **within noise** when the median misses but the
 * budget lies inside the spread between runs (§5: "a result inside the spread between runs is met"),
 * and **missed** otherwise.
 */

export type Verdict = 'met' | 'within noise' | 'missed' | 'reported';

export interface Budget {
  /** Which way is better: latency, memory and start time are 'lower'; throughput and ratios 'higher'. */
  better: 'lower' | 'higher';
  limit: number;
}

export interface Judged {
  runs: number[];
  median: number;
  min: number;
  max: number;
  verdict: Verdict;
}

/**
 * The median of the runs and the verdict against `budget` (no budget: 'reported').
 * A run that failed (`NaN`, e.g. errors or a rate not held) counts as the worst possible value.
 * @throws on an empty or even list of runs: with two middle runs the median would not be a run.
 */
export function judge(runs: number[], budget: Budget | undefined): Judged {
  if (runs.length === 0 || runs.length % 2 === 0) throw new Error(`the median needs an odd number of runs, not ${runs.length}`);
  const worst = budget?.better === 'higher' ? -Infinity : Infinity;
  const values = runs.map((value) => (Number.isNaN(value) ? worst : value));
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[(sorted.length - 1) / 2] as number;
  const min = sorted[0] as number;
  const max = sorted[sorted.length - 1] as number;
  if (!budget) return { runs: values, median, min, max, verdict: 'reported' };
  const meets = (value: number) => (budget.better === 'lower' ? value <= budget.limit : value >= budget.limit);
  const verdict: Verdict = meets(median) ? 'met' : meets(budget.better === 'lower' ? min : max) ? 'within noise' : 'missed';
  return { runs: values, median, min, max, verdict };
}

/** A number as the report prints it (whole numbers from 100 up, one decimal below). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '–';
  return Math.abs(value) >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1);
}
