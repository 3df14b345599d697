import { Bytes } from './bytes.ts';
import { malformed } from './apk-error.ts';
import { TYPE_INT_BOOLEAN, TYPE_INT_DEC, TYPE_INT_HEX, TYPE_REFERENCE, TYPE_STRING } from './axml.ts';
import { readChunk, RES_STRING_POOL_TYPE, StringPool } from './string-pool.ts';

/** Bounds for resources.arsc (a large app's table is a few megabytes). */
export const ARSC_LIMITS = {
  maxBytes: 32 * 1024 * 1024,
  maxStrings: 500_000,
  maxPackages: 16,
  maxTypeChunks: 20_000,
  maxEntries: 65_536,
  maxReferenceHops: 8,
  /** Candidate values one lookup returns (a value per configuration, plus what references lead to). */
  maxValues: 64,
  /**
   * Entry lookups over the table's whole life. A reference is followed into every configuration of
   * its target, so depth alone still allows chunks^depth lookups; this caps the total instead.
   */
  maxLookups: 100_000,
};

const RES_TABLE_TYPE = 0x0002;
const RES_TABLE_PACKAGE_TYPE = 0x0200;
const RES_TABLE_TYPE_TYPE = 0x0201;
const FLAG_SPARSE = 0x01;
const FLAG_OFFSET16 = 0x02;
const ENTRY_FLAG_COMPLEX = 0x0001;
const ENTRY_FLAG_COMPACT = 0x0008;
const NO_ENTRY = 0xffffffff;

export type ResolvedValue = { kind: 'string'; value: string } | { kind: 'int'; value: number } | { kind: 'bool'; value: boolean };

interface TypeChunk {
  packageId: number;
  typeId: number;
  flags: number;
  entryCount: number;
  entriesStart: number;
  headerSize: number;
  body: Bytes;
  /** The configuration is the default one (no language, no density…): what a string falls back to. */
  isDefault: boolean;
  density: number;
}

export interface ResourceTable {
  /**
   * Every candidate value of a resource id across configurations, default configuration first,
   * then by decreasing density; references are followed (bounded in depth, values and total
   * lookups). Empty when the id is unknown.
   */
  resolve(id: number): ResolvedValue[];
  /** Entry lookups made so far (at most ARSC_LIMITS.maxLookups). */
  readonly lookups: number;
}

/** An empty table, for APKs without resources.arsc (references then stay unresolved). */
export const EMPTY_TABLE: ResourceTable = { resolve: () => [], lookups: 0 };

/**
 * Indexes a resources.arsc: the global string pool and every type chunk's place, decoding entries
 * only when asked. Bounded in size, strings, packages and chunks; never trusts an offset.
 * @throws ApkInvalidError
 */
export function parseArsc(buffer: Buffer): ResourceTable {
  if (buffer.length > ARSC_LIMITS.maxBytes) throw malformed('resources.arsc is too large');
  const file = new Bytes(buffer, 0, buffer.length, 'resources.arsc');
  const root = readChunk(file, 0, 'resources.arsc');
  if (root.type !== RES_TABLE_TYPE || root.headerSize < 12) throw malformed('resources.arsc is not a resource table');
  const table = root.body;
  const packageCount = table.u32(8);
  if (packageCount > ARSC_LIMITS.maxPackages) throw malformed('resources.arsc claims too many packages');

  let strings: StringPool | null = null;
  const types: TypeChunk[] = [];
  let packages = 0;
  let offset = root.headerSize;
  while (offset < table.length) {
    const chunk = readChunk(table, offset, 'resources.arsc');
    offset += chunk.body.length;
    if (chunk.type === RES_STRING_POOL_TYPE) {
      if (strings) throw malformed('resources.arsc has two global string pools');
      strings = new StringPool(chunk, ARSC_LIMITS.maxStrings, 'resources.arsc');
    } else if (chunk.type === RES_TABLE_PACKAGE_TYPE) {
      packages += 1;
      if (packages > ARSC_LIMITS.maxPackages) throw malformed('resources.arsc has too many packages');
      if (chunk.headerSize < 284) throw malformed('resources.arsc has a bad package header');
      const pkg = chunk.body;
      const packageId = pkg.u32(8);
      let inner = chunk.headerSize;
      while (inner < pkg.length) {
        const sub = readChunk(pkg, inner, 'resources.arsc package');
        inner += sub.body.length;
        if (sub.type !== RES_TABLE_TYPE_TYPE) continue; // type and key string pools, specs, libraries: not needed
        if (types.length >= ARSC_LIMITS.maxTypeChunks) throw malformed('resources.arsc has too many type chunks');
        if (sub.headerSize < 20 + 4) throw malformed('resources.arsc has a bad type header');
        const body = sub.body;
        const entryCount = body.u32(12);
        if (entryCount > ARSC_LIMITS.maxEntries) throw malformed('resources.arsc claims too many entries');
        const configSize = body.u32(20);
        if (20 + configSize > sub.headerSize || configSize < 4) throw malformed('resources.arsc has a bad configuration');
        const config = body.slice(20, configSize, 'resources.arsc configuration');
        const configBytes = config.raw(4);
        const density = configSize >= 16 ? config.u16(14) : 0;
        types.push({
          packageId,
          typeId: body.u8(8),
          flags: body.u8(9),
          entryCount,
          entriesStart: body.u32(16),
          headerSize: sub.headerSize,
          body,
          isDefault: configBytes.every((byte) => byte === 0),
          density,
        });
      }
    }
  }
  const pool = strings;

  function entryValue(type: TypeChunk, index: number): { type: number; data: number } | null {
    const { body, headerSize, flags } = type;
    let entryOffset: number = NO_ENTRY;
    if (flags & FLAG_SPARSE) {
      // Sparse: (index u16, offset/4 u16) pairs sorted by index; a linear scan is bounded by entryCount.
      for (let i = 0; i < type.entryCount; i += 1) {
        if (body.u16(headerSize + i * 4) === index) {
          entryOffset = body.u16(headerSize + i * 4 + 2) * 4;
          break;
        }
      }
    } else {
      if (index >= type.entryCount) return null;
      if (flags & FLAG_OFFSET16) {
        const short = body.u16(headerSize + index * 2);
        entryOffset = short === 0xffff ? NO_ENTRY : short * 4;
      } else entryOffset = body.u32(headerSize + index * 4);
    }
    if (entryOffset === NO_ENTRY) return null;
    const at = type.entriesStart + entryOffset;
    const size = body.u16(at);
    const entryFlags = body.u16(at + 2);
    if (entryFlags & ENTRY_FLAG_COMPACT) return { type: entryFlags >>> 8, data: body.u32(at + 4) };
    if (entryFlags & ENTRY_FLAG_COMPLEX) return null; // a bag (style, array): not a simple value
    if (size < 8) throw malformed('resources.arsc has a bad entry');
    return { type: body.u8(at + size + 3), data: body.u32(at + size + 4) };
  }

  // Every configuration of one type, default first then by decreasing density: built once per type.
  const byType = new Map<number, TypeChunk[]>();
  for (const type of types) {
    const key = type.packageId * 256 + type.typeId;
    const list = byType.get(key);
    if (list) list.push(type);
    else byType.set(key, [type]);
  }
  for (const list of byType.values()) list.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || b.density - a.density);

  // Each id is resolved once and shared (its values are immutable), so a reference fan-out costs its
  // targets once, not once per path to them.
  const resolved = new Map<number, ResolvedValue[]>();
  const onPath = new Set<number>();
  let lookups = 0;

  function resolveId(id: number, hops: number): ResolvedValue[] {
    const known = resolved.get(id);
    if (known) return known;
    if (hops > ARSC_LIMITS.maxReferenceHops || onPath.has(id)) throw malformed('resources.arsc references loop');
    onPath.add(id);
    const candidates = byType.get((id >>> 24) * 256 + ((id >>> 16) & 0xff)) ?? [];
    const index = id & 0xffff;
    const values: ResolvedValue[] = [];
    const add = (value: ResolvedValue) => {
      if (values.length < ARSC_LIMITS.maxValues) values.push(value);
    };
    try {
      for (const type of candidates) {
        if (values.length >= ARSC_LIMITS.maxValues) break;
        lookups += 1;
        if (lookups > ARSC_LIMITS.maxLookups) throw malformed('resources.arsc references take too much work to resolve');
        const value = entryValue(type, index);
        if (!value) continue;
        if (value.type === TYPE_STRING) {
          const text = pool?.get(value.data);
          if (text !== null && text !== undefined) add({ kind: 'string', value: text });
        } else if (value.type === TYPE_REFERENCE) {
          if (value.data !== 0) for (const target of resolveId(value.data >>> 0, hops + 1)) add(target);
        } else if (value.type === TYPE_INT_DEC || value.type === TYPE_INT_HEX) {
          add({ kind: 'int', value: value.data | 0 });
        } else if (value.type === TYPE_INT_BOOLEAN) {
          add({ kind: 'bool', value: value.data !== 0 });
        }
      }
    } finally {
      onPath.delete(id);
    }
    resolved.set(id, values);
    return values;
  }

  return {
    resolve: (id) => resolveId(id, 0),
    get lookups() {
      return lookups;
    },
  };
}
