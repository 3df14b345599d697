import { createHash } from 'node:crypto';

/** A method reference: the class as a Java name (`java.lang.Runtime`) and the method name. */
export interface DexMethodRef {
  className: string;
  name: string;
}

export interface DexSpec {
  /** Classes the code references, as Java names (`com.appsflyer.AppsFlyerLib`). */
  classes?: string[];
  /** Methods the code references (their classes are added to `classes`). */
  methods?: DexMethodRef[];
  /** String constants the code uses (`Class.forName("dalvik.system.VMRuntime")`). */
  strings?: string[];
}

const descriptorOf = (className: string) => `L${className.replace(/\./g, '/')};`;

function uleb128(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest !== 0);
  return Buffer.from(bytes);
}

function adler32(bytes: Buffer): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/**
 * A minimal valid dex file (version 035): header, string_ids, type_ids, one proto (`()V`),
 * method_ids, the string data and the map list, sorted as the format requires, with its checksum
 * and SHA-1 signature. No class definitions: enough for a reader of what the code references.
 */
export function buildDex(spec: DexSpec = {}): Buffer {
  const methods = spec.methods ?? [];
  const classNames = [...new Set([...(spec.classes ?? []), ...methods.map((m) => m.className)])];
  const typeDescriptors = [...new Set(['V', ...classNames.map(descriptorOf)])];
  // Dex orders strings by their UTF-16 code units; these are ASCII, so a code-unit sort is that order.
  const strings = [...new Set([...typeDescriptors, ...methods.map((m) => m.name), ...(spec.strings ?? [])])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const stringIndex = (text: string) => strings.indexOf(text);
  const types = typeDescriptors.map(stringIndex).sort((a, b) => a - b);
  const typeIndex = (descriptor: string) => types.indexOf(stringIndex(descriptor));
  const methodItems = [...new Map(methods.map((m) => [`${m.className}#${m.name}`, m])).values()]
    .map((m) => ({ cls: typeIndex(descriptorOf(m.className)), name: stringIndex(m.name) }))
    .sort((a, b) => a.cls - b.cls || a.name - b.name);

  const stringIdsOff = 0x70;
  const typeIdsOff = stringIdsOff + strings.length * 4;
  const protoIdsOff = typeIdsOff + types.length * 4;
  const methodIdsOff = protoIdsOff + 12;
  const dataOff = methodIdsOff + methodItems.length * 8;
  const stringData = strings.map((text) => Buffer.concat([uleb128(text.length), Buffer.from(text, 'utf8'), Buffer.from([0])]));
  const stringOffsets: number[] = [];
  let at = dataOff;
  for (const data of stringData) {
    stringOffsets.push(at);
    at += data.length;
  }
  const mapOff = (at + 3) & ~3;
  const mapItems: Array<[number, number, number]> = [
    [0x0000, 1, 0],
    [0x0001, strings.length, stringIdsOff],
    [0x0002, types.length, typeIdsOff],
    [0x0003, 1, protoIdsOff],
    ...(methodItems.length > 0 ? [[0x0005, methodItems.length, methodIdsOff] as [number, number, number]] : []),
    [0x2002, strings.length, dataOff],
    [0x1000, 1, mapOff],
  ];
  const size = mapOff + 4 + mapItems.length * 12;
  const dex = Buffer.alloc(size);
  dex.write('dex\n035\0', 0, 'latin1');
  dex.writeUInt32LE(size, 32);
  dex.writeUInt32LE(0x70, 36);
  dex.writeUInt32LE(0x12345678, 40);
  dex.writeUInt32LE(mapOff, 52);
  dex.writeUInt32LE(strings.length, 56);
  dex.writeUInt32LE(stringIdsOff, 60);
  dex.writeUInt32LE(types.length, 64);
  dex.writeUInt32LE(typeIdsOff, 68);
  dex.writeUInt32LE(1, 72);
  dex.writeUInt32LE(protoIdsOff, 76);
  dex.writeUInt32LE(methodItems.length, 88);
  dex.writeUInt32LE(methodItems.length > 0 ? methodIdsOff : 0, 92);
  dex.writeUInt32LE(size - dataOff, 104);
  dex.writeUInt32LE(dataOff, 108);
  stringOffsets.forEach((offset, i) => dex.writeUInt32LE(offset, stringIdsOff + i * 4));
  types.forEach((index, i) => dex.writeUInt32LE(index, typeIdsOff + i * 4));
  // The one proto: shorty "V", returns void, no parameters.
  dex.writeUInt32LE(stringIndex('V'), protoIdsOff);
  dex.writeUInt32LE(typeIndex('V'), protoIdsOff + 4);
  methodItems.forEach((m, i) => {
    dex.writeUInt16LE(m.cls, methodIdsOff + i * 8);
    dex.writeUInt16LE(0, methodIdsOff + i * 8 + 2);
    dex.writeUInt32LE(m.name, methodIdsOff + i * 8 + 4);
  });
  stringData.forEach((data, i) => data.copy(dex, stringOffsets[i]));
  dex.writeUInt32LE(mapItems.length, mapOff);
  mapItems.forEach(([type, count, offset], i) => {
    dex.writeUInt16LE(type, mapOff + 4 + i * 12);
    dex.writeUInt32LE(count, mapOff + 4 + i * 12 + 4);
    dex.writeUInt32LE(offset, mapOff + 4 + i * 12 + 8);
  });
  createHash('sha1').update(dex.subarray(32)).digest().copy(dex, 12);
  dex.writeUInt32LE(adler32(dex.subarray(12)), 8);
  return dex;
}
