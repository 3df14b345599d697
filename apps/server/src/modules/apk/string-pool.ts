import type { Bytes } from './bytes.ts';
import { malformed } from './apk-error.ts';

export const RES_STRING_POOL_TYPE = 0x0001;
const UTF8_FLAG = 1 << 8;
/** One string is at most this many bytes (a label, a class name, a file path). */
const MAX_STRING_BYTES = 64 * 1024;
/**
 * All strings decoded from one pool together. Every offset of a pool may point at the same long
 * string, so without a total a few kilobytes of offsets decode gigabytes; real lookups (a manifest's
 * names, a handful of resources) decode kilobytes.
 */
export const MAX_DECODED_BYTES_PER_POOL = 4 * 1024 * 1024;

/** A chunk header: type, header size and total size, checked to lie inside `parent` at `offset`. */
export interface Chunk {
  type: number;
  headerSize: number;
  /** The whole chunk, header included. */
  body: Bytes;
}

export function readChunk(parent: Bytes, offset: number, what: string): Chunk {
  const type = parent.u16(offset);
  const headerSize = parent.u16(offset + 2);
  const size = parent.u32(offset + 4);
  if (headerSize < 8 || size < headerSize) throw malformed(`${what} has a bad chunk header`);
  if (offset + size > parent.length) throw malformed(`${what} has a chunk that runs past its end`);
  return { type, headerSize, body: parent.slice(offset, size, what) };
}

/**
 * A ResStringPool: strings are decoded lazily (an arsc pool can be large and only a few strings
 * are ever needed) and memoised by their byte offset, so many indexes naming one string share one
 * copy. The count is bounded and must fit the chunk's bytes; the bytes decoded are counted against
 * MAX_DECODED_BYTES_PER_POOL as they are decoded.
 */
export class StringPool {
  readonly count: number;
  private readonly utf8: boolean;
  private readonly offsets: Bytes;
  private readonly data: Bytes;
  private readonly cache = new Map<number, string>();
  /** Bytes decoded so far (at most MAX_DECODED_BYTES_PER_POOL). */
  decodedBytes = 0;
  private readonly what: string;

  constructor(chunk: Chunk, maxStrings: number, what: string) {
    if (chunk.type !== RES_STRING_POOL_TYPE || chunk.headerSize < 28) throw malformed(`${what} string pool header is wrong`);
    const body = chunk.body;
    const count = body.u32(8);
    const styleCount = body.u32(12);
    const flags = body.u32(16);
    const stringsStart = body.u32(20);
    if (count > maxStrings) throw malformed(`${what} string pool claims ${count} strings (at most ${maxStrings})`);
    // Each string needs a 4-byte offset plus at least 2 bytes of data: a count the chunk cannot hold is a lie.
    const minimum = chunk.headerSize + (count + styleCount) * 4 + count * 2;
    if (minimum > body.length) throw malformed(`${what} string pool claims more strings than it holds`);
    if (count > 0 && (stringsStart < chunk.headerSize + (count + styleCount) * 4 || stringsStart >= body.length)) {
      throw malformed(`${what} string pool data starts outside the chunk`);
    }
    this.count = count;
    this.what = what;
    this.utf8 = (flags & UTF8_FLAG) !== 0;
    this.offsets = body.slice(chunk.headerSize, count * 4, `${what} string pool`);
    this.data = count > 0 ? body.slice(stringsStart, body.length - stringsStart, `${what} string pool`) : body.slice(0, 0);
  }

  /** The string at `index`; an index outside the pool is a malformed file (0xffffffff means none: null). */
  get(index: number): string | null {
    if (index === 0xffffffff || index === -1) return null;
    if (!(index >= 0 && index < this.count)) throw malformed('a string index points outside its pool');
    const at = this.offsets.u32(index * 4);
    const cached = this.cache.get(at);
    if (cached !== undefined) return cached;
    const value = this.utf8 ? this.readUtf8(at) : this.readUtf16(at);
    this.cache.set(at, value);
    return value;
  }

  private spend(bytes: number): void {
    this.decodedBytes += bytes;
    if (this.decodedBytes > MAX_DECODED_BYTES_PER_POOL) throw malformed(`${this.what} strings decode to too much text`);
  }

  private readUtf8(at: number): string {
    let cursor = at;
    // UTF-16 length first (unused), then the UTF-8 byte length; each is 1 or 2 bytes.
    cursor += this.data.u8(cursor) & 0x80 ? 2 : 1;
    let length = this.data.u8(cursor);
    if (length & 0x80) {
      length = ((length & 0x7f) << 8) | this.data.u8(cursor + 1);
      cursor += 2;
    } else cursor += 1;
    if (length > MAX_STRING_BYTES) throw malformed('a string is too long');
    this.spend(length);
    return this.data.raw(cursor, length).toString('utf8');
  }

  private readUtf16(at: number): string {
    let cursor = at;
    let length = this.data.u16(cursor);
    if (length & 0x8000) {
      length = ((length & 0x7fff) << 16) | this.data.u16(cursor + 2);
      cursor += 4;
    } else cursor += 2;
    if (length * 2 > MAX_STRING_BYTES) throw malformed('a string is too long');
    this.spend(length * 2);
    return this.data.raw(cursor, length * 2).toString('utf16le');
  }
}
