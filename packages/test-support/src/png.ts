import { crc32, deflateSync } from 'node:zlib';

/** One PNG chunk: length, type, data and the CRC of type + data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A toy preview as a real PNG (greyscale, no library needed so builders stay synchronous): a round
 * dot-matrix pattern like a Glyph Matrix frame, varied by `seed`.
 */
export function makeToyPreviewPng(seed = 0, size = 50): Buffer {
  const raw = Buffer.alloc((size + 1) * size);
  const centre = (size - 1) / 2;
  const cell = size / 25;
  for (let y = 0; y < size; y += 1) {
    raw[y * (size + 1)] = 0; // filter: none
    for (let x = 0; x < size; x += 1) {
      const cx = Math.floor(x / cell);
      const cy = Math.floor(y / cell);
      const inside = Math.hypot(x - centre, y - centre) <= size / 2;
      const lit = inside && (cx * 7 + cy * 13 + seed * 5) % (3 + (seed % 4)) === 0;
      raw[y * (size + 1) + 1 + x] = lit ? 255 : inside ? 24 : 0;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}
