import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync, zstdCompressSync } from 'node:zlib';
import type { ZodType } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { systemClock, type Clock } from './clock.ts';

/**
 * The one in-process cache of reads: public reads ≤ 1 s old (DESIGN §5 "counts may lag ≤ 1 s") and the
 * admin statistics. Memory only, per process: with several instances each keeps its own, so a reader sees
 * data at most `ttlMs` old on whichever instance answers; writes clear the cache of the instance that took
 * them (the author's next read there is fresh), other instances let entries expire.
 */
export interface ResponseCache<T extends NonNullable<unknown>> {
  /**
   * The cached value for `key`, or the result of `compute()`. Concurrent misses for one key share
   * one computation; a failed computation is not cached.
   */
  get(key: string, compute: () => Promise<T>): Promise<T>;
  /** Forgets one key (and stops an in-flight computation from being stored under it). */
  delete(key: string): void;
  /** Forgets everything; computations started before the call are shared but never stored. */
  clear(): void;
  /** Entries currently held (tests, metrics). */
  readonly size: number;
}

export interface ResponseCacheOptions {
  /** How long an entry is served, in milliseconds. */
  ttlMs: number;
  /** Bound on stored entries; the least recently used one is evicted beyond it. */
  maxEntries: number;
  /**
   * Entries expire together, at the next multiple of `ttlMs` of the clock, instead of `ttlMs` after each was
   * stored: the pages in demand are then read again in the same turn, where a batch loader reads them in
   * one query (on PGlite each read of its own costs ~3 ms of this process's CPU).
   */
  alignExpiry?: boolean;
  /** Source of time (CONVENTIONS rule 5); tests may inject one. */
  clock?: Clock;
}

/** A TTL + LRU cache whose concurrent misses share one computation: lru-cache's `fetch`. */
export function createResponseCache<T extends NonNullable<unknown>>({ ttlMs, maxEntries, alignExpiry = false, clock = systemClock }: ResponseCacheOptions): ResponseCache<T> {
  const cache = new LRUCache<string, T, () => Promise<T>>({
    max: maxEntries,
    ttl: ttlMs,
    perf: { now: () => clock.now().getTime() },
    // Read the clock on every check rather than lru-cache's 1 ms cached reading (on a real timer).
    ttlResolution: 0,
    // A delete or clear during a computation aborts it: its waiters still get the answer, and lru-cache
    // stores it only while the pending entry is still the key's, so data read before a write never lands.
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  const ttlOf = (): number => {
    if (!alignExpiry) return ttlMs;
    const now = clock.now().getTime();
    // lru-cache counts an entry stale once strictly more than its TTL has passed: half a millisecond
    // short of the boundary makes it stale at the boundary itself (and is never 0, which means no TTL).
    return (Math.floor(now / ttlMs) + 1) * ttlMs - now - 0.5;
  };
  return {
    async get(key, compute) {
      const value = await cache.fetch(key, { context: compute, ttl: ttlOf() });
      // fetchMethod never resolves undefined (T excludes it); the check satisfies the type.
      if (value === undefined) throw new Error(`response cache: no value for ${key}`);
      return value;
    },
    delete(key) {
      cache.delete(key);
    },
    clear() {
      cache.clear();
    },
    get size() {
      return cache.size;
    },
  };
}

/** Which glyph counter moved: each module decides what must show it at once. */
export type CountKind = 'views' | 'downloads' | 'likes';

/**
 * The public reads of one instance: each module declares its caches and keys; writers report what
 * changed. A content write (an upload, an edit, moderation, a count sync) forgets every public read; a
 * counter forgets only what its module says must show it at once (the rest may lag ≤ 1 s).
 */
export interface ReadCache {
  /** A cache of prepared public answers, 1 s old at most, emptied by `contentChanged`. */
  namespace(options: { maxEntries: number; alignExpiry?: boolean }): ResponseCache<PreparedResponse>;
  contentChanged(): void;
  countChanged(glyphId: string, counter: CountKind): void;
  onCountChange(listener: (glyphId: string, counter: CountKind) => void): void;
  /** Same as `contentChanged` (tests). */
  clear(): void;
}

export const PUBLIC_READ_TTL_MS = 1000;

export function createReadCache({ clock = systemClock }: { clock?: Clock } = {}): ReadCache {
  const caches: ResponseCache<PreparedResponse>[] = [];
  const countListeners: ((glyphId: string, counter: CountKind) => void)[] = [];
  // Plain closures: writers are handed these functions unbound.
  const contentChanged = () => {
    for (const cache of caches) cache.clear();
  };
  return {
    namespace({ maxEntries, alignExpiry = false }) {
      const cache = createResponseCache<PreparedResponse>({ ttlMs: PUBLIC_READ_TTL_MS, maxEntries, alignExpiry, clock });
      caches.push(cache);
      return cache;
    },
    contentChanged,
    clear: contentChanged,
    countChanged: (glyphId, counter) => {
      for (const listener of countListeners) listener(glyphId, counter);
    },
    onCountChange(listener) {
      countListeners.push(listener);
    },
  };
}

/**
 * Encodings a prepared response keeps compressed copies of, in order of preference: zstd first (Chromium and
 * Firefox ask for it, and it compresses a page several times faster than brotli for a similar size), br for
 * Safari, then gzip.
 */
const ENCODINGS = ['zstd', 'br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Bodies smaller than this go out uncompressed (the compress plugin's threshold). */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * A serialized JSON body with its strong validator, as a cache entry. Serializing, hashing and
 * compressing happen once per entry, not once per request: a cache hit only writes bytes.
 */
export interface PreparedResponse {
  /** The JSON text as UTF-8, already validated and shaped by the route's response schema. */
  readonly body: Buffer;
  /** A strong ETag over the JSON text (the same tag names every encoding of it). */
  readonly etag: string;
  /** Compressed copies, made on first use. */
  readonly encoded: Partial<Record<Encoding, Buffer>>;
}

/** Tags serialized JSON with a strong ETag: a hash of the text (same body, same tag). */
export function prepareJson(json: string): PreparedResponse {
  const body = Buffer.from(json, 'utf8');
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 32);
  return { body, etag: `"${hash}"`, encoded: {} };
}

/**
 * The serializer Fastify would run for a route with this response schema (zod encode, then
 * JSON.stringify): prepared bodies keep the guarantee that only the schema's fields leave.
 */
export function schemaSerializer<T>(schema: ZodType<T>): (body: T) => string {
  return serializerCompiler({ schema, method: 'GET', url: 'prepared-response' }) as (body: T) => string;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  // Weak comparison for If-None-Match (RFC 9110 §13.1.2): a W/ prefix added by a proxy still matches.
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** The preferred encoding the client accepts (q > 0), or null for identity (RFC 9110 §12.5.3). */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.split(';');
    const name = token.trim().toLowerCase();
    if (!name) continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    quality.set(name, Number.isFinite(value) ? value : 0);
  }
  const wildcard = quality.get('*');
  for (const encoding of ENCODINGS) {
    const q = quality.get(encoding) ?? wildcard ?? 0;
    if (q > 0) return encoding;
  }
  return null;
}

function compress(json: Buffer, encoding: Encoding): Buffer {
  switch (encoding) {
    case 'zstd':
      // Level 2: as fast as level 1 and as small as level 3 on our list and search pages.
      return zstdCompressSync(json, {
        params: { [zlibConstants.ZSTD_c_compressionLevel]: 2 },
        pledgedSrcSize: json.length,
      });
    case 'br':
      return brotliCompressSync(json, {
        params: {
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      });
    case 'gzip':
      return gzipSync(json, { level: 6 });
  }
}

/**
 * Sends a prepared response with `ETag`, `Cache-Control` and `Vary: Accept-Encoding`, or an empty
 * 304 when the request's If-None-Match names the same tag. The body goes out zstd-, br- or gzip-compressed
 * from the entry's own copy when the client accepts it (the compress plugin skips a response whose
 * Content-Encoding is set). The app's onSend hook only adds `no-store` when no cache-control is
 * set, so this one wins.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: PreparedResponse, cacheControl: string): FastifyReply {
  void reply.header('etag', prepared.etag);
  void reply.header('cache-control', cacheControl);
  void reply.header('vary', 'Accept-Encoding');
  if (matches(request.headers['if-none-match'], prepared.etag)) return reply.code(304).send();
  void reply.type('application/json; charset=utf-8');
  const encoding = prepared.body.length >= COMPRESS_THRESHOLD_BYTES ? negotiateEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(prepared.body);
  void reply.header('content-encoding', encoding);
  return reply.send((prepared.encoded[encoding] ??= compress(prepared.body, encoding)));
}
