import { describe, expect, it } from 'vitest';
import { suggestCategories } from './suggest.ts';

describe('suggestCategories (issue 48)', () => {
  it('suggests the categories a toy’s name and summary point to, most matches first', () => {
    expect(suggestCategories(['Ripple', 'Concentric rings ripple outward'])).toEqual(['art']);
    expect(suggestCategories(['Battery Ring', 'Shows the charge level while charging'])).toEqual(['battery', 'utilities', 'art']);
    expect(suggestCategories(['Pomodoro', 'A 25 minute focus timer'])).toEqual(['clock']);
    expect(suggestCategories(['Snake', 'The classic game on the matrix'])).toEqual(['games']);
  });

  it('matches whole words without regard to case or plurals, and suggests nothing for unrelated text', () => {
    expect(suggestCategories(['NOTIFICATIONS'])).toEqual(['notifications']);
    expect(suggestCategories(['Timestamps of stardust'])).toEqual([]);
    expect(suggestCategories([])).toEqual([]);
    expect(suggestCategories(['clock music camera game face'], 2)).toHaveLength(2);
  });
});
