import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync, zstdCompressSync } from 'node:zlib';
import type { ZodType } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { systemClock, type Clock } from './clock.ts';

/**
 * Short in-process read cache (DESIGN §5: "short in-process caching of public lists is fair game;
 * counts may lag ≤ 1 s"; docs/decisions/0012-read-caching.md).
 *
 * Memory only, per process: with several instances each keeps its own cache, so a reader sees data
 * at most `ttlMs` old on whichever instance answers; writes clear the cache of the instance that
 * took them (the author's next read there is fresh), other instances simply let entries expire.
 */
export interface ResponseCache<T extends NonNullable<unknown>> {
  /**
   * The cached value for `key`, or the result of `compute()`. Concurrent misses for one key share
   * one computation (single-flight); a failed computation is not cached.
   */
  get(key: string, compute: () => Promise<T>): Promise<T>;
  /**
   * The fresh cached value for `key`, or undefined — synchronously, without starting a computation
   * (the read-cache fast path answers from it in `onRequest`, before parsing and validation).
   */
  peek(key: string): T | undefined;
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
   * stored: never later than that, and the entries in demand are recomputed in the same few turns, where a
   * batch loader reads them back in one query (decision 0067).
   */
  alignExpiry?: boolean;
  /** Source of time (CONVENTIONS rule 5); tests may inject one. */
  clock?: Clock;
}

/** Creates a TTL + LRU + single-flight cache (see {@link ResponseCache}) on lru-cache's `fetch`. */
export function createResponseCache<T extends NonNullable<unknown>>({ ttlMs, maxEntries, alignExpiry = false, clock = systemClock }: ResponseCacheOptions): ResponseCache<T> {
  const cache = new LRUCache<string, T, () => Promise<T>>({
    max: maxEntries,
    ttl: ttlMs,
    // The injected clock, so tests move time (CONVENTIONS rule 5).
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
    peek(key) {
      return cache.peek(key);
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

/**
 * Encodings a prepared response keeps compressed copies of, in order of preference (decision 0071):
 * zstd first, as Chromium and Firefox ask for it — it compresses a 140 KB search page in ~0.3 ms,
 * where brotli at quality 5 takes ~2 ms for a body ~10 % smaller — then br for Safari, then gzip.
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
  /**
   * The JSON text as UTF-8, already validated and shaped by the route's response schema. For a body
   * made of `chunks` it is joined on first use only (a HEAD, a non-GET); compressing copies the chunks into
   * a reused buffer instead.
   */
  readonly body: Buffer;
  /** The body's length in bytes. */
  readonly length: number;
  /**
   * The body as buffers in order, when it was assembled from pre-serialized parts (`prepareJsonParts`):
   * an uncompressed GET writes them as they are, with no ~100 KB copy per response (decision 0048).
   */
  readonly chunks?: readonly Buffer[];
  /** A strong ETag over the JSON text (the same tag names every encoding of it). */
  readonly etag: string;
  /** Compressed copies, made on first use. */
  readonly encoded: Partial<Record<Encoding, Buffer>>;
}

/** Tags serialized JSON with a strong ETag: a hash of the text (same body, same tag). */
export function prepareJson(json: string): PreparedResponse {
  // Encoded once: writing a Buffer skips the per-request UTF-8 conversion of a string body.
  const body = Buffer.from(json, 'utf8');
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 32);
  return { body, length: body.length, etag: `"${hash}"`, encoded: {} };
}

/** A prepared body kept as its chunks; `body` joins them once, when something needs one buffer. */
class ChunkedResponse implements PreparedResponse {
  readonly encoded: Partial<Record<Encoding, Buffer>> = {};
  readonly chunks: readonly Buffer[];
  readonly length: number;
  readonly etag: string;
  private joined: Buffer | undefined;
  constructor(chunks: readonly Buffer[], length: number, etag: string) {
    this.chunks = chunks;
    this.length = length;
    this.etag = etag;
  }
  get body(): Buffer {
    return (this.joined ??= Buffer.concat(this.chunks, this.length));
  }
}

/**
 * `prepareJson` for a body assembled from pre-serialized parts whose SHA-256 is already known
 * (decision 0034's search cards): the body is `head`, the parts as they are, `tail`. Every part after the
 * first must carry `separator` in front of its text (a card after the first is `,{…}`: decision 0056, half
 * the chunks of a separator written between each); a part's hash is of its text alone. Not checked here:
 * reading each part's first byte was a cache miss per card (~4 % of a cold search); the search page test
 * holds the bytes equal to the list serializer's. The ETag hashes the text around the parts, the
 * separator and the leading 64 bits of each part's SHA-256 (`partHash`, two uint32 per part in
 * `partHashes`) — a changed page keeps its tag only if a changed card kept those 64 bits — for a fraction
 * of the bytes (decision 0055: the numbers live in the card itself, where a hash string per card was one
 * more scattered read per part). The parts are kept as they are (UTF-8 already, no re-encoding of
 * a ~100 KB string) and not joined (decision 0048): joining copied ~110 KB of mostly cold card memory into
 * a fresh buffer per search, and those buffers' external memory drove full collections of a heap that
 * holds every card.
 */
export function prepareJsonParts(head: string, parts: readonly Buffer[], partHashes: ArrayLike<number>, separator: string, tail: string): PreparedResponse {
  if (partHashes.length !== parts.length * 2) throw new Error('prepareJsonParts: two hash words per part');
  const first = Buffer.from(head, 'utf8');
  const end = Buffer.from(tail, 'utf8');
  const chunks = new Array<Buffer>(parts.length + 2);
  chunks[0] = first;
  let length = first.length + end.length;
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] as Buffer;
    chunks[i + 1] = part;
    length += part.length;
  }
  chunks[parts.length + 1] = end;
  const words = Uint32Array.from(partHashes);
  const tag = createHash('sha256')
    .update(`${head.length}:${head}${separator.length}:${separator}${tail.length}:${tail}`)
    .update(new Uint8Array(words.buffer))
    .digest('base64url')
    .slice(0, 32);
  return new ChunkedResponse(chunks, length, `"${tag}"`);
}

/** The leading 64 bits of a text's SHA-256 as two uint32, as `prepareJsonParts` expects for each part. */
export function partHash(text: string): [number, number] {
  const digest = createHash('sha256').update(text).digest();
  return [digest.readUInt32BE(0), digest.readUInt32BE(4)];
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

/**
 * One buffer, reused, that a body of chunks is copied into to be compressed (decision 0071). Joining each
 * ~140 KB search page into a buffer of its own allocated that much outside V8's heap per request; under
 * load the churn set off a full GC every second and searches waited 400 ms at p95. Compressing is
 * synchronous, so no two calls ever share it. It keeps the size of the largest body compressed so far.
 */
let scratch = Buffer.allocUnsafe(0);

function compressPrepared(prepared: PreparedResponse, encoding: Encoding): Buffer {
  if (!prepared.chunks) return compress(prepared.body, encoding);
  if (scratch.length < prepared.length) scratch = Buffer.allocUnsafe(Math.max(prepared.length, scratch.length * 2));
  let offset = 0;
  for (const chunk of prepared.chunks) offset += chunk.copy(scratch, offset);
  return compress(scratch.subarray(0, offset), encoding);
}

function compress(json: Buffer, encoding: Encoding): Buffer {
  switch (encoding) {
    case 'zstd':
      // Level 2: on the bench's search pages as fast as level 1 and as small as level 3 (decision 0071).
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
 * Writes a body of chunks with one corked write per chunk — the socket gets them in one `writev` —
 * instead of joining them first (decision 0048). Fastify's `send` takes one buffer, a string or a
 * stream, so the reply is hijacked: the status and every header set so far (the security headers of
 * `onRequest`, this response's own) are written as Fastify would, and `onResponse` hooks (metrics) still
 * run on `finish`. What the route's `onSend` hooks would have done to a GET's uncompressed prepared body
 * is done here: `cache-control` is always set by the caller, and there is nothing to compress. A test
 * (search-index.test.ts) holds the headers equal to those of a body sent through `reply.send`.
 */
function sendChunks(reply: FastifyReply, chunks: readonly Buffer[], length: number): FastifyReply {
  reply.hijack();
  const res = reply.raw;
  const headers = reply.getHeaders();
  headers['content-length'] = String(length);
  writeChunks(res, reply.statusCode, headers as OutgoingHttpHeaders, chunks);
  return reply;
}

/**
 * Writes a status, its headers (Content-Length included) and a body of chunks corked: the head and every
 * chunk leave in one writev, with no copy of the body.
 */
function writeChunks(res: ServerResponse, status: number, headers: OutgoingHttpHeaders, chunks: readonly Buffer[]): void {
  res.writeHead(status, headers);
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  // end() uncorks: the head and every chunk leave together.
  res.end();
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
  if (isNotModified(request.headers, prepared)) {
    return reply.code(304).send();
  }
  void reply.type('application/json; charset=utf-8');
  const encoding = negotiatedEncoding(request.headers, prepared);
  if (!encoding) {
    if (prepared.chunks && request.method === 'GET') return sendChunks(reply, prepared.chunks, prepared.length);
    return reply.send(prepared.body);
  }
  const body = (prepared.encoded[encoding] ??= compressPrepared(prepared, encoding));
  void reply.header('content-encoding', encoding);
  return reply.send(body);
}

/** True when the request's If-None-Match names the prepared body's tag (answer 304). */
export function isNotModified(headers: IncomingHttpHeaders, prepared: PreparedResponse): boolean {
  return matches(headers['if-none-match'], prepared.etag);
}

/** The encoding to send the prepared body in (zstd, br, gzip or none), from the request's Accept-Encoding and the body's size. */
export function negotiatedEncoding(headers: IncomingHttpHeaders, prepared: PreparedResponse): Encoding | null {
  return prepared.length >= COMPRESS_THRESHOLD_BYTES ? negotiateEncoding(headers['accept-encoding']) : null;
}

/** The bytes to send for the request's Accept-Encoding: a compressed copy (made once) or the JSON itself. */
export function negotiatedBody(headers: IncomingHttpHeaders, prepared: PreparedResponse): { body: Buffer; encoding: Encoding | null } {
  const encoding = negotiatedEncoding(headers, prepared);
  if (!encoding) return { body: prepared.body, encoding: null };
  return { body: (prepared.encoded[encoding] ??= compressPrepared(prepared, encoding)), encoding };
}
