import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import sharp, { type Metadata } from '../../lib/sharp.ts';
import { APK_MSG, MSG } from '@glyphary/shared';
import { ApkInvalidError } from '../apk/apk-error.ts';
import { ZipArchive } from '../apk/zip-reader.ts';

/** Images are decoded with this pixel bound (SECURITY "Uploads": pixel bombs are refused). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * A toy preview is a small drawable: each is decoded with this bound, and all of one APK's together
 * with TOY_PREVIEWS_MAX_PIXELS (32 previews of 40 MP cost 34 s of CPU).
 */
export const TOY_PREVIEW_MAX_PIXELS = 4_000_000;
export const TOY_PREVIEWS_MAX_PIXELS = 16_000_000;
/** Stored images are at most this many pixels on their longest side. */
export const MAX_IMAGE_SIDE = 2560;
/** Card thumbnails (DESIGN §4.9). */
export const THUMBNAIL_WIDTH = 480;

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

/** Why an upload was refused; the service maps these to 4xx responses. */
export class FileRejectedError extends Error {
  readonly status: 400 | 413 | 415 | 422;
  constructor(message: string, status: 400 | 413 | 415 | 422 = 400) {
    super(message);
    this.status = status;
  }
}

async function readHead(filePath: string, length: number): Promise<Buffer> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Detects an image format from content only (never the name or the declared type): PNG, JPEG,
 * GIF or WebP (spec §5); anything else — SVG included — is null.
 */
export async function sniffImageFormat(filePath: string): Promise<ImageFormat | null> {
  const head = await readHead(filePath, 16);
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

/** True when the file starts with a ZIP local-file header (an APK is a ZIP). */
export async function hasZipSignature(filePath: string): Promise<boolean> {
  const head = await readHead(filePath, 4);
  return head.length === 4 && head.readUInt32LE(0) === 0x04034b50;
}

// sharp work is CPU- and memory-heavy: run one image at a time (SECURITY "Timeouts": image work serialized).
let imageQueue: Promise<unknown> = Promise.resolve();
function serialize<T>(work: () => Promise<T>): Promise<T> {
  const run = imageQueue.then(work, work);
  imageQueue = run.catch(() => undefined);
  return run;
}

export interface ProcessedImage {
  width: number;
  height: number;
  /** The source's pixels (width × height × frames), as its header declared them and the decoder was bounded to. */
  sourcePixels: number;
}

/**
 * Decodes an image with a pixel bound and re-encodes it to WebP (EXIF, metadata and any appended
 * bytes are gone), plus a WebP thumbnail. Animated GIF/WebP stay animated.
 * @throws FileRejectedError when the content does not decode or exceeds the pixel bound.
 */
export function processImage(sourcePath: string, targetPath: string, thumbPath: string, maxPixels = MAX_IMAGE_PIXELS): Promise<ProcessedImage> {
  return serialize(async () => {
    let metadata: Metadata;
    try {
      // Reading the header decodes no pixels; the bound is checked below, before any decoding.
      metadata = await sharp(sourcePath, { limitInputPixels: false, animated: true }).metadata();
    } catch {
      throw new FileRejectedError(MSG.fileImageUnreadable, 415);
    }
    if (!metadata.format || !['png', 'jpeg', 'gif', 'webp'].includes(metadata.format)) {
      throw new FileRejectedError(MSG.fileTypeImage, 415);
    }
    const width = metadata.width ?? 0;
    const frameHeight = metadata.pageHeight ?? metadata.height ?? 0;
    const frames = metadata.pages ?? 1;
    if (width === 0 || frameHeight === 0) throw new FileRejectedError(MSG.fileImageUnreadable, 415);
    const sourcePixels = width * frameHeight * frames;
    if (sourcePixels > maxPixels) throw new FileRejectedError('The image dimensions are too large', 413);
    const animated = frames > 1;
    try {
      const info = await sharp(sourcePath, { limitInputPixels: maxPixels, animated, failOn: 'error' })
        .rotate()
        .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85 })
        .toFile(targetPath);
      await sharp(targetPath, { animated })
        .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
        .webp({ quality: 75 })
        .toFile(thumbPath);
      return { width: info.width, height: animated ? frameHeight : info.height, sourcePixels };
    } catch {
      await Promise.all([fsp.rm(targetPath, { force: true }), fsp.rm(thumbPath, { force: true })]);
      throw new FileRejectedError(MSG.fileImageUnreadable, 415);
    }
  });
}

/**
 * Checks that a file is a real APK before it is analysed: a ZIP starting with a local header, read as
 * Android reads it (see ZipArchive: raw names, no duplicates, no aliases, no overlaps, no encryption,
 * bounded entries and declared sizes), with `AndroidManifest.xml`. Reads only the structure; the
 * analyser inflates every entry, counted.
 * @throws FileRejectedError naming the problem.
 */
export async function inspectApk(filePath: string): Promise<void> {
  if (!(await hasZipSignature(filePath))) throw new FileRejectedError(MSG.fileApkInvalid, 415);
  let zip: ZipArchive;
  try {
    zip = ZipArchive.open(await fsp.readFile(filePath));
  } catch (error) {
    if (error instanceof ApkInvalidError) throw new FileRejectedError(error.message, error.status);
    throw error;
  }
  if (!zip.has('AndroidManifest.xml')) throw new FileRejectedError(APK_MSG.manifestMissing, 422);
}

/** The EICAR anti-malware test string, split so this source file is not itself flagged. */
const EICAR = Buffer.from(['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join(''), 'latin1');

async function containsEicar(filePath: string): Promise<boolean> {
  const stream = fs.createReadStream(filePath, { highWaterMark: 1024 * 1024 });
  let tail = Buffer.alloc(0);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const window = Buffer.concat([tail, chunk]);
    if (window.includes(EICAR)) {
      stream.destroy();
      return true;
    }
    tail = window.subarray(Math.max(0, window.length - EICAR.length));
  }
  return false;
}

/**
 * The malware-scan hook (SECURITY "Uploads": fails closed). With `command` set, it runs with the
 * file path as its last argument; exit code 0 means clean, anything else (or failing to run) is
 * infected. Without a command, a built-in check still refuses the EICAR test string.
 * @returns true when the file is clean.
 */
export async function scanFile(filePath: string, command: string | undefined): Promise<boolean> {
  if (await containsEicar(filePath)) return false;
  if (!command) return true;
  const [program, ...args] = command.split(/\s+/).filter(Boolean);
  if (!program) return true;
  return new Promise<boolean>((resolve) => {
    const child = spawn(program, [...args, filePath], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}
