import { malformed } from './apk-error.ts';

/**
 * A bounds-checked little-endian view over a buffer slice. Every read and every sub-view checks
 * against the slice's own end, so an offset or length taken from the file can never reach past
 * the bytes it was given (hostile input cannot make the parser read out of bounds or loop forever).
 */
export class Bytes {
  readonly buffer: Buffer;
  readonly start: number;
  readonly end: number;
  readonly what: string;

  constructor(buffer: Buffer, start = 0, end = buffer.length, what = 'data') {
    if (!(start >= 0 && end <= buffer.length && start <= end)) throw malformed(`${what} lies outside the file`);
    this.buffer = buffer;
    this.start = start;
    this.end = end;
    this.what = what;
  }

  get length(): number {
    return this.end - this.start;
  }

  private at(offset: number, size: number): number {
    if (!Number.isSafeInteger(offset) || offset < 0 || size < 0 || offset + size > this.length) {
      throw malformed(`${this.what} is truncated or points past its end`);
    }
    return this.start + offset;
  }

  u8(offset: number): number {
    return this.buffer.readUInt8(this.at(offset, 1));
  }
  u16(offset: number): number {
    return this.buffer.readUInt16LE(this.at(offset, 2));
  }
  u32(offset: number): number {
    return this.buffer.readUInt32LE(this.at(offset, 4));
  }
  i32(offset: number): number {
    return this.buffer.readInt32LE(this.at(offset, 4));
  }
  /** A 64-bit length; anything above 2^53 is refused rather than rounded. */
  u64(offset: number): number {
    const value = this.buffer.readBigUInt64LE(this.at(offset, 8));
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw malformed(`${this.what} has an impossible length`);
    return Number(value);
  }

  /** A sub-view of `length` bytes at `offset` (both checked). */
  slice(offset: number, length: number, what = this.what): Bytes {
    const from = this.at(offset, length);
    return new Bytes(this.buffer, from, from + length, what);
  }

  raw(offset = 0, length = this.length - offset): Buffer {
    const from = this.at(offset, length);
    return this.buffer.subarray(from, from + length);
  }
}
