import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Rng } from './prng.ts';

/** The Nothing Phone (3) Glyph Matrix: 25×25 LEDs inside a circle (DESIGN intro). */
export const MATRIX_SIZE = 25;
const CELL = 16;
const LED_RADIUS = 6;
export const IMAGE_SIZE = MATRIX_SIZE * CELL; // 400 px, the recommended minimum for pictures
/** The file store's thumbnails are 480 px wide without enlargement: 400 px images keep their size. */
export const THUMB_SIZE = Math.min(480, IMAGE_SIZE);

type Pattern = (x: number, y: number) => number;

/** True for LEDs that exist on the round matrix. */
export function isLed(x: number, y: number): boolean {
  const c = (MATRIX_SIZE - 1) / 2;
  return Math.hypot(x - c, y - c) <= MATRIX_SIZE / 2;
}

/** Picks one of several animated-looking frames (rings, spiral, clock, wave, sparkle, meter, eye). */
export function makePattern(rng: Rng): Pattern {
  const c = (MATRIX_SIZE - 1) / 2;
  const phase = rng.next() * Math.PI * 2;
  const kind = rng.int(0, 6);
  switch (kind) {
    case 0: {
      const period = rng.int(3, 6);
      return (x, y) => (Math.round(Math.hypot(x - c, y - c)) % period === 0 ? 1 : 0.08);
    }
    case 1: {
      const arms = rng.int(2, 4);
      return (x, y) => {
        const a = Math.atan2(y - c, x - c) * arms + Math.hypot(x - c, y - c) * 0.6 + phase;
        return Math.max(0.05, Math.cos(a) ** 8);
      };
    }
    case 2: {
      const hour = rng.next() * Math.PI * 2;
      const minute = rng.next() * Math.PI * 2;
      const onHand = (x: number, y: number, angle: number, length: number) => {
        const dx = x - c;
        const dy = y - c;
        const along = dx * Math.sin(angle) - dy * Math.cos(angle);
        const across = Math.abs(dx * Math.cos(angle) + dy * Math.sin(angle));
        return along >= 0 && along <= length && across < 0.7;
      };
      return (x, y) => {
        if (onHand(x, y, minute, 11)) return 1;
        if (onHand(x, y, hour, 7)) return 0.8;
        return Math.abs(Math.hypot(x - c, y - c) - 12) < 0.6 ? 0.45 : 0.04;
      };
    }
    case 3: {
      const freq = 0.3 + rng.next() * 0.5;
      return (x, y) => (Math.abs(y - c - Math.sin(x * freq + phase) * 6) < 1.2 ? 1 : 0.05);
    }
    case 4: {
      const density = 0.15 + rng.next() * 0.25;
      const lit = Array.from({ length: MATRIX_SIZE * MATRIX_SIZE }, () => (rng.next() < density ? 0.3 + rng.next() * 0.7 : 0.04));
      return (x, y) => lit[y * MATRIX_SIZE + x] ?? 0;
    }
    case 5: {
      const bars = Array.from({ length: MATRIX_SIZE }, () => rng.int(3, MATRIX_SIZE - 2));
      return (x, y) => (MATRIX_SIZE - y <= (bars[x] ?? 0) ? 0.35 + (0.65 * (MATRIX_SIZE - y)) / MATRIX_SIZE : 0.04);
    }
    default: {
      const pupil = rng.int(-4, 4);
      return (x, y) => {
        const r = Math.hypot(x - c - pupil, y - c);
        if (r < 3) return 1;
        const eye = ((x - c) / 11) ** 2 + ((y - c) / 6) ** 2;
        return Math.abs(eye - 1) < 0.18 ? 0.7 : 0.04;
      };
    }
  }
}

/** Renders a pattern as round LEDs on black, RGB, IMAGE_SIZE square. */
export function renderMatrix(pattern: Pattern): Buffer {
  const pixels = Buffer.alloc(IMAGE_SIZE * IMAGE_SIZE * 3);
  for (let ly = 0; ly < MATRIX_SIZE; ly += 1) {
    for (let lx = 0; lx < MATRIX_SIZE; lx += 1) {
      if (!isLed(lx, ly)) continue;
      const level = Math.max(0, Math.min(1, pattern(lx, ly)));
      const value = Math.round(22 + level * 233);
      const cx = lx * CELL + CELL / 2;
      const cy = ly * CELL + CELL / 2;
      for (let py = cy - LED_RADIUS - 1; py <= cy + LED_RADIUS + 1; py += 1) {
        for (let px = cx - LED_RADIUS - 1; px <= cx + LED_RADIUS + 1; px += 1) {
          // Anti-aliased disc edge.
          const coverage = Math.max(0, Math.min(1, LED_RADIUS + 0.5 - Math.hypot(px + 0.5 - cx, py + 0.5 - cy)));
          if (coverage <= 0) continue;
          const offset = (py * IMAGE_SIZE + px) * 3;
          const v = Math.round(value * coverage);
          pixels[offset] = v;
          pixels[offset + 1] = v;
          pixels[offset + 2] = v;
        }
      }
    }
  }
  return pixels;
}

export interface RenderedImage {
  full: Buffer;
  thumb: Buffer;
  sha256: string;
}

/** Encodes a rendered matrix as WebP plus a WebP thumbnail with the file store's settings (modules/files/file-inspect.ts). */
export async function encodeMatrix(pixels: Buffer): Promise<RenderedImage> {
  const raw = { raw: { width: IMAGE_SIZE, height: IMAGE_SIZE, channels: 3 as const } };
  const full = await sharp(pixels, raw).webp({ quality: 85 }).toBuffer();
  const thumb = await sharp(pixels, raw).resize(THUMB_SIZE, THUMB_SIZE).webp({ quality: 75 }).toBuffer();
  return { full, thumb, sha256: createHash('sha256').update(full).digest('hex') };
}
