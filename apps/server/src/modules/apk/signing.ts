import { createHash, createPublicKey, verify as verifySignature, X509Certificate, type KeyObject } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import * as pkijs from 'pkijs';
import { APK_MSG, type ApkSigner } from '@glyphary/shared';
import { ApkInvalidError } from './apk-error.ts';
import { Bytes } from './bytes.ts';

/** Bounds for the signing data (real blocks are a few kilobytes; certificates under 4 KiB). */
export const SIGNING_LIMITS = {
  maxBlockBytes: 16 * 1024 * 1024,
  maxPairs: 256,
  maxSigners: 16,
  maxItems: 64,
  maxV1FileBytes: 1024 * 1024,
};

const BLOCK_MAGIC = Buffer.from('APK Sig Block 42', 'latin1');
const V2_BLOCK_ID = 0x7109871a;
const V3_BLOCK_ID = 0xf05368c0;
const CHUNK = 1024 * 1024;

function blockError(what: string): ApkInvalidError {
  return new ApkInvalidError(APK_MSG.signingBlockMalformed(what));
}

/** Where the ZIP's central directory lies (from the end-of-central-directory record). */
export interface ZipLayout {
  fileSize: number;
  cdOffset: number;
  cdSize: number;
  eocdOffset: number;
  /** The end record itself (its CD offset field is rewritten for the v2 digest). */
  eocd: Buffer;
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new ApkInvalidError(APK_MSG.malformed('the file ends early'));
  return buffer;
}

/** Finds the end-of-central-directory record; the central directory must end where it starts. */
export async function readZipLayout(handle: FileHandle, fileSize: number): Promise<ZipLayout> {
  const tailLength = Math.min(fileSize, 0xffff + 22);
  const tail = await readAt(handle, fileSize - tailLength, tailLength);
  for (let i = tail.length - 22; i >= 0; i -= 1) {
    if (tail.readUInt32LE(i) !== 0x06054b50) continue;
    if (tail.readUInt16LE(i + 20) !== tail.length - i - 22) continue;
    const cdSize = tail.readUInt32LE(i + 12);
    const cdOffset = tail.readUInt32LE(i + 16);
    const eocdOffset = fileSize - tailLength + i;
    if (cdOffset + cdSize !== eocdOffset) throw new ApkInvalidError(APK_MSG.malformed('the ZIP central directory is not where its end record says'));
    return { fileSize, cdOffset, cdSize, eocdOffset, eocd: Buffer.from(tail.subarray(i)) };
  }
  throw new ApkInvalidError(APK_MSG.malformed('the ZIP end record is missing'));
}

/** Reads a 32-bit length-prefixed field at `offset`. @returns the field and the offset after it. */
function prefixed(parent: Bytes, offset: number, what: string): [Bytes, number] {
  if (offset + 4 > parent.length) throw blockError(`${what} is truncated`);
  const length = parent.u32(offset);
  if (offset + 4 + length > parent.length) throw blockError(`${what} runs past its end`);
  return [parent.slice(offset + 4, length, what), offset + 4 + length];
}

/** A sequence of length-prefixed items filling `seq`, bounded in count. */
function sequence(seq: Bytes, what: string, max = SIGNING_LIMITS.maxItems): Bytes[] {
  const items: Bytes[] = [];
  let offset = 0;
  while (offset < seq.length) {
    if (items.length >= max) throw blockError(`${what} has too many items`);
    const [item, next] = prefixed(seq, offset, what);
    items.push(item);
    offset = next;
  }
  return items;
}

/** A signer certificate as the report shows it. */
export function describeCertificate(der: Buffer, scheme: ApkSigner['scheme']): ApkSigner {
  let subject: string;
  try {
    // Node lists the RDNs in certificate (DER) order; apksigner and keytool print them most specific first.
    subject = new X509Certificate(der).subject.split('\n').reverse().join(', ');
  } catch {
    throw new ApkInvalidError(APK_MSG.malformed(`a ${scheme} signing certificate cannot be read`));
  }
  return { sha256: createHash('sha256').update(der).digest('hex'), subject, scheme };
}

export interface SchemeResult {
  scheme: ApkSigner['scheme'];
  certificates: Buffer[];
  /** null when every signer verified; otherwise why not. */
  problem: string | null;
}

interface Algorithm {
  hash: 'sha256' | 'sha512';
  kind: 'rsa-pss' | 'rsa' | 'ec' | 'dsa';
}

/** APK Signature Scheme v2/v3 algorithm ids (the verity variants use another digest and are not checked). */
const ALGORITHMS: Record<number, Algorithm> = {
  0x0101: { hash: 'sha256', kind: 'rsa-pss' },
  0x0102: { hash: 'sha512', kind: 'rsa-pss' },
  0x0103: { hash: 'sha256', kind: 'rsa' },
  0x0104: { hash: 'sha512', kind: 'rsa' },
  0x0201: { hash: 'sha256', kind: 'ec' },
  0x0202: { hash: 'sha512', kind: 'ec' },
  0x0301: { hash: 'sha256', kind: 'dsa' },
};

function checkSignature(algorithm: Algorithm, key: KeyObject, data: Buffer, signature: Buffer): boolean {
  try {
    if (algorithm.kind === 'rsa-pss') {
      return verifySignature(algorithm.hash, data, { key, padding: 6 /* RSA_PKCS1_PSS_PADDING */, saltLength: algorithm.hash === 'sha256' ? 32 : 64 }, signature);
    }
    return verifySignature(algorithm.hash, data, key, signature);
  } catch {
    return false;
  }
}

/**
 * The v2 content digest: 1 MiB chunks of the entries, the central directory and the end record
 * (with its CD offset pointing at the signing block), each hashed with a 0xa5 prefix, then the
 * chunk digests hashed with a 0x5a prefix. Read from disk in chunks, never whole.
 */
export async function contentDigest(handle: FileHandle, layout: ZipLayout, blockStart: number, hash: 'sha256' | 'sha512'): Promise<Buffer> {
  const eocd = Buffer.from(layout.eocd);
  eocd.writeUInt32LE(blockStart, 16);
  const sections: Array<{ from: number; to: number } | Buffer> = [{ from: 0, to: blockStart }, { from: layout.cdOffset, to: layout.cdOffset + layout.cdSize }, eocd];
  const digests: Buffer[] = [];
  const chunkDigest = (chunk: Buffer) => {
    const prefix = Buffer.alloc(5);
    prefix[0] = 0xa5;
    prefix.writeUInt32LE(chunk.length, 1);
    digests.push(createHash(hash).update(prefix).update(chunk).digest());
  };
  for (const section of sections) {
    if (Buffer.isBuffer(section)) {
      for (let at = 0; at < section.length; at += CHUNK) chunkDigest(section.subarray(at, Math.min(section.length, at + CHUNK)));
      continue;
    }
    for (let at = section.from; at < section.to; at += CHUNK) chunkDigest(await readAt(handle, at, Math.min(CHUNK, section.to - at)));
  }
  const head = Buffer.alloc(5);
  head[0] = 0x5a;
  head.writeUInt32LE(digests.length, 1);
  const top = createHash(hash).update(head);
  for (const digest of digests) top.update(digest);
  return top.digest();
}

/**
 * Reads and verifies the APK Signing Block (schemes v2 and v3). A block that is present but
 * structurally broken is refused (422); signatures that do not verify are reported as a problem.
 * @returns one result per scheme found (none when the APK has no signing block).
 */
export async function verifySigningBlock(handle: FileHandle, layout: ZipLayout): Promise<SchemeResult[]> {
  if (layout.cdOffset < 32) return [];
  const footer = await readAt(handle, layout.cdOffset - 24, 24);
  if (!footer.subarray(8).equals(BLOCK_MAGIC)) return [];
  const sizeBig = footer.readBigUInt64LE(0);
  if (sizeBig < 24n || sizeBig > BigInt(SIGNING_LIMITS.maxBlockBytes) || sizeBig + 8n > BigInt(layout.cdOffset)) {
    throw blockError('its size is impossible');
  }
  const size = Number(sizeBig);
  const blockStart = layout.cdOffset - size - 8;
  const block = new Bytes(await readAt(handle, blockStart, size + 8), 0, size + 8, 'the APK Signing Block');
  if (block.u64(0) !== size) throw blockError('its two size fields differ');
  const pairs = block.slice(8, size - 24, 'the APK Signing Block');
  const found = new Map<number, Bytes>();
  let offset = 0;
  let count = 0;
  while (offset < pairs.length) {
    count += 1;
    if (count > SIGNING_LIMITS.maxPairs) throw blockError('it has too many entries');
    if (offset + 8 > pairs.length) throw blockError('an entry is truncated');
    const length = pairs.u64(offset);
    if (length < 4 || offset + 8 + length > pairs.length) throw blockError('an entry runs past its end');
    const id = pairs.u32(offset + 8);
    if (id === V2_BLOCK_ID || id === V3_BLOCK_ID) {
      if (found.has(id)) throw blockError('a scheme appears twice');
      found.set(id, pairs.slice(offset + 12, length - 4, 'the APK Signing Block'));
    }
    offset += 8 + length;
  }
  const digestCache = new Map<string, Promise<Buffer>>();
  const digestOf = (hash: 'sha256' | 'sha512') => {
    let digest = digestCache.get(hash);
    if (!digest) {
      digest = contentDigest(handle, layout, blockStart, hash);
      digestCache.set(hash, digest);
    }
    return digest;
  };
  const results: SchemeResult[] = [];
  for (const [id, scheme] of [
    [V2_BLOCK_ID, 'v2'],
    [V3_BLOCK_ID, 'v3'],
  ] as const) {
    const value = found.get(id);
    if (value) results.push(await verifySchemeSigners(value, scheme, digestOf));
  }
  return results;
}

async function verifySchemeSigners(value: Bytes, scheme: 'v2' | 'v3', digestOf: (hash: 'sha256' | 'sha512') => Promise<Buffer>): Promise<SchemeResult> {
  const [signersSeq] = prefixed(value, 0, `the ${scheme} signers`);
  const signers = sequence(signersSeq, `the ${scheme} signers`, SIGNING_LIMITS.maxSigners);
  if (signers.length === 0) throw blockError(`the ${scheme} block has no signer`);
  const certificates: Buffer[] = [];
  let problem: string | null = null;
  for (const signer of signers) {
    const [signedData, afterSigned] = prefixed(signer, 0, `a ${scheme} signer`);
    let cursor = afterSigned;
    if (scheme === 'v3') cursor += 8; // minSdk, maxSdk
    const [signaturesSeq, afterSignatures] = prefixed(signer, cursor, `a ${scheme} signer`);
    const [publicKeyBytes] = prefixed(signer, afterSignatures, `a ${scheme} signer`);
    const [digestsSeq, afterDigests] = prefixed(signedData, 0, `the ${scheme} signed data`);
    const [certificatesSeq] = prefixed(signedData, afterDigests, `the ${scheme} signed data`);
    const certs = sequence(certificatesSeq, `the ${scheme} certificates`).map((c) => Buffer.from(c.raw()));
    if (certs.length === 0) throw blockError(`a ${scheme} signer has no certificate`);
    for (const cert of certs) describeCertificate(cert, scheme); // unreadable certificates are malformed input
    certificates.push(certs[0]!);

    const digests = new Map<number, Buffer>();
    for (const item of sequence(digestsSeq, `the ${scheme} digests`)) {
      const [digest] = prefixed(item, 4, `a ${scheme} digest`);
      digests.set(item.u32(0), Buffer.from(digest.raw()));
    }
    const signatures: Array<{ id: number; signature: Buffer }> = [];
    for (const item of sequence(signaturesSeq, `the ${scheme} signatures`)) {
      const [signature] = prefixed(item, 4, `a ${scheme} signature`);
      signatures.push({ id: item.u32(0), signature: Buffer.from(signature.raw()) });
    }

    let key: KeyObject;
    try {
      key = createPublicKey({ key: Buffer.from(publicKeyBytes.raw()), format: 'der', type: 'spki' });
    } catch {
      problem ??= APK_MSG.signatureBroken(scheme);
      continue;
    }
    const certKey = new X509Certificate(certs[0]!).publicKey.export({ type: 'spki', format: 'der' });
    if (!Buffer.from(certKey).equals(Buffer.from(publicKeyBytes.raw()))) {
      problem ??= APK_MSG.signatureBroken(scheme);
      continue;
    }
    const usable = signatures.filter((s) => ALGORITHMS[s.id]);
    if (usable.length === 0) {
      problem ??= APK_MSG.signatureUnsupported(scheme);
      continue;
    }
    let ok = true;
    for (const { id, signature } of usable) {
      const algorithm = ALGORITHMS[id]!;
      const expected = digests.get(id);
      if (!expected || !checkSignature(algorithm, key, Buffer.from(signedData.raw()), signature)) {
        ok = false;
        break;
      }
      if (!(await digestOf(algorithm.hash)).equals(expected)) {
        ok = false;
        break;
      }
    }
    if (!ok) problem ??= APK_MSG.signatureBroken(scheme);
  }
  return { scheme, certificates, problem };
}

/** Parses a JAR manifest (MANIFEST.MF or .SF): main attributes and per-entry sections, continuation lines joined. */
export function parseJarManifest(text: string): { main: Map<string, string>; entries: Map<string, Map<string, string>> } {
  const sections: Array<Map<string, string>> = [];
  let current = new Map<string, string>();
  let lastKey: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (line === '') {
      if (current.size > 0) sections.push(current);
      current = new Map();
      lastKey = null;
      continue;
    }
    if (line.startsWith(' ') && lastKey) {
      current.set(lastKey, (current.get(lastKey) ?? '') + line.slice(1));
      continue;
    }
    const colon = line.indexOf(': ');
    if (colon <= 0) continue;
    lastKey = line.slice(0, colon);
    current.set(lastKey, line.slice(colon + 2));
  }
  if (current.size > 0) sections.push(current);
  const [main = new Map<string, string>(), ...rest] = sections;
  const entries = new Map<string, Map<string, string>>();
  for (const section of rest) {
    const name = section.get('Name');
    if (name) entries.set(name, section);
  }
  return { main, entries };
}

/** The digest a JAR section names, preferring SHA-256. */
export function jarDigest(section: Map<string, string>, suffix: string): { hash: 'sha256' | 'sha1'; value: string } | null {
  const sha256 = section.get(`SHA-256-${suffix}`);
  if (sha256) return { hash: 'sha256', value: sha256 };
  const sha1 = section.get(`SHA1-${suffix}`) ?? section.get(`SHA-1-${suffix}`);
  return sha1 ? { hash: 'sha1', value: sha1 } : null;
}

/**
 * Verifies one v1 signature: the PKCS#7 block over its .SF file, and the .SF's digest of
 * MANIFEST.MF. (Entry digests against MANIFEST.MF are checked by the caller, which reads entries.)
 * @throws ApkInvalidError when the PKCS#7 structure cannot be read.
 */
export async function verifyV1Signature(block: Buffer, sf: Buffer | null, manifest: Buffer | null): Promise<{ certificates: Buffer[]; problem: string | null; declaredSchemes: number[] }> {
  let signedData: pkijs.SignedData;
  try {
    const info = pkijs.ContentInfo.fromBER(block);
    if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new Error('not signed data');
    signedData = new pkijs.SignedData({ schema: info.content });
  } catch {
    throw new ApkInvalidError(APK_MSG.malformed('a v1 signature block (META-INF) is not PKCS#7 signed data'));
  }
  const all = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate).map((c) => Buffer.from(c.toSchema().toBER(false)));
  if (all.length === 0) throw new ApkInvalidError(APK_MSG.malformed('a v1 signature block carries no certificate'));
  for (const cert of all) describeCertificate(cert, 'v1');
  if (!sf || !manifest) return { certificates: all.slice(0, 1), problem: APK_MSG.signatureBroken('v1'), declaredSchemes: [] };
  let signer: Buffer | null = null;
  let problem: string | null = null;
  try {
    const sfBytes = new Uint8Array(sf).buffer;
    const result = await signedData.verify({ signer: 0, data: sfBytes, extendedMode: true, checkChain: false });
    if (!result.signatureVerified) problem = APK_MSG.signatureBroken('v1');
    if (result.signerCertificate) signer = Buffer.from(result.signerCertificate.toSchema().toBER(false));
  } catch (error) {
    const verifyError = error as { signerCertificate?: pkijs.Certificate | null; message?: string };
    if (verifyError.signerCertificate) signer = Buffer.from(verifyError.signerCertificate.toSchema().toBER(false));
    problem = /algorithm|not supported|unsupported/i.test(verifyError.message ?? '') ? APK_MSG.signatureUnsupported('v1') : APK_MSG.signatureBroken('v1');
  }
  const { main } = parseJarManifest(sf.toString('utf8'));
  if (!problem) {
    const expected = jarDigest(main, 'Digest-Manifest');
    if (!expected || createHash(expected.hash).update(manifest).digest('base64') !== expected.value) problem = APK_MSG.signatureBroken('v1');
  }
  return { certificates: [signer ?? all[0]!], problem, declaredSchemes: apkSignedSchemes(main.get('X-Android-APK-Signed')) };
}

/**
 * The newer schemes a v1 signature says the APK also carries (`X-Android-APK-Signed: 2, 3` in the
 * .SF, which the signature covers). Android 7+ refuses such an APK when a named scheme is missing:
 * stripping the APK Signing Block must not fall back to the weaker v1 check.
 */
export function apkSignedSchemes(header: string | undefined): number[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,3}$/.test(part))
    .map(Number);
}
