import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** 0 = stored, 8 = deflated. */
  method?: 0 | 8;
  encrypted?: boolean;
  /** An extra field block written in both headers (hostile tests: a Unicode-path field 0x7075). */
  extra?: Buffer;
  /** The uncompressed size written in the headers, when it should lie about `data`. */
  declaredSize?: number;
}

/** A Unicode-path extra field (0x7075) naming `name` for an entry whose raw name is `rawName`. */
export function unicodePathExtra(rawName: string, name: string): Buffer {
  const utf8 = Buffer.from(name, 'utf8');
  const field = Buffer.alloc(9 + utf8.length);
  field.writeUInt16LE(0x7075, 0);
  field.writeUInt16LE(5 + utf8.length, 2);
  field[4] = 1;
  field.writeUInt32LE(crc32(Buffer.from(rawName, 'utf8')), 5);
  utf8.copy(field, 9);
  return field;
}

/** Builds a ZIP archive by hand (tests need hostile ones no library would write: duplicates, encryption flags…). */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const method = entry.method ?? 0;
    const packed = method === 8 ? deflateRawSync(entry.data) : entry.data;
    // Traditional PKWARE encryption prefixes a 12-byte header to the data.
    const body = entry.encrypted ? Buffer.concat([Buffer.alloc(12, 0x5a), packed]) : packed;
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const flags = entry.encrypted ? 1 : 0;
    // The local header and the central directory entry share one run of fields (version needed, flags,
    // method, time/date, CRC, sizes, name length); the central one is 2 bytes further on ("version made by").
    const writeShared = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(flags, at + 2);
      header.writeUInt16LE(method, at + 4);
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(body.length, at + 14);
      header.writeUInt32LE(entry.declaredSize ?? entry.data.length, at + 18);
      header.writeUInt16LE(name.length, at + 22);
      header.writeUInt16LE(extra.length, at + 24);
    };
    const extra = entry.extra ?? Buffer.alloc(0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeShared(local, 4);
    locals.push(local, name, extra, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    writeShared(central, 6);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name, extra);
    offset += local.length + name.length + extra.length + body.length;
  }
  const centralBuffer = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralBuffer.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralBuffer, end]);
}

/** Where a ZIP's central directory starts and ends (from its end record, which must have no comment). */
export function zipLayout(zip: Buffer): { cdOffset: number; cdSize: number; eocdOffset: number } {
  const eocdOffset = zip.length - 22;
  if (zip.readUInt32LE(eocdOffset) !== 0x06054b50) throw new Error('not a ZIP without comment');
  return { cdOffset: zip.readUInt32LE(eocdOffset + 16), cdSize: zip.readUInt32LE(eocdOffset + 12), eocdOffset };
}
