import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { fetchCreatorStats } from './get-creator-stats.ts';
import { fetchGlyphStats } from './get-glyph-stats.ts';
import { fetchPlatformStats } from './get-platform-stats.ts';

afterEach(() => vi.unstubAllGlobals());

describe('statistics API files', () => {
  it('ask each endpoint for the chosen range and return its answer', async () => {
    const asked: string[] = [];
    const answer = (name: string) => ({ url }: { url: URL }) => {
      asked.push(`${url.pathname}?${url.searchParams.toString()}`);
      return { body: { name } };
    };
    mockApi({
      'GET /api/creator/stats': answer('creator'),
      'GET /api/glyphs/g-1/stats': answer('glyph'),
      'GET /api/admin/stats/series': answer('platform'),
    });
    expect(await fetchCreatorStats(7)).toEqual({ name: 'creator' });
    expect(await fetchGlyphStats('g-1', 90)).toEqual({ name: 'glyph' });
    expect(await fetchPlatformStats(365)).toEqual({ name: 'platform' });
    expect(asked).toEqual(['/api/creator/stats?days=7', '/api/glyphs/g-1/stats?days=90', '/api/admin/stats/series?days=365']);
  });

  it('rejects with the server’s error on a 400', async () => {
    mockApi({ 'GET /api/creator/stats': () => ({ status: 400, body: { error: 'days must be one of 7, 30, 90 or 365', code: 'VALIDATION_ERROR' } }) });
    await expect(fetchCreatorStats(30)).rejects.toThrow('days must be one of 7, 30, 90 or 365');
  });
});
