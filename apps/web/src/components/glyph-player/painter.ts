import { ledCells, type MatrixSize } from '@glyphary/shared';

/** LED brightness is linear (PWM); the screen is not: lift the low end so dim LEDs look as they do on the phone. */
const ALPHA = new Uint8ClampedArray(256);
for (let i = 0; i < 256; i++) ALPHA[i] = Math.round(255 * Math.pow(i / 255, 1 / 2.2));

const LED_RADIUS = 0.36; // of a cell: the phone's LEDs are round with dark gaps between them
const GLOW_ALPHA = 0.6;
const OFF_COLOUR = '#1c1c1c';

function makeCanvas(px: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const canvas = document.createElement('canvas');
  canvas.width = px;
  canvas.height = px;
  return [canvas, canvas.getContext('2d')!];
}

/** The layers every player of one matrix size and pixel size shares: where the LEDs are, and the dark matrix. */
interface Layers {
  /** Opaque round dots where the LEDs are (used to cut the lit cells into round LEDs). */
  mask: HTMLCanvasElement;
  /** The black disc with the unlit LEDs. */
  base: HTMLCanvasElement;
}
const layerCache = new Map<string, Layers>();

function layers(size: MatrixSize, px: number): Layers {
  const key = `${size}:${px}`;
  let found = layerCache.get(key);
  if (found) return found;
  const [mask, maskContext] = makeCanvas(px);
  const [base, baseContext] = makeCanvas(px);
  const cell = px / (size + 1);
  baseContext.fillStyle = '#000';
  baseContext.beginPath();
  baseContext.arc(px / 2, px / 2, px / 2, 0, Math.PI * 2);
  baseContext.fill();
  maskContext.fillStyle = '#fff';
  baseContext.fillStyle = OFF_COLOUR;
  for (const index of ledCells(size)) {
    const x = ((index % size) + 1) * cell;
    const y = (Math.floor(index / size) + 1) * cell;
    for (const context of [maskContext, baseContext]) {
      context.beginPath();
      context.arc(x, y, cell * LED_RADIUS, 0, Math.PI * 2);
      context.fill();
    }
  }
  found = { mask, base };
  if (layerCache.size > 16) layerCache.clear();
  layerCache.set(key, found);
  return found;
}

/**
 * Draws frames of a round LED matrix on a canvas with a handful of GPU blits per frame, whatever the
 * LED count: the frame goes into a size×size image (one pixel per cell), is scaled up without
 * smoothing and cut into round LEDs by the mask, a smoothed copy goes behind it as the glow, and the
 * dark matrix behind everything.
 */
export class MatrixPainter {
  readonly size: MatrixSize;
  private readonly canvas: HTMLCanvasElement;
  private readonly context: CanvasRenderingContext2D | null;
  private readonly cells: number[];
  private readonly source: CanvasRenderingContext2D | null;
  private readonly pixels: ImageData | null;
  private px = 0;

  constructor(canvas: HTMLCanvasElement, size: MatrixSize) {
    this.canvas = canvas;
    this.size = size;
    this.context = canvas.getContext('2d');
    this.cells = ledCells(size);
    this.source = makeCanvas(size)[1];
    this.pixels = this.source ? this.source.createImageData(size, size) : null;
  }

  /** Sets the drawing buffer to `devicePixels` square (the element's width × devicePixelRatio); true when it changed. */
  resize(devicePixels: number): boolean {
    const px = Math.min(devicePixels, 2048);
    if (px <= 0 || px === this.px) return false;
    this.px = px;
    this.canvas.width = px;
    this.canvas.height = px;
    return true;
  }

  /** Draws one frame: brightness 0–255 per LED in mask order. */
  draw(leds: Uint8Array): void {
    const { context, source, pixels, px, size } = this;
    if (!context || !source || !pixels || px === 0) return;
    const data = pixels.data;
    for (let i = 0; i < this.cells.length; i++) {
      const at = this.cells[i]! * 4;
      data[at] = 255;
      data[at + 1] = 255;
      data[at + 2] = 255;
      data[at + 3] = ALPHA[leds[i]!]!;
    }
    source.putImageData(pixels, 0, 0);
    const { mask, base } = layers(size, px);
    // Half a cell of margin: the disc holds every LED whole, the rim ones included.
    const inset = px / (size + 1) / 2;
    const inner = px - inset * 2;
    context.globalCompositeOperation = 'copy';
    context.imageSmoothingEnabled = false;
    context.drawImage(source.canvas, 0, 0, size, size, inset, inset, inner, inner);
    context.globalCompositeOperation = 'destination-in';
    context.drawImage(mask, 0, 0);
    context.globalCompositeOperation = 'destination-over';
    context.imageSmoothingEnabled = true;
    context.globalAlpha = GLOW_ALPHA;
    context.drawImage(source.canvas, 0, 0, size, size, inset, inset, inner, inner);
    context.globalAlpha = 1;
    context.drawImage(base, 0, 0);
    context.globalCompositeOperation = 'source-over';
  }
}
