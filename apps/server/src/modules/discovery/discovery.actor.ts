import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * The address a counting actor is keyed by (DESIGN §4.1): IPv4 as is, IPv6 collapsed to its /64
 * network (one household or phone gets a whole /64, so rotating the low bits must not count again),
 * IPv4-mapped IPv6 (`::ffff:a.b.c.d`) as the IPv4 it carries. Unparseable input is kept verbatim.
 */
export function normalizeClientIp(ip: string): string {
  const bare = ip.trim().replace(/^\[|\]$/g, '').split('%')[0] ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (isIP(bare) !== 6) return bare;
  const hextets = expandIpv6(bare);
  return `${hextets.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, lower-case and without leading zeros. */
function expandIpv6(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted quad (e.g. 64:ff9b::1.2.3.4) becomes two hextets.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, quad.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...fill, ...right].map((group) => Number.parseInt(group || '0', 16).toString(16));
}

/**
 * The counting actor of DESIGN §4.1: `u:<userId>` for a signed-in caller, else `ip:` followed by an
 * HMAC-SHA256 of the normalized trusted client IP keyed with the server secret (the raw IP is never
 * stored, and the hash cannot be reversed without the secret).
 */
export function actorOf(input: { userId: string | null; ip: string }, secret: string): string {
  if (input.userId) return `u:${input.userId}`;
  const digest = createHmac('sha256', secret).update(`glyph-actor:${normalizeClientIp(input.ip)}`).digest('hex');
  return `ip:${digest}`;
}
