// Writers for Android's binary resource formats (AXML and resources.arsc), as aapt2 lays them out.

/** A string pool chunk (UTF-16 or UTF-8), padded to 4 bytes. */
export function stringPool(strings: readonly string[], utf8 = false): Buffer {
  const data: Buffer[] = [];
  const offsets: number[] = [];
  let at = 0;
  for (const text of strings) {
    offsets.push(at);
    let encoded: Buffer;
    if (utf8) {
      const bytes = Buffer.from(text, 'utf8');
      const len = (n: number) => (n < 0x80 ? Buffer.from([n]) : Buffer.from([0x80 | (n >> 8), n & 0xff]));
      encoded = Buffer.concat([len(text.length), len(bytes.length), bytes, Buffer.from([0])]);
    } else {
      const head = Buffer.alloc(2);
      head.writeUInt16LE(text.length, 0);
      encoded = Buffer.concat([head, Buffer.from(text, 'utf16le'), Buffer.alloc(2)]);
    }
    data.push(encoded);
    at += encoded.length;
  }
  let body = Buffer.concat(data);
  if (body.length % 4) body = Buffer.concat([body, Buffer.alloc(4 - (body.length % 4))]);
  const header = Buffer.alloc(28 + strings.length * 4);
  header.writeUInt16LE(0x0001, 0);
  header.writeUInt16LE(28, 2);
  header.writeUInt32LE(header.length + body.length, 4);
  header.writeUInt32LE(strings.length, 8);
  header.writeUInt32LE(0, 12);
  header.writeUInt32LE(utf8 ? 0x100 : 0, 16);
  header.writeUInt32LE(strings.length ? header.length : 0, 20);
  header.writeUInt32LE(0, 24);
  offsets.forEach((offset, i) => header.writeUInt32LE(offset, 28 + i * 4));
  return Buffer.concat([header, body]);
}

/** A resource reference (`@string/x`, `@drawable/y`) by id. */
export interface ResourceRef {
  ref: number;
}
export type AttributeValue = string | number | boolean | ResourceRef;

export interface XmlNode {
  name: string;
  attributes?: Record<string, AttributeValue>;
  children?: XmlNode[];
}

const ANDROID_NS = 'http://schemas.android.com/apk/res/android';
/** Attribute names with their android resource ids: first in the pool, in the resource map's order. */
const ATTRIBUTE_IDS: Record<string, number> = {
  name: 0x01010003,
  value: 0x01010024,
  resource: 0x01010025,
  minSdkVersion: 0x0101020c,
  targetSdkVersion: 0x01010270,
  versionCode: 0x0101021b,
  versionName: 0x0101021c,
  label: 0x01010001,
  icon: 0x01010002,
  exported: 0x01010010,
  permission: 0x01010006,
  maxSdkVersion: 0x01010271,
};
/** Attributes written without the android namespace (as aapt2 writes `package`). */
const PLAIN_ATTRIBUTES = new Set(['package', 'platformBuildVersionCode', 'platformBuildVersionName']);

function chunkHeader(type: number, headerSize: number, size: number): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt16LE(type, 0);
  header.writeUInt16LE(headerSize, 2);
  header.writeUInt32LE(size, 4);
  return header;
}

/** Compiles an XML tree to binary XML (AXML): what AndroidManifest.xml is inside an APK. */
export function buildAxml(root: XmlNode): Buffer {
  const attributeNames = Object.keys(ATTRIBUTE_IDS);
  const strings: string[] = [...attributeNames];
  const index = (text: string) => {
    let i = strings.indexOf(text);
    if (i < 0) {
      strings.push(text);
      i = strings.length - 1;
    }
    return i;
  };
  const nsUri = index(ANDROID_NS);
  const nsPrefix = index('android');
  const body: Buffer[] = [];
  const node16 = (type: number, ext: Buffer) => {
    const head = Buffer.concat([chunkHeader(type, 16, 16 + ext.length), Buffer.from([1, 0, 0, 0]), Buffer.from([0xff, 0xff, 0xff, 0xff])]);
    return Buffer.concat([head, ext]);
  };
  const namespace = (type: number) => {
    const ext = Buffer.alloc(8);
    ext.writeUInt32LE(nsPrefix, 0);
    ext.writeUInt32LE(nsUri, 4);
    return node16(type, ext);
  };
  body.push(namespace(0x0100));
  const walk = (node: XmlNode) => {
    const attrs = Object.entries(node.attributes ?? {});
    const ext = Buffer.alloc(20 + attrs.length * 20);
    ext.writeUInt32LE(0xffffffff, 0);
    ext.writeUInt32LE(index(node.name), 4);
    ext.writeUInt16LE(20, 8);
    ext.writeUInt16LE(20, 10);
    ext.writeUInt16LE(attrs.length, 12);
    attrs.forEach(([name, value], i) => {
      const at = 20 + i * 20;
      ext.writeUInt32LE(PLAIN_ATTRIBUTES.has(name) ? 0xffffffff : nsUri, at);
      ext.writeUInt32LE(index(name), at + 4);
      let type: number;
      let data: number;
      let raw = 0xffffffff;
      if (typeof value === 'string') {
        raw = index(value);
        type = 0x03;
        data = raw;
      } else if (typeof value === 'number') {
        type = 0x10;
        data = value >>> 0;
      } else if (typeof value === 'boolean') {
        type = 0x12;
        data = value ? 0xffffffff : 0;
      } else {
        type = 0x01;
        data = value.ref >>> 0;
      }
      ext.writeUInt32LE(raw, at + 8);
      ext.writeUInt16LE(8, at + 12);
      ext[at + 14] = 0;
      ext[at + 15] = type;
      ext.writeUInt32LE(data, at + 16);
    });
    body.push(node16(0x0102, ext));
    for (const child of node.children ?? []) walk(child);
    const end = Buffer.alloc(8);
    end.writeUInt32LE(0xffffffff, 0);
    end.writeUInt32LE(index(node.name), 4);
    body.push(node16(0x0103, end));
  };
  walk(root);
  body.push(namespace(0x0101));
  const pool = stringPool(strings);
  const map = Buffer.alloc(8 + attributeNames.length * 4);
  map.set(chunkHeader(0x0180, 8, map.length));
  attributeNames.forEach((name, i) => map.writeUInt32LE(ATTRIBUTE_IDS[name]!, 8 + i * 4));
  const content = Buffer.concat([pool, map, ...body]);
  return Buffer.concat([chunkHeader(0x0003, 8, 8 + content.length), content]);
}

export interface ResourceEntry {
  /** The entry name (`toy_name`). */
  key: string;
  /** A string value, or for drawables the file path inside the APK (`res/drawable/toy.png`). */
  value: string;
  /** Instead of the string: a reference to this resource id (`@string/other`). */
  ref?: number;
}

export interface ResourceType {
  /** `string`, `drawable`… (type ids are 1-based in this order). */
  name: string;
  /** The default configuration's entries. */
  entries: ResourceEntry[];
  /** Extra configurations (a locale) with values for the same entries, written before the default. */
  locales?: Record<string, string[]>;
  /** Hostile tables: the default configuration's chunk written this many times (default 1). */
  copies?: number;
}

/** The resource id of entry `entry` of type number `type` (1-based) in the app package 0x7f. */
export function resourceId(type: number, entry: number): number {
  return ((0x7f << 24) | (type << 16) | entry) >>> 0;
}

/**
 * Compiles a resource table: one package (0x7f), simple string-valued entries per type and configuration.
 * `globalPool` replaces the global string pool's writer (hostile tests: offsets that overlap).
 */
export function buildArsc(packageName: string, types: ResourceType[], globalPool: (values: string[]) => Buffer = (values) => stringPool(values, true)): Buffer {
  const values: string[] = [];
  const valueIndex = (text: string) => {
    let i = values.indexOf(text);
    if (i < 0) {
      values.push(text);
      i = values.length - 1;
    }
    return i;
  };
  const keys: string[] = [];
  const keyIndex = (text: string) => {
    let i = keys.indexOf(text);
    if (i < 0) {
      keys.push(text);
      i = keys.length - 1;
    }
    return i;
  };
  const typeChunk = (typeId: number, entries: Array<{ key: string; value: string; ref?: number }>, language: string | null) => {
    const configSize = 64;
    const headerSize = 20 + configSize;
    const offsets = Buffer.alloc(entries.length * 4);
    const data = Buffer.alloc(entries.length * 16);
    entries.forEach((entry, i) => {
      offsets.writeUInt32LE(i * 16, i * 4);
      data.writeUInt16LE(8, i * 16);
      data.writeUInt16LE(0, i * 16 + 2);
      data.writeUInt32LE(keyIndex(entry.key), i * 16 + 4);
      data.writeUInt16LE(8, i * 16 + 8);
      data[i * 16 + 11] = entry.ref === undefined ? 0x03 : 0x01;
      data.writeUInt32LE(entry.ref === undefined ? valueIndex(entry.value) : entry.ref, i * 16 + 12);
    });
    const header = Buffer.alloc(headerSize);
    header.set(chunkHeader(0x0201, headerSize, headerSize + offsets.length + data.length));
    header[8] = typeId;
    header.writeUInt32LE(entries.length, 12);
    header.writeUInt32LE(headerSize + offsets.length, 16);
    header.writeUInt32LE(configSize, 20);
    if (language) header.write(language.slice(0, 2), 28, 'latin1');
    return Buffer.concat([header, offsets, data]);
  };
  const chunks: Buffer[] = [];
  types.forEach((type, t) => {
    const typeId = t + 1;
    const spec = Buffer.alloc(16 + type.entries.length * 4);
    spec.set(chunkHeader(0x0202, 16, spec.length));
    spec[8] = typeId;
    spec.writeUInt32LE(type.entries.length, 12);
    chunks.push(spec);
    for (const [language, localized] of Object.entries(type.locales ?? {})) {
      chunks.push(typeChunk(typeId, type.entries.map((entry, i) => ({ key: entry.key, value: localized[i] ?? entry.value })), language));
    }
    for (let copy = 0; copy < (type.copies ?? 1); copy += 1) chunks.push(typeChunk(typeId, type.entries, null));
  });
  const typeStrings = stringPool(types.map((t) => t.name));
  const keyStrings = stringPool(keys);
  const packageHeader = Buffer.alloc(288);
  const packageBody = Buffer.concat([typeStrings, keyStrings, ...chunks]);
  packageHeader.set(chunkHeader(0x0200, 288, 288 + packageBody.length));
  packageHeader.writeUInt32LE(0x7f, 8);
  packageHeader.write(packageName.slice(0, 127), 12, 'utf16le');
  packageHeader.writeUInt32LE(288, 268);
  packageHeader.writeUInt32LE(types.length, 272);
  packageHeader.writeUInt32LE(288 + typeStrings.length, 276);
  packageHeader.writeUInt32LE(keys.length, 280);
  const global = globalPool(values);
  const tableHeader = chunkHeader(0x0002, 12, 12 + global.length + packageHeader.length + packageBody.length);
  const count = Buffer.alloc(4);
  count.writeUInt32LE(1, 0);
  return Buffer.concat([tableHeader, count, global, packageHeader, packageBody]);
}
