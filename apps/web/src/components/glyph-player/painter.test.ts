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

describe('MatrixPainter', () => {
  it('writes one pixel per cell: white LEDs whose alpha is the brightness (gamma-lifted), nothing outside the round mask', () => {
    const { canvas, puts } = recordingCanvas();
    const painter = new MatrixPainter([canvas], 13);
    const leds = new Uint8Array(ledCount(13));
    leds[0] = 255;
    leds[1] = 64;
    painter.draw(leds);
    expect(puts).toHaveLength(1);
    expect([canvas.width, canvas.height]).toEqual([13, 13]);
    const data = puts[0]!;
    expect(data).toHaveLength(13 * 13 * 4);
    const cells = ledCells(13);
    expect([...data.subarray(cells[0]! * 4, cells[0]! * 4 + 4)]).toEqual([255, 255, 255, 255]);
    // 64/255 through 1/2.2: dim LEDs stay visible on a screen.
    expect(data[cells[1]! * 4 + 3]).toBe(136);
    expect(data[cells[2]! * 4 + 3]).toBe(0);
    // The corner cell is outside the round matrix: fully transparent, always.
    expect([...data.subarray(0, 4)]).toEqual([0, 0, 0, 0]);
  });

  it('puts the same frame into every canvas it paints (the LEDs and their glow), and each frame replaces the last', () => {
    const leds = { canvas: recordingCanvas(), glow: recordingCanvas() };
    const painter = new MatrixPainter([leds.canvas.canvas, leds.glow.canvas], 25);
    const on = new Uint8Array(ledCount(25)).fill(255);
    painter.draw(on);
    painter.draw(new Uint8Array(ledCount(25)));
    expect(leds.canvas.puts).toHaveLength(2);
    expect(leds.glow.puts).toEqual(leds.canvas.puts);
    const alphaSum = (data: Uint8ClampedArray) => data.filter((_, i) => i % 4 === 3).reduce((sum, v) => sum + v, 0);
    expect(alphaSum(leds.canvas.puts[0]!)).toBe(255 * 489);
    expect(alphaSum(leds.canvas.puts[1]!)).toBe(0);
  });

  it('draws nothing without a 2D context (no throw)', () => {
    const canvas = { getContext: () => null } as unknown as HTMLCanvasElement;
    expect(() => new MatrixPainter([canvas], 25).draw(new Uint8Array(489))).not.toThrow();
  });
});
