import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeAnimation, encodeAnimation, gridToLeds, ledCount, ledsToGrid, roundMask, type GlyphAnimation } from './index.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../../fixtures/glyph-matrix');

describe('round mask', () => {
  it('has the LED counts of DESIGN §6', () => {
    expect(ledCount(25)).toBe(489);
    expect(ledCount(13)).toBe(137);
  });

  it('is symmetric and leaves the corners dark', () => {
    const mask = roundMask(25);
    expect(mask[0]).toBe(0);
    expect(mask[24]).toBe(0);
    expect(mask[12 * 25 + 12]).toBe(1);
    expect(mask[12 * 25 + 0]).toBe(1);
    for (let y = 0; y < 25; y++) for (let x = 0; x < 25; x++) expect(mask[y * 25 + x]).toBe(mask[x * 25 + (24 - y)]);
  });
});

describe('GLYA codec', () => {
  it('round-trips a kit fixture and drops cells outside the mask', () => {
    const kit = JSON.parse(fs.readFileSync(path.join(fixtures, 'pulse_13.json'), 'utf8')) as {
      frames: { duration_ms: number; data: number[] }[];
    };
    const animation: GlyphAnimation = {
      size: 13,
      frames: kit.frames.map((f) => ({ durationMs: f.duration_ms, leds: gridToLeds(13, f.data) })),
    };
    const bytes = encodeAnimation(animation);
    expect(bytes.length).toBe(8 + kit.frames.length * (2 + 137));
    const back = decodeAnimation(bytes);
    expect(back.size).toBe(13);
    expect(back.frames.map((f) => f.durationMs)).toEqual(kit.frames.map((f) => f.duration_ms));
    const grid = ledsToGrid(13, back.frames[2]!.leds);
    const mask = roundMask(13);
    kit.frames[2]!.data.forEach((value, i) => expect(grid[i]).toBe(mask[i] ? value : 0));
  });

  it('refuses malformed bytes', () => {
    const good = encodeAnimation({ size: 13, frames: [{ durationMs: 100, leds: new Uint8Array(137) }] });
    expect(() => decodeAnimation(good.slice(0, 20))).toThrow(RangeError);
    const badMagic = good.slice();
    badMagic[0] = 0;
    expect(() => decodeAnimation(badMagic)).toThrow(RangeError);
    const badSize = good.slice();
    badSize[5] = 24;
    expect(() => decodeAnimation(badSize)).toThrow(RangeError);
    const shortFrame = good.slice();
    shortFrame[8] = 5; // 5 ms < 20 ms
    shortFrame[9] = 0;
    expect(() => decodeAnimation(shortFrame)).toThrow(/frame-duration/);
  });

  it('refuses animations out of bounds when encoding', () => {
    const frame = { durationMs: 20, leds: new Uint8Array(489) };
    expect(() => encodeAnimation({ size: 25, frames: Array.from({ length: 1001 }, () => frame) })).toThrow(/too-many-frames/);
    const long = { durationMs: 10_000, leds: new Uint8Array(489) };
    expect(() => encodeAnimation({ size: 25, frames: Array.from({ length: 7 }, () => long) })).toThrow(/too-long/);
  });
});
