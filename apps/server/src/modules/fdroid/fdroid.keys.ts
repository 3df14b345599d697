import { createHash, randomBytes, webcrypto } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/** The CryptoKey type pkijs takes. */
type Key = Parameters<pkijs.SignedData['sign']>[0];

/** The repository's signing identity: a private key and its self-signed certificate (never served). */
export interface RepoKey {
  privateKey: Key;
  /** The DER certificate: F-Droid clients pin its SHA-256. */
  certificate: Buffer;
  /** SHA-256 of the DER certificate, 64 uppercase hex digits (F-Droid's repository fingerprint). */
  fingerprint: string;
}

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
/** F-Droid's own repositories sign with RSA-4096 and a certificate valid for ~27 years (10,000 days). */
const KEY_BITS = 4096;
const VALID_DAYS = 10_000;

const pem = (label: string, der: Buffer) => `-----BEGIN ${label}-----\n${der.toString('base64').replace(/.{1,64}/g, '$&\n')}-----END ${label}-----\n`;

function pemBlock(text: string, label: string): Buffer | null {
  const match = new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+)-----END ${label}-----`).exec(text);
  return match?.[1] ? Buffer.from(match[1].replace(/\s+/g, ''), 'base64') : null;
}

/**
 * Reads a repository key from PEM text holding a PKCS#8 `PRIVATE KEY` and its `CERTIFICATE`.
 * @throws Error with a readable reason (boot stops on it).
 */
export async function parseRepoKey(text: string): Promise<RepoKey> {
  const keyDer = pemBlock(text, 'PRIVATE KEY');
  const certDer = pemBlock(text, 'CERTIFICATE');
  if (!keyDer || !certDer) throw new Error('the F-Droid repository key must hold a PKCS#8 "PRIVATE KEY" and a "CERTIFICATE" PEM block');
  let privateKey: Key;
  try {
    privateKey = (await webcrypto.subtle.importKey('pkcs8', keyDer, RSA, true, ['sign'])) as unknown as Key;
  } catch {
    throw new Error('the F-Droid repository key is not an RSA private key in PKCS#8 form');
  }
  try {
    pkijs.Certificate.fromBER(new Uint8Array(certDer));
  } catch {
    throw new Error('the F-Droid repository certificate is not a DER X.509 certificate');
  }
  // The certificate must belong to the key: a mismatch would sign indexes no client accepts.
  const probe = Buffer.from('glyphary-fdroid-key-check');
  const signature = await webcrypto.subtle.sign(RSA, privateKey as unknown as webcrypto.CryptoKey, probe);
  const cert = pkijs.Certificate.fromBER(new Uint8Array(certDer));
  const publicKey = await cert.getPublicKey({ algorithm: { algorithm: RSA, usages: ['verify'] } });
  if (!(await webcrypto.subtle.verify(RSA, publicKey as unknown as webcrypto.CryptoKey, signature, probe))) {
    throw new Error('the F-Droid repository certificate does not belong to its private key');
  }
  return { privateKey, certificate: certDer, fingerprint: fingerprintOf(certDer) };
}

export function fingerprintOf(certificate: Buffer): string {
  return createHash('sha256').update(certificate).digest('hex').toUpperCase();
}

/** A new RSA key and a self-signed certificate naming the repository; returned as PEM text. */
export async function generateRepoKeyPem(commonName: string, now: Date): Promise<string> {
  const keys = (await webcrypto.subtle.generateKey({ ...RSA, modulusLength: KEY_BITS, publicExponent: new Uint8Array([1, 0, 1]) }, true, ['sign', 'verify'])) as unknown as {
    publicKey: Key;
    privateKey: Key;
  };
  const cert = new pkijs.Certificate();
  cert.version = 2;
  const serial = randomBytes(8);
  // Strict DER, or clients that re-encode the certificate compute another fingerprint: a positive serial
  // with no leading zero byte, and times in whole seconds (no fraction).
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x01;
  const notBefore = new Date(Math.floor(now.getTime() / 1000) * 1000);
  cert.serialNumber = new asn1js.Integer({ valueHex: serial });
  for (const name of [cert.issuer, cert.subject]) {
    name.typesAndValues.push(new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: commonName.slice(0, 64) }) }));
  }
  // GeneralizedTime: UTCTime's two-digit years read 2054 as 1954.
  cert.notBefore = new pkijs.Time({ type: 1, value: notBefore });
  cert.notAfter = new pkijs.Time({ type: 1, value: new Date(notBefore.getTime() + VALID_DAYS * 86_400_000) });
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey);
  await cert.sign(keys.privateKey, 'SHA-256');
  const certificate = Buffer.from(cert.toSchema(true).toBER(false));
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey as unknown as webcrypto.CryptoKey));
  return pem('PRIVATE KEY', pkcs8) + pem('CERTIFICATE', certificate);
}

/** Where the generated key lives: inside DATA_DIR, so backups carry it. */
export function repoKeyPath(dataDir: string): string {
  return path.join(dataDir, 'fdroid', 'repo-key.pem');
}

/**
 * The repository key: the configured one (FDROID_REPO_KEY, the same on every instance), else the one in
 * DATA_DIR, else a new one written there (owner-only). Two processes racing on one DATA_DIR both end
 * with the file the first one linked into place.
 */
export async function loadOrCreateRepoKey(options: { configured?: string | undefined; dataDir: string; commonName: string; now: Date }): Promise<RepoKey> {
  if (options.configured) return parseRepoKey(options.configured);
  const file = repoKeyPath(options.dataDir);
  if (fs.existsSync(file)) return parseRepoKey(await fs.promises.readFile(file, 'utf8'));
  const text = await generateRepoKeyPem(options.commonName, options.now);
  await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await fs.promises.open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.promises.link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.promises.rm(temp, { force: true });
  }
  return parseRepoKey(await fs.promises.readFile(file, 'utf8'));
}
