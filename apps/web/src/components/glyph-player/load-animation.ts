import { decodeAnimation, type GlyphAnimation } from '@glyphary/shared';

/** Decoded animations by URL (immutable per version), most recently used last; bounded so a long visit stays small. */
const cache = new Map<string, Promise<GlyphAnimation>>();
const MAX_CACHED = 64;

/**
 * Fetches and decodes a GLYA animation once per URL: every player of the same glyph (card, page,
 * preview) shares one request and one decoded copy. A failed load is forgotten so a later player retries.
 * @throws RangeError for malformed bytes, Error for a failed response.
 */
export function loadAnimation(url: string, fetcher: typeof fetch = fetch): Promise<GlyphAnimation> {
  const cached = cache.get(url);
  if (cached) {
    cache.delete(url);
    cache.set(url, cached);
    return cached;
  }
  const loading = fetcher(url)
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.arrayBuffer();
    })
    .then((buffer) => decodeAnimation(new Uint8Array(buffer)));
  loading.catch(() => {
    if (cache.get(url) === loading) cache.delete(url);
  });
  cache.set(url, loading);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return loading;
}
