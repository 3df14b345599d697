import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Known devices (docs/decisions/0025-sign-in-lockout.md): a browser or client that has signed in to an
 * account before carries a signed cookie naming that account. Its failures are counted on their own, so
 * strangers exhausting the per-email failure limit cannot lock the owner out of their own device.
 */
export const DEVICE_COOKIE = 'glyphary.device';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function sign(secret: string, email: string, id: string): string {
  return createHmac('sha256', secret).update(`known-device\n${email}\n${id}`).digest('base64url');
}

/** A fresh device cookie for `email` (Set-Cookie value) and its id. */
export function issueDeviceCookie(secret: string, email: string, secure: boolean): { id: string; header: string } {
  const id = randomBytes(16).toString('base64url');
  const value = `${id}.${sign(secret, email, id)}`;
  return {
    id,
    header: `${DEVICE_COOKIE}=${value}; Path=/api/auth; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  };
}

/** The device id when the request's cookie was issued for this email by this server, else null. */
export function knownDeviceId(secret: string, email: string, cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== DEVICE_COOKIE) continue;
    const [id, signature] = rest.join('=').split('.');
    if (!id || !signature) continue;
    const expected = Buffer.from(sign(secret, email, id));
    const given = Buffer.from(signature);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return id;
  }
  return null;
}
