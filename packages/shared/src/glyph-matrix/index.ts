/**
 * The Glyph Matrix: the round LED layout of each phone and the compact binary form of an animation
 * (issue 16). Both the server (import, storage, posters) and the browser (the player) use these, so
 * the wire format has exactly one owner.
 *
 * Wire format "GLYA" version 1 (all integers little-endian):
 *   bytes 0-3   ASCII "GLYA"
 *   byte  4     version (1)
 *   byte  5     matrix size: 25 (Phone (3)) or 13 (Phone (4a) Pro)
 *   bytes 6-7   frame count (1..MAX_ANIMATION_FRAMES)
 *   then per frame: u16 duration in ms, then one brightness byte per LED, in mask order
 *   (row by row, left to right, only the cells inside the round mask: 489 or 137 bytes).
 * Cells outside the round mask are never stored.
 */

export const MATRIX_SIZES = [25, 13] as const;
export type MatrixSize = (typeof MATRIX_SIZES)[number];

export const MAX_ANIMATION_FRAMES = 1000;
export const MIN_FRAME_MS = 20;
export const MAX_FRAME_MS = 10_000;
export const MAX_ANIMATION_MS = 60_000;

export const GLYA_MAGIC = 'GLYA';
export const GLYA_VERSION = 1;
const HEADER_BYTES = 8;

export interface GlyphFrame {
  /** How long the frame shows, in ms. */
  durationMs: number;
  /** Brightness 0–255 of each LED, in mask order (length = ledCount(size)). */
  leds: Uint8Array;
}

export interface GlyphAnimation {
  size: MatrixSize;
  frames: GlyphFrame[];
}

export function isMatrixSize(value: number): value is MatrixSize {
  return value === 25 || value === 13;
}

const maskCache = new Map<MatrixSize, Uint8Array>();

/**
 * For each cell of the size×size square (row by row), 1 when it is an LED: its centre lies within
 * size/2 cells of the matrix centre (DESIGN §6: 489 LEDs on 25×25, 137 on 13×13).
 */
export function roundMask(size: MatrixSize): Uint8Array {
  const cached = maskCache.get(size);
  if (cached) return cached;
  const mask = new Uint8Array(size * size);
  const radius = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dx = x + 0.5 - radius;
      const dy = y + 0.5 - radius;
      mask[y * size + x] = dx * dx + dy * dy <= radius * radius ? 1 : 0;
    }
  }
  maskCache.set(size, mask);
  return mask;
}

/** The cell indexes (into the size×size square) of the LEDs, in mask order. */
export function ledCells(size: MatrixSize): number[] {
  const mask = roundMask(size);
  const cells: number[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]) cells.push(i);
  return cells;
}

export function ledCount(size: MatrixSize): number {
  return ledCells(size).length;
}

/** Takes the LEDs out of a full size×size grid of brightness values (cells outside the mask are dropped). */
export function gridToLeds(size: MatrixSize, grid: ArrayLike<number>): Uint8Array {
  const cells = ledCells(size);
  const leds = new Uint8Array(cells.length);
  for (let i = 0; i < cells.length; i++) leds[i] = grid[cells[i]!]!;
  return leds;
}

/** A full size×size grid with the LEDs filled in and every other cell 0. */
export function ledsToGrid(size: MatrixSize, leds: Uint8Array): Uint8Array {
  const cells = ledCells(size);
  const grid = new Uint8Array(size * size);
  for (let i = 0; i < cells.length; i++) grid[cells[i]!] = leds[i]!;
  return grid;
}

export function animationDurationMs(animation: GlyphAnimation): number {
  return animation.frames.reduce((sum, frame) => sum + frame.durationMs, 0);
}

/** Why an animation breaks the bounds of issue 16, or null when it is within them. */
export function animationBoundsProblem(animation: GlyphAnimation): string | null {
  if (!isMatrixSize(animation.size)) return 'size';
  if (animation.frames.length < 1) return 'no-frames';
  if (animation.frames.length > MAX_ANIMATION_FRAMES) return 'too-many-frames';
  const count = ledCount(animation.size);
  for (const frame of animation.frames) {
    if (!Number.isInteger(frame.durationMs) || frame.durationMs < MIN_FRAME_MS || frame.durationMs > MAX_FRAME_MS) return 'frame-duration';
    if (frame.leds.length !== count) return 'frame-length';
  }
  if (animationDurationMs(animation) > MAX_ANIMATION_MS) return 'too-long';
  return null;
}

export function encodeAnimation(animation: GlyphAnimation): Uint8Array {
  const problem = animationBoundsProblem(animation);
  if (problem) throw new RangeError(`animation out of bounds: ${problem}`);
  const count = ledCount(animation.size);
  const out = new Uint8Array(HEADER_BYTES + animation.frames.length * (2 + count));
  for (let i = 0; i < 4; i++) out[i] = GLYA_MAGIC.charCodeAt(i);
  out[4] = GLYA_VERSION;
  out[5] = animation.size;
  out[6] = animation.frames.length & 0xff;
  out[7] = animation.frames.length >> 8;
  let offset = HEADER_BYTES;
  for (const frame of animation.frames) {
    out[offset] = frame.durationMs & 0xff;
    out[offset + 1] = frame.durationMs >> 8;
    out.set(frame.leds, offset + 2);
    offset += 2 + count;
  }
  return out;
}

/** Reads the wire format; throws RangeError on anything malformed or out of bounds. */
export function decodeAnimation(bytes: Uint8Array): GlyphAnimation {
  if (bytes.length < HEADER_BYTES) throw new RangeError('animation: too short');
  for (let i = 0; i < 4; i++) if (bytes[i] !== GLYA_MAGIC.charCodeAt(i)) throw new RangeError('animation: bad magic');
  if (bytes[4] !== GLYA_VERSION) throw new RangeError('animation: unknown version');
  const size = bytes[5]!;
  if (!isMatrixSize(size)) throw new RangeError('animation: bad size');
  const frameCount = bytes[6]! | (bytes[7]! << 8);
  const count = ledCount(size);
  if (frameCount < 1 || frameCount > MAX_ANIMATION_FRAMES) throw new RangeError('animation: bad frame count');
  if (bytes.length !== HEADER_BYTES + frameCount * (2 + count)) throw new RangeError('animation: bad length');
  const frames: GlyphFrame[] = [];
  let offset = HEADER_BYTES;
  for (let f = 0; f < frameCount; f++) {
    const durationMs = bytes[offset]! | (bytes[offset + 1]! << 8);
    frames.push({ durationMs, leds: bytes.slice(offset + 2, offset + 2 + count) });
    offset += 2 + count;
  }
  const animation: GlyphAnimation = { size, frames };
  const problem = animationBoundsProblem(animation);
  if (problem) throw new RangeError(`animation out of bounds: ${problem}`);
  return animation;
}
