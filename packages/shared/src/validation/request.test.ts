import { describe, expect, it } from 'vitest';
import { normalizeTags } from './request.ts';

describe('normalizeTags (spec §5)', () => {
  it('splits on commas, trims and drops empties', () => {
    expect(normalizeTags('a,,b, ,c')).toEqual(['a', 'b', 'c']);
  });
  it('drops duplicates ignoring case, keeping the first spelling', () => {
    expect(normalizeTags('Clock, clock ,CLOCK,timer')).toEqual(['Clock', 'timer']);
  });
  it('accepts a list whose items may themselves hold commas', () => {
    expect(normalizeTags(['a, b', ' ', 'c'])).toEqual(['a', 'b', 'c']);
  });
});
