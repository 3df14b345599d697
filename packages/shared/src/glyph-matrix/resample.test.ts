import { describe, expect, it } from 'vitest';
import { ledCells, ledCount, ledsToGrid, roundMask, type GlyphAnimation } from './index.ts';
import { resampleAnimation, resampleLeds } from './resample.ts';

/** The 25×25 LEDs with `value(x, y)` at each LED. */
function leds25(value: (x: number, y: number) => number): Uint8Array {
  return Uint8Array.from(ledCells(25), (cell) => value(cell % 25, Math.floor(cell / 25)));
}

describe('resampling the Phone (3) matrix to the Phone (4a) Pro one', () => {
  it('gives one value per LED of the 13×13 round mask (137), none for the corners', () => {
    const out = resampleLeds(leds25(() => 255), 25, 13);
    expect(out).toHaveLength(ledCount(13));
    const grid = ledsToGrid(13, out);
    const mask = roundMask(13);
    for (let i = 0; i < 169; i++) expect(grid[i]).toBe(mask[i] ? 255 : 0);
    expect(mask[0]).toBe(0);
    expect(mask[6 * 13 + 6]).toBe(1);
  });

  it('keeps a uniform brightness everywhere, the rim too (cells outside the source disc do not count)', () => {
    for (const level of [0, 1, 77, 128, 255]) expect([...new Set(resampleLeds(leds25(() => level), 25, 13))]).toEqual([level]);
  });

  it('averages by area: a lit left half gives a lit left half, a half-lit middle column, a dark right half', () => {
    // Source columns 0–11 lit, 12 half (one whole column at 128 is half the light of the column), 13–24 dark.
    const out = ledsToGrid(13, resampleLeds(leds25((x) => (x < 12 ? 255 : x === 12 ? 128 : 0)), 25, 13));
    for (let y = 2; y < 11; y++) {
      expect(out[y * 13 + 3]).toBe(255);
      expect(out[y * 13 + 9]).toBe(0);
      // Target column 6 covers source x 11.54–13.46: 0.46 of 255, 1 of 128, 0.46 of 0 → (117.3 + 128) / 1.92 ≈ 128.
      expect(out[y * 13 + 6]).toBe(128);
    }
  });

  it('keeps the total light of a single lit LED (the mean over the area it falls in)', () => {
    // The centre LED of 25 (12, 12) sits inside target cell (6, 6), whose square is 1.923² source cells.
    const out = ledsToGrid(13, resampleLeds(leds25((x, y) => (x === 12 && y === 12 ? 255 : 0)), 25, 13));
    expect(out[6 * 13 + 6]).toBe(Math.round(255 / (25 / 13) ** 2));
    expect(out.reduce((sum, v) => sum + v, 0)).toBe(out[6 * 13 + 6]);
  });

  it('resamples every frame and keeps the timing; a matrix shown on itself is unchanged', () => {
    const animation: GlyphAnimation = { size: 25, frames: [{ durationMs: 40, leds: leds25(() => 10) }, { durationMs: 90, leds: leds25(() => 200) }] };
    const small = resampleAnimation(animation, 13);
    expect(small.size).toBe(13);
    expect(small.frames.map((f) => f.durationMs)).toEqual([40, 90]);
    expect(small.frames.map((f) => f.leds[0])).toEqual([10, 200]);
    expect(resampleAnimation(animation, 25)).toBe(animation);
  });
});
