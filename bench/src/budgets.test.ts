import { describe, expect, it } from 'vitest';
import { formatNumber, judge } from './budgets.ts';

describe('judge (DESIGN §5: median of repeated runs, the spread is noise)', () => {
  it('meets a latency budget on the median, whatever one slow run did', () => {
    expect(judge([80, 400, 90], { better: 'lower', limit: 100 })).toEqual({ runs: [80, 400, 90], median: 90, min: 80, max: 400, verdict: 'met' });
  });

  it('calls a median miss within noise when a run met the budget, and missed when none did', () => {
    expect(judge([95, 120, 130], { better: 'lower', limit: 100 }).verdict).toBe('within noise');
    expect(judge([105, 120, 130], { better: 'lower', limit: 100 }).verdict).toBe('missed');
    expect(judge([900, 1100, 980], { better: 'higher', limit: 1000 }).verdict).toBe('within noise');
    expect(judge([900, 950, 980], { better: 'higher', limit: 1000 }).verdict).toBe('missed');
    expect(judge([1200, 950, 1010], { better: 'higher', limit: 1000 }).verdict).toBe('met');
  });

  it('counts a failed run as the worst value, and reports a row without a budget', () => {
    expect(judge([Number.NaN, 50, 60], { better: 'lower', limit: 100 })).toMatchObject({ median: 60, max: Infinity, verdict: 'met' });
    expect(judge([Number.NaN, Number.NaN, 60], { better: 'lower', limit: 100 }).verdict).toBe('within noise');
    expect(judge([Number.NaN, 2000, 3000], { better: 'higher', limit: 1000 })).toMatchObject({ min: -Infinity, median: 2000, verdict: 'met' });
    expect(judge([3], undefined).verdict).toBe('reported');
  });

  it('refuses an even number of runs', () => {
    expect(() => judge([1, 2], undefined)).toThrow(/odd number/);
    expect(() => judge([], undefined)).toThrow(/odd number/);
  });

  it('prints whole numbers from 100 up', () => {
    expect([formatNumber(1234.5), formatNumber(42.345), formatNumber(Infinity), formatNumber(-Infinity)]).toEqual(['1,235', '42.3', '∞', '–']);
  });
});
