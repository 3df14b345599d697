import type { GlyphAnimation } from '@glyphary/shared';

import type * as EngineModule from './engine.ts';

export type Engine = typeof EngineModule;
let engine: Promise<Engine> | undefined;
/** The decoder, painter and frame clock (engine.ts), fetched once, when the first animation is. */
export const loadEngine = (): Promise<Engine> => (engine ??= import('./engine.ts'));

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
  // The file and the engine that decodes it travel in parallel: the engine adds no round trip.
  const loading = Promise.all([
    fetcher(url).then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.arrayBuffer();
    }),
    loadEngine(),
  ]).then(([buffer, { decodeAnimation }]) => decodeAnimation(new Uint8Array(buffer)));
  loading.catch(() => {
    if (cache.get(url) === loading) cache.delete(url);
  });
  cache.set(url, loading);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return loading;
}
