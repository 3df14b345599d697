import { ledCells, type MatrixSize } from '@glyphary/shared';

/** LED brightness is linear (PWM); the screen is not: lift the low end so dim LEDs look as they do on the phone. */
const ALPHA = new Uint8ClampedArray(256);
for (let i = 0; i < 256; i++) ALPHA[i] = Math.round(255 * Math.pow(i / 255, 1 / 2.2));

/**
 * Writes frames of a round LED matrix into size×size canvases, one pixel per cell (white, alpha =
 * brightness): a few hundred byte writes and one putImageData per canvas per frame, whatever the
 * card's size or pixel ratio. Scaling, the round LEDs (a CSS mask) and the glow (a smoothed copy)
 * are the compositor's work, not the main thread's (decision 0033).
 */
export class MatrixPainter {
  readonly size: MatrixSize;
  private readonly contexts: CanvasRenderingContext2D[];
  private readonly cells: number[];
  private readonly pixels: ImageData | null;

  /** `canvases`: the canvases that show the same frame (the LEDs, and the glow where there is one); set to size×size here. */
  constructor(canvases: HTMLCanvasElement[], size: MatrixSize) {
    this.size = size;
    // Sized here, not in the markup: React re-setting a width would wipe the drawn frame.
    for (const canvas of canvases) {
      if (canvas.width !== size) canvas.width = size;
      if (canvas.height !== size) canvas.height = size;
    }
    this.contexts = canvases.map((canvas) => canvas.getContext('2d')).filter((context) => context !== null);
    this.cells = ledCells(size);
    this.pixels = this.contexts[0]?.createImageData(size, size) ?? null;
    if (this.pixels) {
      // Cells outside the round mask stay transparent; the LED cells are white, only their alpha changes.
      const data = this.pixels.data;
      for (const cell of this.cells) data.fill(255, cell * 4, cell * 4 + 3);
    }
  }

  /** Draws one frame: brightness 0–255 per LED in mask order. */
  draw(leds: Uint8Array): void {
    const { pixels, cells } = this;
    if (!pixels) return;
    const data = pixels.data;
    for (let i = 0; i < cells.length; i++) data[cells[i]! * 4 + 3] = ALPHA[leds[i]!]!;
    for (const context of this.contexts) context.putImageData(pixels, 0, 0);
  }
}
