import { MAX_URL_LENGTH } from '../constants.ts';

/**
 * True when `value` is an absolute http(s) URL that the WHATWG parser accepts
 * (SECURITY.md input bounds: `javascript:`, `data:`, protocol-relative and other schemes are refused).
 */
export function isHttpUrl(value: string): boolean {
  if (value.length === 0 || value.length > MAX_URL_LENGTH) return false;
  // Reject control characters and whitespace anywhere: browsers strip some of them silently.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(value)) return false;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** True for a same-origin relative path such as `/api/files/images/x.webp` (never `//host`). */
export function isRelativePath(value: string): boolean {
  return /^\/(?!\/)[A-Za-z0-9._~!$&'()*+,;=:@%/?-]*$/.test(value) && value.length <= MAX_URL_LENGTH;
}

/** An image or file reference the product accepts: http(s) URL or our own `/api/files/…` path. */
export function isResourceUrl(value: string): boolean {
  return isHttpUrl(value) || (isRelativePath(value) && value.startsWith('/api/files/'));
}

/**
 * Only same-origin paths may be used as a post-login redirect (SECURITY.md "Rendering").
 * @returns the path when safe, otherwise '/'.
 */
export function safeRedirectPath(value: string | null | undefined): string {
  if (!value) return '/';
  return isRelativePath(value) && !value.startsWith('/\\') ? value : '/';
}
