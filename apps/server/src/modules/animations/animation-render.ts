import sharp from '../../lib/sharp.ts';
import { ledCells, MATRIX_LED_RADIUS, MATRIX_UNLIT_COLOUR, type GlyphAnimation, type MatrixSize } from '@glyphary/shared';

/**
 * Server renders of an animation (issue 16): a still poster (WebP) for cards before the script
 * loads, and an animated preview (GIF, ≤ 1 MB: chat apps play GIF where animated WebP often stays
 * still) for Open Graph / Twitter images.
 * Both draw the round matrix as lit LEDs with a soft glow on black, like the player.
 */

export const POSTER_SIDE = 480;
/** Open Graph's 1.91:1 shape; the matrix sits in the middle. */
export const PREVIEW_WIDTH = 600;
export const PREVIEW_HEIGHT = 315;
export const MAX_PREVIEW_BYTES = 1024 * 1024;
/** The preview plays at most this much of the animation, and at most this many frames. */
const PREVIEW_MAX_MS = 6000;
const PREVIEW_MAX_FRAMES = 72;
/** Unlit LEDs show as faint dots so the round shape reads: the player's colour, so a poster hands over to it unseen. */
const UNLIT_LEVEL = parseInt(MATRIX_UNLIT_COLOUR.slice(1, 3), 16) / 255;

interface Sprite {
  radius: number;
  core: Float32Array;
  glow: Float32Array;
  side: number;
}

/** One LED at full brightness: a crisp disc plus a gaussian glow reaching past its neighbours. */
function ledSprite(pitch: number): Sprite {
  const radius = Math.ceil(pitch * 1.6);
  const side = radius * 2 + 1;
  const core = new Float32Array(side * side);
  const glow = new Float32Array(side * side);
  const disc = pitch * MATRIX_LED_RADIUS;
  const sigma = pitch * 0.5;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const d = Math.hypot(x - radius, y - radius);
      core[y * side + x] = Math.max(0, Math.min(1, disc + 0.5 - d));
      glow[y * side + x] = 0.35 * Math.exp(-(d * d) / (2 * sigma * sigma));
    }
  }
  return { radius, core, glow, side };
}

/** Draws one frame: `leds` brightness in mask order, into a `side`² grey buffer. */
function drawMatrix(size: MatrixSize, leds: Uint8Array, side: number, sprite: Sprite): Float32Array {
  const out = new Float32Array(side * side);
  const pitch = side / size;
  const cells = ledCells(size);
  for (let i = 0; i < cells.length; i++) {
    const level = leds[i]! / 255;
    const cx = Math.round(((cells[i]! % size) + 0.5) * pitch);
    const cy = Math.round((Math.floor(cells[i]! / size) + 0.5) * pitch);
    const coreLevel = Math.max(level, UNLIT_LEVEL);
    for (let sy = 0; sy < sprite.side; sy++) {
      const y = cy - sprite.radius + sy;
      if (y < 0 || y >= side) continue;
      for (let sx = 0; sx < sprite.side; sx++) {
        const x = cx - sprite.radius + sx;
        if (x < 0 || x >= side) continue;
        const s = sy * sprite.side + sx;
        const o = y * side + x;
        out[o] = Math.max(out[o]!, sprite.core[s]! * coreLevel) + sprite.glow[s]! * level;
      }
    }
  }
  return out;
}

function toGrey(frame: Float32Array, target: Uint8Array, targetWidth: number, side: number, left: number, top: number): void {
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      target[(top + y) * targetWidth + left + x] = Math.min(255, Math.round(frame[y * side + x]! * 255));
    }
  }
}

/** The frame a poster shows: the brightest one (the first of equals), so a fade-in is not a dark poster. */
export function posterFrameIndex(animation: GlyphAnimation): number {
  let best = 0;
  let bestSum = -1;
  animation.frames.forEach((frame, index) => {
    let sum = 0;
    for (const v of frame.leds) sum += v;
    if (sum > bestSum) {
      best = index;
      bestSum = sum;
    }
  });
  return best;
}

/** The still poster: WebP, POSTER_SIDE², of `frameIndex` (by default the brightest frame). */
export async function renderPoster(animation: GlyphAnimation, frameIndex = posterFrameIndex(animation)): Promise<Buffer> {
  const side = POSTER_SIDE;
  const sprite = ledSprite(side / animation.size);
  const grey = new Uint8Array(side * side);
  toGrey(drawMatrix(animation.size, animation.frames[frameIndex]!.leds, side, sprite), grey, side, side, 0, 0);
  return sharp(grey, { raw: { width: side, height: side, channels: 1 } }).webp({ quality: 82 }).toBuffer();
}

/** The frames the preview plays: the first PREVIEW_MAX_MS, at most PREVIEW_MAX_FRAMES, repeats merged. */
function previewFrames(animation: GlyphAnimation, maxMs: number): Array<{ leds: Uint8Array; durationMs: number }> {
  const out: Array<{ leds: Uint8Array; durationMs: number }> = [];
  let elapsed = 0;
  for (const frame of animation.frames) {
    if (elapsed >= maxMs || out.length >= PREVIEW_MAX_FRAMES) break;
    const last = out[out.length - 1];
    if (last && last.leds.every((v, i) => v === frame.leds[i])) last.durationMs += frame.durationMs;
    else out.push({ leds: frame.leds, durationMs: frame.durationMs });
    elapsed += frame.durationMs;
  }
  return out;
}

/**
 * The animated preview: GIF, PREVIEW_WIDTH × PREVIEW_HEIGHT (smaller when needed to stay
 * within MAX_PREVIEW_BYTES), looping. @returns null when no render fits the byte budget.
 */
export async function renderPreview(animation: GlyphAnimation): Promise<Buffer | null> {
  for (const [scale, maxMs] of [
    [1, PREVIEW_MAX_MS],
    [0.75, PREVIEW_MAX_MS],
    [0.75, PREVIEW_MAX_MS / 2],
    [0.5, PREVIEW_MAX_MS / 4],
  ] as const) {
    const width = Math.round(PREVIEW_WIDTH * scale);
    const height = Math.round(PREVIEW_HEIGHT * scale);
    const side = Math.round(height * 0.92);
    const left = Math.round((width - side) / 2);
    const top = Math.round((height - side) / 2);
    const sprite = ledSprite(side / animation.size);
    const frames = previewFrames(animation, maxMs);
    const pages = new Uint8Array(width * height * frames.length);
    frames.forEach((frame, index) => {
      const page = pages.subarray(index * width * height, (index + 1) * width * height);
      toGrey(drawMatrix(animation.size, frame.leds, side, sprite), page, width, side, left, top);
    });
    const gif = await sharp(pages, { raw: { width, height: height * frames.length, channels: 1, pageHeight: height } })
      .gif({ loop: 0, delay: frames.map((frame) => frame.durationMs), effort: 1, colours: 64, dither: 0 })
      .toBuffer();
    if (gif.length <= MAX_PREVIEW_BYTES) return gif;
  }
  return null;
}
