import { Readable } from 'node:stream';
import { createInflateRaw, crc32 } from 'node:zlib';
import { APK_MSG } from '@glyphary/shared';
import { ApkInvalidError } from './apk-error.ts';

/**
 * Bounds of an APK's ZIP structure. Sizes an archive declares are claims: output is counted as it
 * is inflated and an entry that produces more (or less) than it declares is refused.
 */
export const ZIP_LIMITS = {
  maxEntries: 10_000,
  maxNameBytes: 1024,
  /** Bytes all entries may declare together: at most this… */
  maxTotalBytes: 512 * 1024 * 1024,
  /** …and at most this many times the archive's own size, or `minTotalBytes` (real APKs inflate 2–4×). */
  maxOverallRatio: 16,
  minTotalBytes: 64 * 1024 * 1024,
  /** An entry above 1 MiB may not claim more than this ratio to its compressed size. */
  maxRatio: 200,
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const UNICODE_PATH = 0x7075;
const INFLATE_CHUNK = 64 * 1024;

/** An entry as the central directory and its local header agree it is. */
export interface ZipEntryInfo {
  /** The raw name bytes decoded as UTF-8: what Android's libziparchive matches on. */
  name: string;
  method: 0 | 8;
  compressedSize: number;
  uncompressedSize: number;
  crc: number;
  /** Where the compressed data starts in the file. */
  dataStart: number;
}

function invalid(message: string, status: 415 | 422 = 422): ApkInvalidError {
  return new ApkInvalidError(message, status);
}
const malformed = (what: string) => invalid(APK_MSG.malformed(what));
const clipName = (name: string) => name.slice(0, 200);

/** Absolute, drive-lettered, backslashed, control characters or climbing out with `..`. */
function isUnsafeName(name: string): boolean {
  if (name.length === 0) return true;
  if (name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name)) return true;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(name)) return true;
  return name.split('/').some((segment) => segment === '..');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeName(raw: Buffer): string {
  try {
    return utf8.decode(raw);
  } catch {
    throw invalid(APK_MSG.unsafeNames);
  }
}

/** The name a Unicode-path extra field (0x7075) carries, or null when there is none. */
function unicodePath(extra: Buffer): string | null {
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (at + 4 + size > extra.length) return null; // a damaged extra block names nothing
    if (id === UNICODE_PATH && size >= 5) return extra.toString('utf8', at + 9, at + 4 + size);
    at += 4 + size;
  }
  return null;
}

/**
 * A ZIP archive held in memory (an upload is at most 50 MB), read the way Android reads an APK:
 * entry names are the raw bytes (a Unicode-path extra that names another file is refused, so the
 * analyser and the phone cannot see different files), duplicate names are refused, local headers
 * must agree with the central directory, entries may not overlap, and every read is inflated with
 * its output counted against the entry's declared size and the archive's total.
 */
export class ZipArchive {
  readonly entries: ZipEntryInfo[];
  private readonly byName = new Map<string, ZipEntryInfo>();
  private readonly buffer: Buffer;
  private inflated = 0;
  /** Counted output over the archive's life: the check pass (`verifyAll`) plus one more pass (v1 digests). */
  private readonly budget: number;

  private constructor(buffer: Buffer, entries: ZipEntryInfo[], totalLimit: number) {
    this.buffer = buffer;
    this.budget = 2 * totalLimit + 16 * 1024 * 1024;
    this.entries = entries;
    for (const entry of entries) this.byName.set(entry.name, entry);
  }

  /**
   * Parses the end record, the central directory and every local header.
   * @throws ApkInvalidError 415 when it is not a ZIP at all, 422 when it is a hostile or broken one.
   */
  static open(buffer: Buffer): ZipArchive {
    if (buffer.length < 22 || buffer.readUInt32LE(0) !== LOCAL) throw invalid(APK_MSG.notZip, 415);
    const tailStart = Math.max(0, buffer.length - 0xffff - 22);
    let eocd = -1;
    for (let i = buffer.length - 22; i >= tailStart; i -= 1) {
      if (buffer.readUInt32LE(i) === EOCD && buffer.readUInt16LE(i + 20) === buffer.length - i - 22) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw invalid(APK_MSG.notZip, 415);
    const count = buffer.readUInt16LE(eocd + 10);
    const cdSize = buffer.readUInt32LE(eocd + 12);
    const cdOffset = buffer.readUInt32LE(eocd + 16);
    if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) throw malformed('ZIP64 archives are not supported');
    if (buffer.readUInt16LE(eocd + 4) !== 0 || buffer.readUInt16LE(eocd + 6) !== 0 || buffer.readUInt16LE(eocd + 8) !== count)
      throw malformed('it spans several disks');
    if (count > ZIP_LIMITS.maxEntries) throw invalid(APK_MSG.tooManyEntries);
    if (cdOffset + cdSize !== eocd) throw malformed('the ZIP central directory is not where its end record says');

    const totalLimit = Math.min(
      ZIP_LIMITS.maxTotalBytes,
      Math.max(ZIP_LIMITS.minTotalBytes, ZIP_LIMITS.maxOverallRatio * buffer.length),
    );
    const entries: ZipEntryInfo[] = [];
    const names = new Set<string>();
    let declaredTotal = 0;
    let at = cdOffset;
    for (let i = 0; i < count; i += 1) {
      if (at + 46 > eocd || buffer.readUInt32LE(at) !== CENTRAL) throw malformed('its ZIP directory is damaged');
      const flags = buffer.readUInt16LE(at + 8);
      const method = buffer.readUInt16LE(at + 10);
      const crc = buffer.readUInt32LE(at + 16);
      const compressedSize = buffer.readUInt32LE(at + 20);
      const uncompressedSize = buffer.readUInt32LE(at + 24);
      const nameLength = buffer.readUInt16LE(at + 28);
      const extraLength = buffer.readUInt16LE(at + 30);
      const commentLength = buffer.readUInt16LE(at + 32);
      const localOffset = buffer.readUInt32LE(at + 42);
      const next = at + 46 + nameLength + extraLength + commentLength;
      if (next > eocd) throw malformed('its ZIP directory is damaged');
      if (nameLength > ZIP_LIMITS.maxNameBytes) throw invalid(APK_MSG.unsafeNames);
      const rawName = buffer.subarray(at + 46, at + 46 + nameLength);
      const name = decodeName(rawName);
      const extra = buffer.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
      at = next;

      if (isUnsafeName(name)) throw invalid(APK_MSG.unsafeNames);
      const alias = unicodePath(extra);
      if (alias !== null && alias !== name)
        throw malformed(`the entry ${clipName(name)} names another file in its Unicode path field`);
      if (names.has(name))
        throw invalid(name === 'AndroidManifest.xml' ? APK_MSG.manifestTwice : APK_MSG.entryTwice(clipName(name)));
      names.add(name);
      if (flags & 0x41) throw invalid(APK_MSG.encrypted); // bit 0: encrypted, bit 6: strong encryption
      if (method !== 0 && method !== 8) throw malformed(`the entry ${clipName(name)} uses an unsupported compression method`);
      if (method === 0 && compressedSize !== uncompressedSize)
        throw malformed(`the stored entry ${clipName(name)} has two different sizes`);
      declaredTotal += uncompressedSize;
      if (declaredTotal > totalLimit) throw invalid(APK_MSG.tooMuchData);
      if (uncompressedSize > 1024 * 1024 && uncompressedSize > Math.max(compressedSize, 1) * ZIP_LIMITS.maxRatio)
        throw invalid(APK_MSG.tooMuchData);

      // The local header: Android reads the data through it, so it must name the same file.
      if (localOffset + 30 > cdOffset || buffer.readUInt32LE(localOffset) !== LOCAL)
        throw malformed(`the entry ${clipName(name)} has no local header`);
      const localNameLength = buffer.readUInt16LE(localOffset + 26);
      const localExtraLength = buffer.readUInt16LE(localOffset + 28);
      const dataStart = localOffset + 30 + localNameLength + localExtraLength;
      if (dataStart > cdOffset || !buffer.subarray(localOffset + 30, localOffset + 30 + localNameLength).equals(rawName)) {
        throw malformed(`the entry ${clipName(name)} has another name in its local header`);
      }
      if (buffer.readUInt16LE(localOffset + 8) !== method)
        throw malformed(`the entry ${clipName(name)} has another method in its local header`);
      const localAlias = unicodePath(buffer.subarray(localOffset + 30 + localNameLength, dataStart));
      if (localAlias !== null && localAlias !== name)
        throw malformed(`the entry ${clipName(name)} names another file in its Unicode path field`);
      if (dataStart + compressedSize > cdOffset) throw malformed(`the entry ${clipName(name)} runs past its end`);
      entries.push({ name, method: method as 0 | 8, compressedSize, uncompressedSize, crc, dataStart });
    }
    // Overlapping entries let a few bytes stand for many files (a "better zip bomb").
    const ordered = [...entries].sort((a, b) => a.dataStart - b.dataStart);
    for (let i = 1; i < ordered.length; i += 1) {
      const previous = ordered[i - 1]!;
      if (previous.dataStart + previous.compressedSize > ordered[i]!.dataStart - 30) throw malformed('its entries overlap');
    }
    return new ZipArchive(buffer, entries, totalLimit);
  }

  /** Bytes inflated so far (every read counted), and the most this archive may ever inflate. */
  get work(): { inflated: number; budget: number } {
    return { inflated: this.inflated, budget: this.budget };
  }

  get names(): string[] {
    return this.entries.map((entry) => entry.name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /**
   * Streams an entry's inflated bytes through `onChunk`, counting them: more than the entry declares,
   * more than `maxBytes`, or more than the archive's total budget is refused; so are a short entry
   * and a CRC that does not match (Android refuses both).
   */
  async stream(name: string, onChunk: (chunk: Buffer) => void, maxBytes = Number.MAX_SAFE_INTEGER): Promise<void> {
    const entry = this.byName.get(name);
    if (!entry) throw malformed(`${clipName(name)} is missing`);
    if (entry.uncompressedSize > maxBytes) throw malformed(`${clipName(name)} is too large`);
    const data = this.buffer.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    let produced = 0;
    let crc = 0;
    const take = (chunk: Buffer) => {
      produced += chunk.length;
      this.inflated += chunk.length;
      if (produced > entry.uncompressedSize) throw malformed(`${clipName(name)} holds more than it declares`);
      if (this.inflated > this.budget) throw invalid(APK_MSG.tooMuchData);
      crc = crc32(chunk, crc);
      onChunk(chunk);
    };
    if (entry.method === 0) {
      for (let at = 0; at < data.length; at += INFLATE_CHUNK) take(data.subarray(at, Math.min(data.length, at + INFLATE_CHUNK)));
    } else {
      const inflater = createInflateRaw({ chunkSize: INFLATE_CHUNK });
      Readable.from([data]).pipe(inflater);
      try {
        for await (const chunk of inflater as AsyncIterable<Buffer>) take(chunk);
      } catch (error) {
        inflater.destroy();
        if (error instanceof ApkInvalidError) throw error;
        throw malformed(`${clipName(name)} cannot be inflated`);
      }
    }
    if (produced !== entry.uncompressedSize) throw malformed(`${clipName(name)} holds less than it declares`);
    if (crc >>> 0 !== entry.crc) throw malformed(`${clipName(name)} does not match its checksum`);
  }

  /** An entry's bytes (counted as `stream` counts them). */
  async read(name: string, maxBytes: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    await this.stream(name, (chunk) => chunks.push(chunk), maxBytes);
    return Buffer.concat(chunks);
  }

  /** Inflates every entry once, counted: what each declares is what it holds, within the total. */
  async verifyAll(): Promise<void> {
    for (const entry of this.entries) await this.stream(entry.name, () => undefined);
  }
}
