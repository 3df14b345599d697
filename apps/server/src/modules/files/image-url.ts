import { STORED_FILES_PATH } from '@glyphary/shared';

/**
 * spec §7: image URLs pointing at local or product hosts are rewritten to the relative
 * `/api/files/…` path, so stored references survive a change of host or port.
 * Builds the normaliser for a deployment: localhost, 127.0.0.1, ::1 and the PUBLIC_URL host count
 * as "ours". Anything else (and anything not under /api/files/) is returned trimmed but unchanged.
 */
export function createImageUrlNormalizer(publicUrl: string): (url: string) => string {
  const ownHosts = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);
  try {
    ownHosts.add(new URL(publicUrl).hostname.toLowerCase());
  } catch {
    // no usable PUBLIC_URL: only the local hosts
  }
  return (raw: string): string => {
    const value = raw.trim();
    if (!/^https?:\/\//i.test(value)) return value;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return value;
    }
    if (!ownHosts.has(url.hostname.toLowerCase())) return value;
    if (!url.pathname.startsWith(STORED_FILES_PATH)) return value;
    return url.pathname;
  };
}
