/** `scheme://authority` at the start of an absolute-form request target (RFC 9112 §3.2.2). */
const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;
/** A percent-encoded unreserved character (RFC 3986 §2.3): decoding it never changes what the URL means. */
const ENCODED_UNRESERVED = /%(?:4[1-9a-f]|5[0-9a]|6[1-9a-f]|7[0-9a]|3[0-9]|2d|2e|5f|7e)/gi;
const DUPLICATE_SLASHES = /\/{2,}/g;

/**
 * The request target as every path test in the server must see it, computed once before routing (issue 46):
 * origin-form (the router also serves `POST http://host/api/… HTTP/1.1`, where `url.startsWith('/api/')`
 * failed and skipped the limits, `no-store` and the origin and auth-path guards), encoded unreserved
 * characters decoded (the router decodes `/%61pi/…` to `/api/…`), and duplicate slashes collapsed. Dot
 * segments and encoded separators are left in place for the path guard, which refuses them.
 */
export function normaliseRequestTarget(url: string): string {
  let target = url;
  if (target.charCodeAt(0) !== 47 /* '/' */) {
    const authority = ABSOLUTE_FORM.exec(target);
    if (authority) target = target.slice(authority[0].length);
    if (target.charCodeAt(0) !== 47) target = `/${target}`;
  } else if (!target.includes('%') && !target.includes('//')) {
    return target;
  }
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  const rest = end === -1 ? '' : target.slice(end);
  const clean = path.replace(ENCODED_UNRESERVED, (escape) => String.fromCharCode(Number.parseInt(escape.slice(1), 16))).replace(DUPLICATE_SLASHES, '/');
  return clean + rest;
}
