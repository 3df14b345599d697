import { describe, expect, it } from 'vitest';
import { shapeOf } from './request-shape.ts';

describe('shapeOf (the ceiling stands in for an uncaptured request with one of the same shape)', () => {
  it('gives every search term one shape, apart from the list pages of the same route', () => {
    const search = shapeOf('GET', '/api/get-glyphs?search=boot&limit=100');
    expect(shapeOf('GET', '/api/get-glyphs?search=neon%20clock&limit=100')).toBe(search);
    expect(shapeOf('GET', '/api/get-glyphs?limit=100&search=ring')).toBe(search);
    expect(shapeOf('GET', '/api/get-glyphs?sort=latest&limit=12')).not.toBe(search);
  });

  it('keeps the first two path segments and the method', () => {
    expect(shapeOf('GET', '/api/get-glyph/3f0c')).toBe(shapeOf('GET', '/api/get-glyph/99aa'));
    expect(shapeOf('GET', '/api/get-glyph/3f0c')).toBe('GET /api/get-glyph?');
    expect(shapeOf('POST', '/api/record-view')).not.toBe(shapeOf('GET', '/api/record-view'));
  });
});
