import { Bytes } from './bytes.ts';
import { malformed } from './apk-error.ts';
import { readChunk, RES_STRING_POOL_TYPE, StringPool } from './string-pool.ts';

/** Bounds for a binary AndroidManifest.xml (real manifests are a few kilobytes). */
export const AXML_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  maxStrings: 50_000,
  maxDepth: 64,
  maxElements: 20_000,
  maxAttributes: 256,
};

const RES_XML_TYPE = 0x0003;
const RES_XML_START_NAMESPACE = 0x0100;
const RES_XML_END_NAMESPACE = 0x0101;
const RES_XML_START_ELEMENT = 0x0102;
const RES_XML_END_ELEMENT = 0x0103;
const RES_XML_CDATA = 0x0104;
const RES_XML_RESOURCE_MAP = 0x0180;

/** Res_value data types the manifest uses. */
export const TYPE_REFERENCE = 0x01;
export const TYPE_STRING = 0x03;
export const TYPE_INT_DEC = 0x10;
export const TYPE_INT_HEX = 0x11;
export const TYPE_INT_BOOLEAN = 0x12;

/** An attribute value: a literal string, an integer/boolean, or a resource reference (`@0x7f…`). */
export type AxmlValue =
  | { kind: 'string'; value: string }
  | { kind: 'int'; value: number }
  | { kind: 'bool'; value: boolean }
  | { kind: 'reference'; id: number }
  | { kind: 'other'; type: number; data: number };

export interface AxmlElement {
  name: string;
  /** Attributes by local name ("name", "value", "versionCode"…), android namespace or not. */
  attributes: Map<string, AxmlValue>;
  children: AxmlElement[];
}

/** Android attribute resource ids, for manifests whose attribute names were stripped (obfuscators). */
const ATTRIBUTE_IDS: Record<number, string> = {
  0x01010003: 'name',
  0x01010024: 'value',
  0x01010025: 'resource',
  0x0101020c: 'minSdkVersion',
  0x01010270: 'targetSdkVersion',
  0x0101021b: 'versionCode',
  0x0101021c: 'versionName',
};

function decodeValue(type: number, data: number, raw: string | null): AxmlValue {
  if (raw !== null && type === TYPE_STRING) return { kind: 'string', value: raw };
  switch (type) {
    case TYPE_REFERENCE:
      return { kind: 'reference', id: data >>> 0 };
    case TYPE_INT_DEC:
    case TYPE_INT_HEX:
      return { kind: 'int', value: data | 0 };
    case TYPE_INT_BOOLEAN:
      return { kind: 'bool', value: data !== 0 };
    default:
      return raw !== null ? { kind: 'string', value: raw } : { kind: 'other', type, data };
  }
}

/**
 * Parses a binary XML document (AXML, as aapt/aapt2 compile AndroidManifest.xml) into a tree.
 * Bounded in size, strings, elements, attributes and depth; unbalanced or truncated documents,
 * offsets outside their chunk and indexes outside the string pool are refused.
 * @throws ApkInvalidError
 */
export function parseAxml(buffer: Buffer): AxmlElement {
  if (buffer.length > AXML_LIMITS.maxBytes) throw malformed('AndroidManifest.xml is too large');
  const file = new Bytes(buffer, 0, buffer.length, 'AndroidManifest.xml');
  const root = readChunk(file, 0, 'AndroidManifest.xml');
  if (root.type !== RES_XML_TYPE) throw malformed('AndroidManifest.xml is not a binary XML document');
  const doc = root.body;
  let offset = root.headerSize;
  let strings: StringPool | null = null;
  let resourceIds: Bytes | null = null;
  const stack: AxmlElement[] = [];
  let top: AxmlElement | null = null;
  let elements = 0;

  while (offset < doc.length) {
    const chunk = readChunk(doc, offset, 'AndroidManifest.xml');
    offset += chunk.body.length;
    const body = chunk.body;
    if (chunk.type === RES_STRING_POOL_TYPE) {
      if (strings) throw malformed('AndroidManifest.xml has two string pools');
      strings = new StringPool(chunk, AXML_LIMITS.maxStrings, 'AndroidManifest.xml');
      continue;
    }
    if (chunk.type === RES_XML_RESOURCE_MAP) {
      resourceIds = body.slice(chunk.headerSize, body.length - chunk.headerSize);
      continue;
    }
    if (chunk.type === RES_XML_START_NAMESPACE || chunk.type === RES_XML_END_NAMESPACE || chunk.type === RES_XML_CDATA) continue;
    if (chunk.type !== RES_XML_START_ELEMENT && chunk.type !== RES_XML_END_ELEMENT) continue; // unknown chunks are skipped whole
    if (!strings) throw malformed('AndroidManifest.xml has elements before its string pool');
    if (chunk.headerSize < 16) throw malformed('AndroidManifest.xml has a bad element header');
    const ext = body.slice(chunk.headerSize, body.length - chunk.headerSize);

    if (chunk.type === RES_XML_END_ELEMENT) {
      if (stack.length === 0) throw malformed('AndroidManifest.xml closes an element it never opened');
      stack.pop();
      continue;
    }

    elements += 1;
    if (elements > AXML_LIMITS.maxElements) throw malformed('AndroidManifest.xml has too many elements');
    if (stack.length >= AXML_LIMITS.maxDepth) throw malformed('AndroidManifest.xml is nested too deeply');
    const name = strings.get(ext.u32(4)) ?? '';
    const attributeStart = ext.u16(8);
    const attributeSize = ext.u16(10);
    const attributeCount = ext.u16(12);
    if (attributeCount > AXML_LIMITS.maxAttributes) throw malformed('AndroidManifest.xml has an element with too many attributes');
    if (attributeCount > 0 && attributeSize < 20) throw malformed('AndroidManifest.xml has a bad attribute size');
    const attributes = new Map<string, AxmlValue>();
    for (let i = 0; i < attributeCount; i += 1) {
      const attr = ext.slice(attributeStart + i * attributeSize, 20, 'AndroidManifest.xml attribute');
      const nameIndex = attr.u32(4);
      let attrName = strings.get(nameIndex) ?? '';
      if (resourceIds && nameIndex * 4 + 4 <= resourceIds.length) {
        const known = ATTRIBUTE_IDS[resourceIds.u32(nameIndex * 4)];
        if (known && attrName === '') attrName = known;
      }
      const rawIndex = attr.u32(8);
      const raw = rawIndex === 0xffffffff ? null : strings.get(rawIndex);
      const type = attr.u8(15);
      const data = attr.u32(16);
      if (attrName) attributes.set(attrName, decodeValue(type, data, raw));
    }
    const element: AxmlElement = { name, attributes, children: [] };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else if (top) throw malformed('AndroidManifest.xml has more than one root element');
    else top = element;
    stack.push(element);
  }
  if (stack.length > 0) throw malformed('AndroidManifest.xml ends inside an open element');
  if (!top) throw malformed('AndroidManifest.xml has no elements');
  return top;
}
