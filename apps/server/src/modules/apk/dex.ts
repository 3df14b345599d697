import { malformed } from './apk-error.ts';
import { Bytes } from './bytes.ts';

/**
 * Bounds of the dex reader. A real dex file references at most 65 536 methods and types (their
 * indices are 16-bit); strings are read only when a type or method names them, each capped, and
 * every byte decoded counts against `maxWork`, so the cost follows the bytes given, not the counts claimed.
 */
export const DEX_LIMITS = {
  maxBytes: 64 * 1024 * 1024,
  maxStrings: 4 * 1024 * 1024,
  maxTypes: 65_536,
  maxMethods: 65_536,
  maxStringBytes: 1024,
  /** String bytes decoded plus table items read, per file. */
  maxWork: 16 * 1024 * 1024,
  /** Framework methods listed per file (a phone's SDK has fewer public methods than this). */
  maxFrameworkMethods: 20_000,
};

/** What one classes*.dex references. */
export interface DexReferences {
  /** Java packages of every referenced type (`com.google.firebase.analytics`), sorted. */
  packages: string[];
  /** Referenced methods of the platform (`android.`, `java.`, `javax.`, `dalvik.`; not androidx, a library), as `java.lang.Runtime.exec`, sorted. */
  frameworkMethods: string[];
  /** Referenced classes of the platform (`android.location.LocationManager`), sorted. */
  frameworkClasses: string[];
  /** The wanted strings (see readDex) the string table holds, sorted. */
  strings: string[];
  /** Units of work the reading took (bounded by DEX_LIMITS.maxWork). */
  work: number;
}

const HEADER_SIZE = 0x70;
const ENDIAN_CONSTANT = 0x12345678;
const FRAMEWORK = /^(android|java|javax|dalvik)\./;

/** `Lcom/example/Foo$Bar;` → `com.example.Foo$Bar`; arrays and primitives → null. */
function classNameOf(descriptor: string): string | null {
  if (!descriptor.startsWith('L') || !descriptor.endsWith(';') || descriptor.length < 3) return null;
  return descriptor.slice(1, -1).replace(/\//g, '.');
}

/**
 * Reads the header and the string, type and method tables of a dex file (Dalvik executable) and
 * lists what its code references. Every size and offset is checked against the file before use.
 * `wanted` are ASCII string constants to look for (class and method names code passes to reflection):
 * every string is visited, but only one of a wanted length is decoded.
 * @throws ApkInvalidError when the file is not a dex file, or a table lies outside it or exceeds the bounds.
 */
export function readDex(buffer: Buffer, name = 'classes.dex', limits = DEX_LIMITS, wanted: ReadonlySet<string> = new Set()): DexReferences {
  const what = name.slice(0, 100);
  if (buffer.length > limits.maxBytes) throw malformed(`${what} is too large`);
  const file = new Bytes(buffer, 0, buffer.length, what);
  if (buffer.length < HEADER_SIZE || buffer.subarray(0, 4).toString('latin1') !== 'dex\n' || buffer[7] !== 0) {
    throw malformed(`${what} is not a dex file`);
  }
  if (file.u32(40) !== ENDIAN_CONSTANT) throw malformed(`${what} is not a little-endian dex file`);
  if (file.u32(36) !== HEADER_SIZE) throw malformed(`${what} has an unexpected header size`);

  const table = (sizeAt: number, itemSize: number, max: number, label: string): { count: number; offset: number } => {
    const count = file.u32(sizeAt);
    const offset = file.u32(sizeAt + 4);
    if (count > max) throw malformed(`${what} has too many ${label}`);
    if (count > 0 && (offset < HEADER_SIZE || offset + count * itemSize > buffer.length)) {
      throw malformed(`${what}: the ${label} table lies outside the file`);
    }
    return { count, offset };
  };
  const strings = table(56, 4, limits.maxStrings, 'strings');
  const types = table(64, 4, limits.maxTypes, 'types');
  const methods = table(88, 8, limits.maxMethods, 'methods');

  let work = 0;
  const spend = (units: number) => {
    work += units;
    if (work > limits.maxWork) throw malformed(`${what} takes too much work to read`);
  };

  const decoded = new Map<number, string>();
  const stringAt = (index: number): string => {
    if (index >= strings.count) throw malformed(`${what} refers to a string that does not exist`);
    const cached = decoded.get(index);
    if (cached !== undefined) return cached;
    let at = file.u32(strings.offset + index * 4);
    if (at < HEADER_SIZE || at >= buffer.length) throw malformed(`${what}: a string lies outside the file`);
    // uleb128 length in UTF-16 units (at most 5 bytes), then modified UTF-8 ending in a zero byte.
    for (let i = 0; ; i += 1) {
      if (i >= 5) throw malformed(`${what}: a string length is malformed`);
      const byte = file.u8(at);
      at += 1;
      if ((byte & 0x80) === 0) break;
    }
    const end = buffer.indexOf(0, at);
    if (end < 0 || end - at > limits.maxStringBytes) throw malformed(`${what}: a string is unterminated or too long`);
    spend(end - at + 1);
    const text = buffer.toString('utf8', at, end);
    decoded.set(index, text);
    return text;
  };

  const typeNames: Array<string | null> = [];
  const packages = new Set<string>();
  const frameworkClasses = new Set<string>();
  for (let i = 0; i < types.count; i += 1) {
    spend(1);
    const className = classNameOf(stringAt(file.u32(types.offset + i * 4)));
    typeNames.push(className);
    if (className === null) continue;
    if (FRAMEWORK.test(className)) frameworkClasses.add(className);
    const dot = className.lastIndexOf('.');
    if (dot > 0) packages.add(className.slice(0, dot));
  }

  const frameworkMethods = new Set<string>();
  for (let i = 0; i < methods.count; i += 1) {
    spend(1);
    const item = methods.offset + i * 8;
    const classIndex = file.u16(item);
    if (classIndex >= types.count) throw malformed(`${what} refers to a type that does not exist`);
    const className = typeNames[classIndex];
    if (!className || !FRAMEWORK.test(className)) continue;
    if (frameworkMethods.size >= limits.maxFrameworkMethods) break;
    frameworkMethods.add(`${className}.${stringAt(file.u32(item + 4))}`);
  }

  const found = new Set<string>();
  const lengths = new Set([...wanted].map((text) => text.length));
  for (let i = 0; lengths.size > 0 && i < strings.count; i += 1) {
    spend(1);
    let at = file.u32(strings.offset + i * 4);
    if (at < HEADER_SIZE || at >= buffer.length) throw malformed(`${what}: a string lies outside the file`);
    let units = 0;
    for (let shift = 0; ; shift += 7) {
      if (shift > 28) throw malformed(`${what}: a string length is malformed`);
      const byte = file.u8(at);
      at += 1;
      units += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) break;
    }
    // ASCII: as many bytes as UTF-16 units, then the terminating zero.
    if (!lengths.has(units) || at + units >= buffer.length || buffer[at + units] !== 0) continue;
    spend(units);
    const text = buffer.toString('latin1', at, at + units);
    if (wanted.has(text)) found.add(text);
  }

  return {
    packages: [...packages].sort(),
    frameworkMethods: [...frameworkMethods].sort(),
    frameworkClasses: [...frameworkClasses].sort(),
    strings: [...found].sort(),
    work,
  };
}
