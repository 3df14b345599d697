import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ledCells, MATRIX_SIZES, matrixSvg } from '@glyphary/shared';

describe('the round matrix pictures', () => {
  it.each(MATRIX_SIZES)('matrix-%i.svg is the shared LED mask, as scripts/matrix-svg.ts writes it', (size) => {
    const committed = fs.readFileSync(path.join(import.meta.dirname, `matrix-${size}.svg`), 'utf8');
    expect(committed).toBe(matrixSvg(size));
    const dots = [...committed.matchAll(/M(\d+) (\d+)h0/g)].map(([, x, y]) => ((Number(y) - 1) / 2) * size + (Number(x) - 1) / 2);
    expect(dots).toEqual(ledCells(size));
    expect(committed).toContain(`viewBox="0 0 ${size * 2} ${size * 2}"`);
  });
});
