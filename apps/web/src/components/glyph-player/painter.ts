import { ledCells, MATRIX_UNLIT_COLOUR, type MatrixSize } from '@glyphary/shared';

/** LED brightness is linear (PWM); the screen is not: lift the low end so dim LEDs look as they do on the phone. */
const ALPHA = new Uint8ClampedArray(256);
/** The LED's grey: the unlit colour at 0, white at 255, through the same curve. */
const GREY = new Uint8ClampedArray(256);
const UNLIT = parseInt(MATRIX_UNLIT_COLOUR.slice(1, 3), 16);
for (let i = 0; i < 256; i++) {
  ALPHA[i] = Math.round(255 * Math.pow(i / 255, 1 / 2.2));
  GREY[i] = Math.round(UNLIT + ((255 - UNLIT) * ALPHA[i]!) / 255);
}

/**
 * Writes frames of a round LED matrix into size×size canvases, one pixel per cell: a few hundred
 * byte writes and one putImageData per canvas per frame, whatever the card's size or pixel ratio.
 * The LED canvas gets opaque greys (unlit to white), so it covers the unlit matrix itself; the glow
 * canvas white with alpha = brightness. Scaling, the round LEDs (a CSS mask) and the glow's blur
 * (smoothed scaling) are the compositor's work, not the main thread's.
 */
export class MatrixPainter {
  readonly size: MatrixSize;
  private readonly cells: number[];
  private readonly leds: { context: CanvasRenderingContext2D; pixels: ImageData } | null;
  private readonly glow: { context: CanvasRenderingContext2D; pixels: ImageData } | null;

  /** Sets both canvases to size×size (React never sets their size: re-setting it would wipe a frame). */
  constructor(ledCanvas: HTMLCanvasElement, glowCanvas: HTMLCanvasElement | null, size: MatrixSize) {
    this.size = size;
    this.cells = ledCells(size);
    const prepare = (canvas: HTMLCanvasElement | null, fill: (data: Uint8ClampedArray, at: number) => void) => {
      if (!canvas) return null;
      if (canvas.width !== size) canvas.width = size;
      if (canvas.height !== size) canvas.height = size;
      const context = canvas.getContext('2d');
      if (!context) return null;
      const pixels = context.createImageData(size, size);
      // Cells outside the round mask stay transparent.
      for (const cell of this.cells) fill(pixels.data, cell * 4);
      return { context, pixels };
    };
    this.leds = prepare(ledCanvas, (data, at) => data.fill(255, at + 3, at + 4));
    this.glow = prepare(glowCanvas, (data, at) => data.fill(255, at, at + 3));
  }

  /** Draws one frame: brightness 0–255 per LED in mask order. */
  draw(leds: Uint8Array): void {
    const { cells } = this;
    if (this.leds) {
      const data = this.leds.pixels.data;
      for (let i = 0; i < cells.length; i++) {
        const at = cells[i]! * 4;
        const grey = GREY[leds[i]!]!;
        data[at] = grey;
        data[at + 1] = grey;
        data[at + 2] = grey;
      }
      this.leds.context.putImageData(this.leds.pixels, 0, 0);
    }
    if (this.glow) {
      const data = this.glow.pixels.data;
      for (let i = 0; i < cells.length; i++) data[cells[i]! * 4 + 3] = ALPHA[leds[i]!]!;
      this.glow.context.putImageData(this.glow.pixels, 0, 0);
    }
  }
}
