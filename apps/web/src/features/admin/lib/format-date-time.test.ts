import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date-time.ts';

describe('formatDateTime', () => {
  it('gives what toLocaleString gave, from one formatter', () => {
    const options = { dateStyle: 'medium', timeStyle: 'short' } as const;
    for (const date of [new Date('2026-11-25T15:04:00Z'), new Date(0), new Date('2027-01-01T00:00:00Z')]) {
      expect(formatDateTime(date)).toBe(date.toLocaleString('en-US', options));
    }
  });
});
