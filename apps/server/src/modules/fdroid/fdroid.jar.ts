import { createHash } from 'node:crypto';
import * as pkijs from 'pkijs';
import yazl from 'yazl';
import type { RepoKey } from './fdroid.keys.ts';

const digest = (data: Buffer | string) => createHash('sha256').update(data).digest('base64');
// A fixed time for every entry, so the same index signs to the same JAR bytes.
const ENTRY_TIME = new Date(Date.UTC(2020, 0, 1));
const DATA_OID = '1.2.840.113549.1.7.1';

async function zip(entries: { name: string; data: Buffer }[]): Promise<Buffer> {
  const file = new yazl.ZipFile();
  for (const entry of entries) file.addBuffer(entry.data, entry.name, { mtime: ENTRY_TIME, compress: true });
  file.end();
  const chunks: Buffer[] = [];
  for await (const chunk of file.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A JAR holding one file, signed the way F-Droid clients and `jarsigner` check an index: v1 JAR
 * signing with MANIFEST.MF, a .SF over the manifest and its sections, and a detached PKCS#7 SignedData
 * (SHA-256 with RSA) over the .SF in META-INF/GLYPHARY.RSA.
 */
export async function signedJar(name: string, data: Buffer, key: RepoKey): Promise<Buffer> {
  const section = `Name: ${name}\r\nSHA-256-Digest: ${digest(data)}\r\n\r\n`;
  const manifest = `Manifest-Version: 1.0\r\nCreated-By: Glyphary\r\n\r\n${section}`;
  const sf = Buffer.from(
    `Signature-Version: 1.0\r\nSHA-256-Digest-Manifest: ${digest(manifest)}\r\nCreated-By: Glyphary\r\n\r\nName: ${name}\r\nSHA-256-Digest: ${digest(section)}\r\n\r\n`,
  );
  const cert = pkijs.Certificate.fromBER(new Uint8Array(key.certificate));
  const signed = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: DATA_OID }),
    signerInfos: [new pkijs.SignerInfo({ version: 1, sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }) })],
    certificates: [cert],
  });
  await signed.sign(key.privateKey, 0, 'SHA-256', new Uint8Array(sf));
  const block = new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: signed.toSchema(true) });
  return zip([
    { name: 'META-INF/MANIFEST.MF', data: Buffer.from(manifest) },
    { name: 'META-INF/GLYPHARY.SF', data: sf },
    { name: 'META-INF/GLYPHARY.RSA', data: Buffer.from(block.toSchema().toBER(false)) },
    { name, data },
  ]);
}
