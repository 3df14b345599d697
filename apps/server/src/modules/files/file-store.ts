import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ids } from '../../lib/ids.ts';
import { isStoredName } from './file-urls.ts';

/** A stored object's facts. */
export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** An inclusive byte range of a stored object (HTTP range requests). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live (DESIGN §1 "Files"): keys such as `images/<uuid>.webp`,
 * `images/<uuid>-thumb.webp` and `apks/<uuid>.apk`. Uploads are always streamed to a local temp
 * file first (scan and inspection need a file), then `put` moves them into the store.
 * The local-disk implementation lives here; an S3 one implements the same interface.
 */
export interface FileStore {
  /** Directory for uploads in progress (`DATA_DIR/files/tmp`). */
  readonly tempDir: string;
  /** A fresh path in the temp directory for an upload in progress. */
  createTempPath(): string;
  /** Moves a finished temp file into the store under `key` (durably: fsync, then rename). */
  put(key: string, tempPath: string): Promise<void>;
  /** Reads a stored object, optionally a byte range. @throws when the key does not exist. */
  stream(key: string, range?: ByteRange): Readable;
  /** Size and time of a stored object, or null when absent. */
  stat(key: string): Promise<StoredObject | null>;
  /** Removes a stored object; absent objects are ignored. */
  delete(key: string): Promise<void>;
  /** Every stored object whose key starts with `prefix` (e.g. `images/`). */
  list(prefix: string): AsyncIterable<StoredObject>;
}

/** Evidence the malware scan flagged (files.service), kept under a name that is never served. */
const QUARANTINED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.quarantined$/;

/**
 * True when `key` has the shape of a key this product generates: `<folder>/<stored name>` (file-urls.ts owns
 * the names), or a quarantined upload in images/ or apks/. Nothing else ever reaches the disk.
 */
export function isValidKey(key: string): boolean {
  const slash = key.indexOf('/');
  if (slash === -1) return false;
  const [folder, name] = [key.slice(0, slash), key.slice(slash + 1)];
  return isStoredName(folder, name) || ((folder === 'images' || folder === 'apks') && QUARANTINED_NAME.test(name));
}

/** `key`, when it is a valid key (isValidKey); every store checks each key it is handed with this. @throws otherwise. */
export function checkKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** A fresh temp file path in `tempDir` (`<uuid>.part`), where an upload is written before `put`. */
export function newTempPath(tempDir: string): string {
  return path.join(tempDir, `${ids.uuid()}.part`);
}

async function fsyncFile(filePath: string): Promise<void> {
  const handle = await fsp.open(filePath, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The embedded default: files under `root` (`DATA_DIR/files`), temp files under `root/tmp`.
 * Every key is checked against the key pattern and the resolved path must stay inside `root`
 * (SECURITY "Serving files": path containment).
 */
export function createLocalFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const tempDir = path.join(base, 'tmp');
  fs.mkdirSync(tempDir, { recursive: true });
  for (const folder of ['images', 'apks', 'animations']) fs.mkdirSync(path.join(base, folder), { recursive: true });

  function resolveKey(key: string): string {
    const resolved = path.resolve(base, checkKey(key));
    if (!resolved.startsWith(base + path.sep)) throw new Error('Storage key escapes the store');
    return resolved;
  }

  return {
    tempDir,
    createTempPath: () => newTempPath(tempDir),
    async put(key, tempPath) {
      const target = resolveKey(key);
      await fsyncFile(tempPath);
      await fsp.rename(tempPath, target);
    },
    stream(key, range) {
      const target = resolveKey(key);
      return range ? fs.createReadStream(target, { start: range.start, end: range.end }) : fs.createReadStream(target);
    },
    async stat(key) {
      try {
        const stats = await fsp.stat(resolveKey(key));
        return stats.isFile() ? { key, size: stats.size, modifiedAt: stats.mtime } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fsp.rm(resolveKey(key), { force: true });
    },
    async *list(prefix) {
      const folder = prefix.replace(/\/$/, '');
      if (folder !== 'images' && folder !== 'apks' && folder !== 'animations') return;
      let names: string[];
      try {
        names = await fsp.readdir(path.join(base, folder));
      } catch {
        return;
      }
      for (const name of names) {
        const key = `${folder}/${name}`;
        try {
          const stats = await fsp.stat(path.join(base, folder, name));
          if (stats.isFile()) yield { key, size: stats.size, modifiedAt: stats.mtime };
        } catch {
          // removed meanwhile
        }
      }
    },
  };
}
