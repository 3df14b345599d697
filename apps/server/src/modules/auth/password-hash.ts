import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// Better Auth's own format and parameters (@better-auth/utils password.ts): `<salt hex>:<key hex>`,
// scrypt N=16384, r=16, p=1, 64-byte key, the salt's hex text as the salt, the password in NFKC.
// Same output, so existing hashes keep working; the difference is where the work runs: node:crypto
// runs scrypt on the libuv thread pool, while Better Auth's default (@noble/hashes, pure JS) runs it on
// the event loop, where a sign-in flood stalled every other request (load run L6, SECURITY "Load").
const N = 16_384;
const r = 16;
const p = 1;
const KEY_LENGTH = 64;
const MAXMEM = 128 * N * r * 2;

function deriveKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: MAXMEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password in Better Auth's format, off the event loop. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const key = await deriveKey(password, salt);
  return `${salt}:${key.toString('hex')}`;
}

/** Checks a password against a Better Auth hash, off the event loop, in constant time. */
export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, key] = hash.split(':');
  if (!salt || !key || !/^[0-9a-f]+$/i.test(key)) return false;
  const expected = Buffer.from(key, 'hex');
  const actual = await deriveKey(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
