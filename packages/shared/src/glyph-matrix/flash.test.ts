import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFlashing, relativeLuminance } from './flash.ts';
import { gridToLeds, ledCount, type GlyphAnimation, type MatrixSize } from './index.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../../fixtures/glyph-matrix');

function kitFixture(name: string): GlyphAnimation {
  const json = JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8')) as {
    matrix_size: { width: number };
    frames: Array<{ duration_ms: number; data: number[] }>;
  };
  const size = json.matrix_size.width as MatrixSize;
  return { size, frames: json.frames.map((f) => ({ durationMs: f.duration_ms, leds: gridToLeds(size, f.data) })) };
}

/** Frames where `lit(led, frame)` gives each LED's brightness. */
function synth(size: MatrixSize, frameCount: number, durationMs: number, lit: (led: number, frame: number) => number): GlyphAnimation {
  const count = ledCount(size);
  return {
    size,
    frames: Array.from({ length: frameCount }, (_, f) => ({ durationMs, leds: Uint8Array.from({ length: count }, (_, led) => lit(led, f)) })),
  };
}

describe('relative luminance', () => {
  it('linearises sRGB grey', () => {
    expect(relativeLuminance(0)).toBe(0);
    expect(relativeLuminance(255)).toBe(1);
    expect(relativeLuminance(128)).toBeCloseTo(0.2159, 3);
  });
});

describe('flash check (WCAG 2.3.1 general flash)', () => {
  it('passes a slow pulse: the whole matrix fading up and down once per second', () => {
    // 20 frames × 50 ms: a triangle wave 0 → 255 → 0.
    const pulse = synth(25, 20, 50, (_led, f) => Math.round((f < 10 ? f / 10 : (20 - f) / 10) * 255));
    expect(checkFlashing(pulse)).toEqual({ flashing: false, flashAtMs: null });
  });

  it('flags a 10 Hz full-matrix strobe at its first second', () => {
    const strobe = synth(25, 20, 50, (_led, f) => (f % 2 === 0 ? 255 : 0));
    expect(checkFlashing(strobe)).toEqual({ flashing: true, flashAtMs: 0 });
  });

  it('flags a 4 Hz blink of half the matrix', () => {
    const half = ledCount(13) / 2;
    const blink = synth(13, 8, 125, (led, f) => (led < half && f % 2 === 0 ? 255 : 0));
    expect(checkFlashing(blink).flashing).toBe(true);
  });

  it('passes a 3 Hz full-matrix blink (3 flashes a second is the limit, not over it)', () => {
    const blink = synth(25, 6, 167, (_led, f) => (f % 2 === 0 ? 255 : 0));
    expect(checkFlashing(blink).flashing).toBe(false);
  });

  it('passes a 10 Hz strobe of a small area (under a quarter of the LEDs)', () => {
    const blink = synth(25, 20, 50, (led, f) => (led < 100 && f % 2 === 0 ? 255 : 0));
    expect(checkFlashing(blink).flashing).toBe(false);
  });

  it('passes a fast flicker between bright states (the darker state is not below 0.80)', () => {
    const flicker = synth(25, 20, 50, (_led, f) => (f % 2 === 0 ? 255 : 240));
    expect(checkFlashing(flicker).flashing).toBe(false);
  });

  it('reports the second where a strobe starts after a calm intro', () => {
    const frames = [...synth(25, 1, 3000, () => 40).frames, ...synth(25, 20, 50, (_l, f) => (f % 2 ? 0 : 255)).frames, ...synth(25, 1, 3000, () => 40).frames];
    const result = checkFlashing({ size: 25, frames });
    expect(result).toEqual({ flashing: true, flashAtMs: 3000 });
  });

  it('counts flashes across the loop seam', () => {
    // Two frames only (300 ms): each play has one rise and one fall; played in a loop it is 3.3 Hz.
    const loop = synth(25, 2, 150, (_led, f) => (f === 0 ? 255 : 0));
    expect(checkFlashing(loop).flashing).toBe(true);
  });

  it('judges the kit samples: pulses pass, strobe_25 is flagged', () => {
    expect(checkFlashing(kitFixture('pulse_13.json')).flashing).toBe(false);
    expect(checkFlashing(kitFixture('pulse_25.json')).flashing).toBe(false);
    expect(checkFlashing(kitFixture('strobe_25.json'))).toEqual({ flashing: true, flashAtMs: 0 });
  });
});
