import { deflateRawSync } from 'node:zlib';
import { buildApk, GLYPH_ENABLE, pngChunk, type ZipEntry } from '@glyphary/test-support';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** The EICAR anti-malware test string (split so this file is not flagged itself). */
export const EICAR = ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join('');

export { makeZip, type ZipEntry } from '@glyphary/test-support';

/**
 * A small real APK (issue 15): a one-toy Glyph Toy with a binary manifest, resources and a preview
 * drawable, built by the shared test-support builder; `extra` entries are appended (hostile tests).
 */
export function makeApk(extra: ZipEntry[] = []): Buffer {
  return buildApk({
    packageName: 'com.example.glyph',
    permissions: [GLYPH_ENABLE],
    toys: [{ service: '.PulseToy', name: 'Pulse', summary: 'A soft pulse' }],
    extraEntries: extra,
  });
}

/** A small PNG (solid colour) with optional EXIF metadata. */
export async function makePng(width = 64, height = 48, withExif = false): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png();
  if (withExif) image = image.withExif({ IFD0: { Copyright: 'SECRET-EXIF-MARKER', Artist: 'SECRET-EXIF-MARKER' } });
  return image.toBuffer();
}

export async function makeJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 10, g: 200, b: 10 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'SECRET-EXIF-MARKER' } })
    .toBuffer();
}

/** A tiny PNG whose header claims huge dimensions (a pixel bomb). */
export function makePixelBombPng(width = 60_000, height = 60_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateRawSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface MultipartPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** Encodes a multipart/form-data body. */
export function multipart(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----glyphary${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.filename !== undefined) head += `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POSTs one file to /api/upload-file (type field first, like the web client). */
export function uploadFile(
  app: FastifyInstance,
  auth: Record<string, string>,
  type: string,
  data: Buffer,
  filename = type === 'apks' ? 'toy.apk' : 'image.png',
) {
  const body = multipart([
    { name: 'type', value: type },
    { name: 'file', value: data, filename },
  ]);
  return app.inject({ method: 'POST', url: '/api/upload-file', payload: body.payload, headers: { ...body.headers, ...auth } });
}
