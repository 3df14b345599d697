import { describe, expect, it } from 'vitest';
import { ledCells, ledCount } from '@glyphary/shared';
import { MatrixPainter } from './painter.ts';

/** A canvas whose 2D context records what was put into it (jsdom has no canvas drawing). */
function recordingCanvas() {
  const puts: Uint8ClampedArray[] = [];
  const context = {
    createImageData: (width: number, height: number) => ({ width, height, data: new Uint8ClampedArray(width * height * 4) }),
    putImageData: (image: { data: Uint8ClampedArray }) => puts.push(image.data.slice()),
  };
  const canvas = { width: 300, height: 150, getContext: () => context } as unknown as HTMLCanvasElement;
  return { canvas, puts };
}

const pixel = (data: Uint8ClampedArray, cell: number) => [...data.subarray(cell * 4, cell * 4 + 4)];

describe('MatrixPainter', () => {
  it('writes one opaque pixel per LED, unlit grey to white (gamma-lifted), nothing outside the round mask', () => {
    const { canvas, puts } = recordingCanvas();
    const painter = new MatrixPainter(canvas, null, 13);
    expect([canvas.width, canvas.height]).toEqual([13, 13]);
    const leds = new Uint8Array(ledCount(13));
    leds[0] = 255;
    leds[1] = 64;
    painter.draw(leds);
    expect(puts).toHaveLength(1);
    const data = puts[0]!;
    expect(data).toHaveLength(13 * 13 * 4);
    const cells = ledCells(13);
    expect(pixel(data, cells[0]!)).toEqual([255, 255, 255, 255]);
    // 64/255 through 1/2.2 is 136/255 of the way from the unlit #1c1c1c (28) to white: dim LEDs stay visible.
    expect(pixel(data, cells[1]!)).toEqual([149, 149, 149, 255]);
    expect(pixel(data, cells[2]!)).toEqual([28, 28, 28, 255]);
    // The corner cell is outside the round matrix: fully transparent, always.
    expect(pixel(data, 0)).toEqual([0, 0, 0, 0]);
  });

  it('gives the glow canvas white light whose alpha is the brightness, and each frame replaces the last', () => {
    const leds = recordingCanvas();
    const glow = recordingCanvas();
    const painter = new MatrixPainter(leds.canvas, glow.canvas, 25);
    expect([glow.canvas.width, glow.canvas.height]).toEqual([25, 25]);
    painter.draw(new Uint8Array(ledCount(25)).fill(255));
    painter.draw(new Uint8Array(ledCount(25)));
    expect(leds.puts).toHaveLength(2);
    expect(glow.puts).toHaveLength(2);
    const cell = ledCells(25)[100]!;
    expect(pixel(glow.puts[0]!, cell)).toEqual([255, 255, 255, 255]);
    expect(pixel(glow.puts[1]!, cell)).toEqual([255, 255, 255, 0]);
    const alphaSum = (data: Uint8ClampedArray) => data.filter((_, i) => i % 4 === 3).reduce((sum, v) => sum + v, 0);
    expect(alphaSum(glow.puts[0]!)).toBe(255 * 489);
    expect(alphaSum(glow.puts[1]!)).toBe(0);
    expect(pixel(leds.puts[1]!, cell)).toEqual([28, 28, 28, 255]);
  });

  it('draws nothing without a 2D context (no throw)', () => {
    const canvas = { width: 0, height: 0, getContext: () => null } as unknown as HTMLCanvasElement;
    expect(() => new MatrixPainter(canvas, null, 25).draw(new Uint8Array(489))).not.toThrow();
  });
});
