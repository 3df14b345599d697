import fsp from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import sharp, { type Metadata } from '../../lib/sharp.ts';
import UPNG from 'upng-js';
import {
  MAX_ANIMATION_FRAMES,
  MAX_ANIMATION_MS,
  MAX_FRAME_MS,
  MIN_FRAME_MS,
  MSG,
  animationDurationMs,
  gridToLeds,
  isMatrixSize,
  ledCells,
  type AnimationImportOptions,
  type GlyphAnimation,
  type GlyphFrame,
  type MatrixSize,
} from '@glyphary/shared';

/**
 * Import of a Glyph Matrix animation (issue 16): the Developer Kit's JSON, animated GIF / WebP
 * (sharp), APNG (upng-js, docs/decisions/0017) or a still PNG/JPEG/WebP, resampled to the round
 * matrix by area-averaging luminance, then adjusted by the import controls.
 * Every bound is checked before pixels are decoded (SECURITY "Uploads": pixel bombs are refused).
 */

/** An animation source file is at most this big (a 1,000-frame kit JSON is about 2.5 MB). */
export const MAX_ANIMATION_SOURCE_BYTES = 8 * 1024 * 1024;
/** Decoded pixels of all frames of an image source together (width × height × frames). */
export const MAX_ANIMATION_SOURCE_PIXELS = 25_000_000;
/** A still image becomes one frame of this length. */
export const STILL_FRAME_MS = 1000;
/** Browsers play GIF delays of 10 ms or less as 100 ms; so does the import. */
const GIF_ZERO_DELAY_MS = 100;

export type AnimationSourceKind = 'json' | 'gif' | 'webp' | 'apng' | 'png' | 'jpeg';

export class AnimationImportError extends Error {
  readonly status: 400 | 413 | 415 | 422;
  constructor(message: string, status: 400 | 413 | 415 | 422 = 422) {
    super(message);
    this.status = status;
  }
}

/** Whether a PNG has an acTL chunk before its first IDAT (the APNG marker). */
function isApng(head: Buffer): boolean {
  let offset = 8;
  while (offset + 8 <= head.length) {
    const length = head.readUInt32BE(offset);
    const type = head.toString('latin1', offset + 4, offset + 8);
    if (type === 'acTL') return true;
    if (type === 'IDAT') return false;
    offset += 12 + length;
  }
  return false;
}

/** Detects the source format from content only (never the name or the declared type). */
export async function sniffAnimationSource(filePath: string): Promise<AnimationSourceKind | null> {
  const handle = await fsp.open(filePath, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return isApng(head) ? 'apng' : 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'gif';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  const text = head.toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('{')) return 'json';
  return null;
}

/** Applies invert, contrast and brightness to one sRGB grey level (defaults leave it unchanged). */
export function adjustLevel(value: number, options: Pick<AnimationImportOptions, 'brightness' | 'contrast' | 'invert'>): number {
  let v = options.invert ? 255 - value : value;
  // Contrast scales around mid-grey: -100 flattens to grey, +100 multiplies the spread by 4.
  const factor = ((100 + options.contrast) / 100) ** 2;
  v = (v - 128) * factor + 128 + (options.brightness / 100) * 255;
  return Math.max(0, Math.min(255, Math.round(v)));
}

/** A frame length after the speed control, kept inside the frame bounds. */
function scaledDuration(ms: number, speed: number): number {
  return Math.max(MIN_FRAME_MS, Math.min(MAX_FRAME_MS, Math.round(ms / speed)));
}

function checkTotal(animation: GlyphAnimation): GlyphAnimation {
  if (animationDurationMs(animation) > MAX_ANIMATION_MS) throw new AnimationImportError(MSG.animationTooLong);
  return animation;
}

function adjustFrames(frames: GlyphFrame[], options: AnimationImportOptions): GlyphFrame[] {
  const identity = options.brightness === 0 && options.contrast === 0 && !options.invert;
  const table = Uint8Array.from({ length: 256 }, (_, v) => adjustLevel(v, options));
  return frames.map((frame) => ({
    durationMs: scaledDuration(frame.durationMs, options.speed),
    leds: identity ? frame.leds : frame.leds.map((v) => table[v]!),
  }));
}

type KitJson = { matrix_size?: { width?: unknown; height?: unknown }; frames?: unknown };

/** Parses and validates the Developer Kit's JSON. */
export function parseKitJson(text: string, options: AnimationImportOptions): GlyphAnimation {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new AnimationImportError(MSG.animationJsonInvalid, 400);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new AnimationImportError(MSG.animationJsonInvalid, 400);
  const kit = json as KitJson;
  const width = kit.matrix_size?.width;
  const height = kit.matrix_size?.height;
  if (typeof width !== 'number' || width !== height || !isMatrixSize(width)) throw new AnimationImportError(MSG.animationMatrixSizeUnsupported);
  const size: MatrixSize = width;
  if (!Array.isArray(kit.frames) || kit.frames.length === 0) throw new AnimationImportError(MSG.animationNoFrames);
  if (kit.frames.length > MAX_ANIMATION_FRAMES) throw new AnimationImportError(MSG.animationTooManyFrames);
  const cells = size * size;
  const frames: GlyphFrame[] = kit.frames.map((raw: unknown) => {
    const frame = raw as { duration_ms?: unknown; data?: unknown } | null;
    const duration = frame?.duration_ms;
    if (typeof duration !== 'number' || !Number.isInteger(duration) || duration < MIN_FRAME_MS || duration > MAX_FRAME_MS) {
      throw new AnimationImportError(MSG.animationFrameDuration);
    }
    const data = frame?.data;
    if (!Array.isArray(data) || data.length !== cells || !data.every((v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 255)) {
      throw new AnimationImportError(MSG.animationFrameData(size));
    }
    return { durationMs: duration, leds: gridToLeds(size, data as number[]) };
  });
  if (frames.reduce((sum, f) => sum + f.durationMs, 0) > MAX_ANIMATION_MS) throw new AnimationImportError(MSG.animationTooLong);
  return checkTotal({ size, frames: adjustFrames(frames, options) });
}

const LINEAR = Float64Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

function toSrgbLevel(linear: number): number {
  const c = linear <= 0.0031308 ? linear * 12.92 : 1.055 * linear ** (1 / 2.4) - 0.055;
  return Math.max(0, Math.min(255, Math.round(c * 255)));
}

/**
 * Area-averages relative luminance (linear light) over each LED's square of a width×height RGB or
 * RGBA picture (RGBA is taken over black), after a centred square crop; returns the LED brightness
 * as sRGB grey levels in mask order. A source smaller than the matrix repeats its pixels.
 */
export function resampleToLeds(pixels: Uint8Array, width: number, height: number, channels: 3 | 4, size: MatrixSize, offset = 0): Uint8Array {
  const side = Math.min(width, height);
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const cells = ledCells(size);
  const leds = new Uint8Array(cells.length);
  const span = (cell: number): [number, number] => {
    const from = Math.floor((cell * side) / size);
    return [from, Math.max(from + 1, Math.ceil(((cell + 1) * side) / size))];
  };
  for (let i = 0; i < cells.length; i++) {
    const [x0, x1] = span(cells[i]! % size);
    const [y0, y1] = span(Math.floor(cells[i]! / size));
    let sum = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const p = offset + ((top + y) * width + left + x) * channels;
        const luminance = 0.2126 * LINEAR[pixels[p]!]! + 0.7152 * LINEAR[pixels[p + 1]!]! + 0.0722 * LINEAR[pixels[p + 2]!]!;
        sum += channels === 4 ? (luminance * pixels[p + 3]!) / 255 : luminance;
      }
    }
    leds[i] = toSrgbLevel(sum / ((x1 - x0) * (y1 - y0)));
  }
  return leds;
}

function checkPixels(width: number, height: number, frames: number): void {
  if (width <= 0 || height <= 0) throw new AnimationImportError(MSG.animationUnreadable, 415);
  if (frames > MAX_ANIMATION_FRAMES) throw new AnimationImportError(MSG.animationTooManyFrames);
  if (width * height * frames > MAX_ANIMATION_SOURCE_PIXELS) throw new AnimationImportError(MSG.animationPixelsTooLarge, 413);
}

// sharp work is CPU- and memory-heavy: one import at a time (SECURITY "Timeouts": image work serialized).
let queue: Promise<unknown> = Promise.resolve();
function serialize<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/** GIF, WebP (animated or still), PNG and JPEG through sharp. */
async function importWithSharp(filePath: string, options: AnimationImportOptions): Promise<GlyphAnimation> {
  let meta: Metadata;
  try {
    // The header only: no pixels are decoded before the bounds below hold.
    meta = await sharp(filePath, { animated: true, limitInputPixels: false }).metadata();
  } catch {
    throw new AnimationImportError(MSG.animationUnreadable, 415);
  }
  const pages = meta.pages ?? 1;
  const width = meta.width ?? 0;
  const pageHeight = meta.pageHeight ?? meta.height ?? 0;
  checkPixels(width, pageHeight, pages);
  const size = options.size;
  const animated = pages > 1;
  let data: Buffer;
  let info: { width: number; height: number };
  try {
    // Decoded at full size and averaged here: a resize over the stacked pages would bleed one frame into the next.
    let pipeline = sharp(filePath, { animated, limitInputPixels: MAX_ANIMATION_SOURCE_PIXELS, failOn: 'error' });
    if (!animated) pipeline = pipeline.rotate();
    ({ data, info } = await pipeline.flatten({ background: '#000000' }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true }));
  } catch {
    throw new AnimationImportError(MSG.animationUnreadable, 415);
  }
  const frameHeight = animated ? pageHeight : info.height;
  const frameBytes = info.width * frameHeight * 3;
  if (data.length !== frameBytes * pages) throw new AnimationImportError(MSG.animationUnreadable, 415);
  const delays = meta.delay ?? [];
  const frames: GlyphFrame[] = [];
  for (let f = 0; f < pages; f++) {
    const delay = animated ? (delays[f] ?? GIF_ZERO_DELAY_MS) : STILL_FRAME_MS;
    frames.push({ durationMs: delay <= 10 ? GIF_ZERO_DELAY_MS : delay, leds: resampleToLeds(data, info.width, frameHeight, 3, size, f * frameBytes) });
  }
  return checkTotal({ size, frames: adjustFrames(frames, options) });
}

/** Reads IHDR, acTL and every fcTL of an APNG without inflating any pixel data. */
function apngHeader(bytes: Buffer): { width: number; height: number; frames: number } {
  let offset = 8;
  let width = 0;
  let height = 0;
  let frames = 0;
  let fctl = 0;
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = offset + 8;
    if (body + length > bytes.length) throw new AnimationImportError(MSG.animationUnreadable, 415);
    if (type === 'IHDR' && length >= 8) {
      width = bytes.readUInt32BE(body);
      height = bytes.readUInt32BE(body + 4);
    } else if (type === 'acTL' && length >= 4) {
      frames = bytes.readUInt32BE(body);
    } else if (type === 'fcTL' && length >= 20) {
      fctl++;
      const fw = bytes.readUInt32BE(body + 4);
      const fh = bytes.readUInt32BE(body + 8);
      const fx = bytes.readUInt32BE(body + 12);
      const fy = bytes.readUInt32BE(body + 16);
      // A frame outside the canvas is malformed (and a way to make the decoder allocate more).
      if (fw === 0 || fh === 0 || fx + fw > width || fy + fh > height) throw new AnimationImportError(MSG.animationUnreadable, 415);
    }
    if (type === 'IEND') break;
    offset = body + length + 4;
  }
  if (fctl > Math.max(frames, 1) || frames > MAX_ANIMATION_FRAMES || fctl > MAX_ANIMATION_FRAMES) throw new AnimationImportError(MSG.animationTooManyFrames);
  return { width, height, frames: Math.max(frames, 1) };
}

/** The upng-js internals the bounded inflate replaces (upng-js 2.1.0, pinned). */
interface UpngDecoder {
  _decompress(out: UpngImage, data: Uint8Array, width: number, height: number): Uint8Array;
  _getBPP(out: UpngImage): number;
  _filterZero(data: Uint8Array, out: UpngImage, offset: number, width: number, height: number): Uint8Array;
  _readInterlace(data: Uint8Array, out: UpngImage): Uint8Array;
}
interface UpngImage {
  compress: number;
  interlace: number;
}

/** Thrown inside upng-js when a frame's data would inflate past what the frame can hold. */
class InflateLimitError extends Error {}

/**
 * upng-js inflates each frame with pako and no output limit, so a few kilobytes of zlib data can
 * become gigabytes. Each frame is inflated here instead, with zlib's output capped at the bytes a
 * frame of its width, height and depth holds (rows plus filter bytes; Adam7 passes add at most
 * one filter byte per row and partial bytes per pass).
 */
const decoder = (UPNG as unknown as { decode: UpngDecoder }).decode;
decoder._decompress = (out, data, width, height) => {
  if (out.compress !== 0) throw new Error('unknown compression method');
  const rowBytes = Math.ceil((width * decoder._getBPP(out)) / 8);
  const limit = (rowBytes + 1) * height + (out.interlace ? 4 * height + 32 : 0);
  let inflated: Buffer;
  try {
    inflated = inflateSync(data, { maxOutputLength: Math.max(1, limit) });
  } catch (error) {
    if (error instanceof RangeError) throw new InflateLimitError('frame data too large');
    throw error;
  }
  const bytes = new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.length);
  return out.interlace === 0 ? decoder._filterZero(bytes, out, 0, width, height) : decoder._readInterlace(bytes, out);
};

/** APNG through upng-js (libvips reads only a PNG's default image). */
async function importApng(filePath: string, options: AnimationImportOptions): Promise<GlyphAnimation> {
  const bytes = await fsp.readFile(filePath);
  const header = apngHeader(bytes);
  checkPixels(header.width, header.height, header.frames);
  let rgbaFrames: ArrayBuffer[];
  let delays: number[];
  try {
    const image = UPNG.decode(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    if (image.width !== header.width || image.height !== header.height) throw new Error('size mismatch');
    rgbaFrames = UPNG.toRGBA8(image);
    delays = image.frames.length > 0 ? image.frames.map((frame) => frame.delay) : [STILL_FRAME_MS];
  } catch (error) {
    if (error instanceof AnimationImportError) throw error;
    if (error instanceof InflateLimitError) throw new AnimationImportError(MSG.animationDataTooLarge, 422);
    throw new AnimationImportError(MSG.animationUnreadable, 415);
  }
  const frames: GlyphFrame[] = rgbaFrames.map((rgba, f) => {
    const delay = delays[f] ?? GIF_ZERO_DELAY_MS;
    return { durationMs: delay <= 10 ? GIF_ZERO_DELAY_MS : delay, leds: resampleToLeds(new Uint8Array(rgba), header.width, header.height, 4, options.size) };
  });
  return checkTotal({ size: options.size, frames: adjustFrames(frames, options) });
}

/**
 * Imports an animation source file into frames on the round matrix.
 * @throws AnimationImportError (4xx) for anything malformed, unsupported or out of bounds.
 */
export async function importAnimation(filePath: string, options: AnimationImportOptions): Promise<{ animation: GlyphAnimation; kind: AnimationSourceKind }> {
  const stats = await fsp.stat(filePath);
  if (stats.size === 0) throw new AnimationImportError(MSG.fileEmpty, 400);
  if (stats.size > MAX_ANIMATION_SOURCE_BYTES) throw new AnimationImportError(MSG.animationFileTooLarge, 413);
  const kind = await sniffAnimationSource(filePath);
  if (!kind) throw new AnimationImportError(MSG.animationTypeUnsupported, 415);
  if (kind === 'json') return { kind, animation: parseKitJson(await fsp.readFile(filePath, 'utf8'), options) };
  return serialize(async () => ({ kind, animation: kind === 'apng' ? await importApng(filePath, options) : await importWithSharp(filePath, options) }));
}
