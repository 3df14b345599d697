import { createHash, createPublicKey, KeyObject, sign as signData, type webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { makeZip, zipLayout, type ZipEntry } from './zip.ts';

/** The CryptoKey type pkijs takes (the global one, whichever lib declares it). */
type Key = Parameters<pkijs.SignedData['sign']>[0];

/** A generated signing identity: a self-signed certificate and its private key. */
export interface Signer {
  certificate: Buffer;
  privateKey: Key;
  keyType: 'rsa' | 'ec';
  /** SHA-256 of the DER certificate, lowercase hex (what the APK report shows). */
  sha256: string;
}

/** Creates a self-signed certificate (RSA-2048 or ECDSA P-256) with `CN=<commonName>, O=<organisation>`. */
export async function createSigner(commonName = 'Glyph Toy Maker', organisation = 'Glyphary Tests', keyType: 'rsa' | 'ec' = 'rsa'): Promise<Signer> {
  const algorithm =
    keyType === 'rsa'
      ? { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }
      : { name: 'ECDSA', namedCurve: 'P-256' };
  // The global WebCrypto (its CryptoKey type is the one pkijs and the DOM lib agree on).
  const keys = (await globalThis.crypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as unknown as { publicKey: Key; privateKey: Key };
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({ value: Math.floor(Math.random() * 0x7fffffff) });
  for (const name of [cert.issuer, cert.subject]) {
    name.typesAndValues.push(new pkijs.AttributeTypeAndValue({ type: '2.5.4.10', value: new asn1js.Utf8String({ value: organisation }) }));
    name.typesAndValues.push(new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: commonName }) }));
  }
  cert.notBefore.value = new Date(Date.UTC(2025, 0, 1));
  cert.notAfter.value = new Date(Date.UTC(2055, 0, 1));
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey);
  await cert.sign(keys.privateKey, 'SHA-256');
  const certificate = Buffer.from(cert.toSchema(true).toBER(false));
  return { certificate, privateKey: keys.privateKey, keyType, sha256: createHash('sha256').update(certificate).digest('hex') };
}

const b64 = (data: Buffer | string) => createHash('sha256').update(data).digest('base64');

/**
 * v1 (JAR) signing: MANIFEST.MF, CERT.SF and a detached PKCS#7 CERT.RSA/CERT.EC over the .SF.
 * `apkSigned` lists the newer schemes the .SF declares (`X-Android-APK-Signed`), as apksigner writes it.
 */
export async function v1SignatureEntries(entries: ZipEntry[], signer: Signer, apkSigned: number[] = []): Promise<ZipEntry[]> {
  let manifest = 'Manifest-Version: 1.0\r\nCreated-By: glyphary-test-support\r\n\r\n';
  let sfEntries = '';
  for (const entry of entries) {
    if (entry.name.endsWith('/') || entry.name.startsWith('META-INF/')) continue;
    const section = `Name: ${entry.name}\r\nSHA-256-Digest: ${b64(entry.data)}\r\n\r\n`;
    manifest += section;
    sfEntries += `Name: ${entry.name}\r\nSHA-256-Digest: ${b64(section)}\r\n\r\n`;
  }
  const declared = apkSigned.length > 0 ? `X-Android-APK-Signed: ${apkSigned.join(', ')}\r\n` : '';
  const sf = Buffer.from(`Signature-Version: 1.0\r\nSHA-256-Digest-Manifest: ${b64(manifest)}\r\nCreated-By: glyphary-test-support\r\n${declared}\r\n${sfEntries}`);
  const cert = pkijs.Certificate.fromBER(new Uint8Array(signer.certificate));
  const signed = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: '1.2.840.113549.1.7.1' }),
    signerInfos: [new pkijs.SignerInfo({ version: 1, sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }) })],
    certificates: [cert],
  });
  await signed.sign(signer.privateKey, 0, 'SHA-256', new Uint8Array(sf));
  const info = new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: signed.toSchema(true) });
  return [
    { name: 'META-INF/MANIFEST.MF', data: Buffer.from(manifest), method: 8 },
    { name: 'META-INF/CERT.SF', data: sf, method: 8 },
    { name: `META-INF/CERT.${signer.keyType === 'rsa' ? 'RSA' : 'EC'}`, data: Buffer.from(info.toSchema().toBER(false)), method: 8 },
  ];
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0, 0);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n), 0);
  return b;
};
const lp = (data: Buffer) => Buffer.concat([u32(data.length), data]);
const seq = (items: Buffer[]) => lp(Buffer.concat(items.map(lp)));

/** The v2 content digest of an unsigned ZIP (the signing block goes right before its central directory). */
function contentDigest(zip: Buffer): Buffer {
  const { cdOffset, eocdOffset } = zipLayout(zip);
  // Entries, central directory and end record are digested as three separate sections.
  const sections = [zip.subarray(0, cdOffset), zip.subarray(cdOffset, eocdOffset), zip.subarray(eocdOffset)];
  const digests: Buffer[] = [];
  for (const section of sections) {
    for (let at = 0; at < section.length; at += 1024 * 1024) {
      const chunk = section.subarray(at, Math.min(section.length, at + 1024 * 1024));
      digests.push(createHash('sha256').update(Buffer.from([0xa5])).update(u32(chunk.length)).update(chunk).digest());
    }
  }
  return createHash('sha256')
    .update(Buffer.from([0x5a]))
    .update(u32(digests.length))
    .update(Buffer.concat(digests))
    .digest();
}

export interface SigningBlockOptions {
  /** Corrupts the signed digest (the signature then covers the wrong contents). */
  wrongDigest?: boolean;
}

/** Inserts an APK Signing Block (scheme v2, one signer) before the central directory. */
export function addV2Signature(zip: Buffer, signer: Signer, options: SigningBlockOptions = {}): Buffer {
  const algorithm = signer.keyType === 'rsa' ? 0x0103 : 0x0201;
  const digest = contentDigest(zip);
  if (options.wrongDigest) digest[0] = (digest[0] ?? 0) ^ 0xff;
  const signedData = Buffer.concat([seq([Buffer.concat([u32(algorithm), lp(digest)])]), seq([signer.certificate]), seq([])]);
  const key = KeyObject.from(signer.privateKey as unknown as webcrypto.CryptoKey);
  const signature = signData('sha256', signedData, key);
  const publicKey = Buffer.from(createPublicKey(key).export({ type: 'spki', format: 'der' }));
  const signerBytes = Buffer.concat([lp(signedData), seq([Buffer.concat([u32(algorithm), lp(signature)])]), lp(publicKey)]);
  const value = seq([signerBytes]);
  const pair = Buffer.concat([u64(value.length + 4), u32(0x7109871a), value]);
  const size = pair.length + 8 + 16;
  const block = Buffer.concat([u64(size), pair, u64(size), Buffer.from('APK Sig Block 42', 'latin1')]);
  return insertSigningBlock(zip, block);
}

/** Places raw block bytes before the central directory and fixes the end record's offset. */
export function insertSigningBlock(zip: Buffer, block: Buffer): Buffer {
  const { cdOffset, eocdOffset } = zipLayout(zip);
  const eocd = Buffer.from(zip.subarray(eocdOffset));
  eocd.writeUInt32LE(cdOffset + block.length, 16);
  return Buffer.concat([zip.subarray(0, cdOffset), block, zip.subarray(cdOffset, eocdOffset), eocd]);
}

/** Signs entries into an APK: v1 adds META-INF files, v2 adds the signing block. */
export async function signApk(entries: ZipEntry[], signer: Signer, schemes: { v1?: boolean; v2?: boolean } = { v1: true, v2: true }): Promise<Buffer> {
  const all = schemes.v1 ? [...entries, ...(await v1SignatureEntries(entries, signer, schemes.v2 ? [2] : []))] : entries;
  const zip = makeZip(all);
  return schemes.v2 ? addV2Signature(zip, signer) : zip;
}

/** Removes the APK Signing Block (what a stripping attack does), fixing the end record's offset. */
export function removeSigningBlock(apk: Buffer): Buffer {
  const { cdOffset, eocdOffset } = zipLayout(apk);
  if (apk.toString('latin1', cdOffset - 16, cdOffset) !== 'APK Sig Block 42') throw new Error('no APK Signing Block');
  const blockStart = cdOffset - Number(apk.readBigUInt64LE(cdOffset - 24)) - 8;
  const eocd = Buffer.from(apk.subarray(eocdOffset));
  eocd.writeUInt32LE(blockStart, 16);
  return Buffer.concat([apk.subarray(0, blockStart), apk.subarray(cdOffset, eocdOffset), eocd]);
}
