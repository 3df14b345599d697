import sharp from 'sharp';

/** A small real PNG (so the image pipeline accepts it). */
export async function pngBytes(width = 32, height = 32, color = { r: 215, g: 25, b: 33 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

/**
 * Builds a multipart/form-data body for `app.inject()` (no extra dependency needed).
 * @returns the payload and the content-type header with its boundary.
 */
export function multipart(fields: Record<string, string>, files: Array<{ field: string; filename: string; contentType: string; data: Buffer }>) {
  const boundary = `----glyphary${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\ncontent-type: ${file.contentType}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
