import yauzl from 'yauzl';
import { APK_MSG } from '@glyphary/shared';
import { ApkInvalidError } from './apk-error.ts';

/** An opened APK: its entries by name (duplicates refused) and bounded reads of single entries. */
export interface ApkZip {
  names: string[];
  has(name: string): boolean;
  /** The entry's bytes, refused when it expands beyond `maxBytes`. */
  read(name: string, maxBytes: number): Promise<Buffer>;
  /** Streams the entry through `onChunk` (for digests) without holding it in memory. */
  stream(name: string, onChunk: (chunk: Buffer) => void): Promise<void>;
  close(): void;
}

export async function openApkZip(filePath: string, maxEntries: number): Promise<ApkZip> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (error, opened) => {
      if (error || !opened) reject(new ApkInvalidError(APK_MSG.malformed('it is not a readable ZIP archive')));
      else resolve(opened);
    });
  });
  const entries = new Map<string, yauzl.Entry>();
  try {
    if (zip.entryCount > maxEntries) throw new ApkInvalidError(APK_MSG.malformed('it has too many entries'));
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(new ApkInvalidError(APK_MSG.malformed('its ZIP directory is damaged'))));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entries.has(entry.fileName)) {
          // Android and this analyser could read different copies: refuse instead of guessing.
          reject(new ApkInvalidError(entry.fileName === 'AndroidManifest.xml' ? APK_MSG.manifestTwice : APK_MSG.entryTwice(entry.fileName.slice(0, 200))));
          return;
        }
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error;
  }

  function open(name: string): Promise<NodeJS.ReadableStream> {
    const entry = entries.get(name);
    if (!entry) return Promise.reject(new ApkInvalidError(APK_MSG.malformed(`${name.slice(0, 200)} is missing`)));
    return new Promise((resolve, reject) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) reject(new ApkInvalidError(APK_MSG.malformed(`${name.slice(0, 200)} cannot be read`)));
        else resolve(stream);
      });
    });
  }

  async function pump(name: string, onChunk: (chunk: Buffer) => void, maxBytes: number): Promise<void> {
    const stream = await open(name);
    let total = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > maxBytes) throw new ApkInvalidError(APK_MSG.malformed(`${name.slice(0, 200)} is too large`));
        onChunk(chunk);
      }
    } catch (error) {
      (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      if (error instanceof ApkInvalidError) throw error;
      throw new ApkInvalidError(APK_MSG.malformed(`${name.slice(0, 200)} cannot be read`));
    }
  }

  return {
    names: [...entries.keys()],
    has: (name) => entries.has(name),
    async read(name, maxBytes) {
      const entry = entries.get(name);
      if (entry && entry.uncompressedSize > maxBytes) throw new ApkInvalidError(APK_MSG.malformed(`${name.slice(0, 200)} is too large`));
      const chunks: Buffer[] = [];
      await pump(name, (chunk) => chunks.push(chunk), maxBytes);
      return Buffer.concat(chunks);
    },
    stream: (name, onChunk) => pump(name, onChunk, Number.MAX_SAFE_INTEGER),
    close: () => zip.close(),
  };
}
