import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { systemClock, type Clock } from './clock.ts';

/**
 * Short in-process read cache (DESIGN §5: "short in-process caching of public lists is fair game;
 * counts may lag ≤ 1 s"; docs/decisions/0012-read-caching.md).
 *
 * Memory only, per process: with several instances each keeps its own cache, so a reader sees data
 * at most `ttlMs` old on whichever instance answers; writes clear the cache of the instance that
 * took them (the author's next read there is fresh), other instances simply let entries expire.
 */
export interface ResponseCache<T> {
  /**
   * The cached value for `key`, or the result of `compute()`. Concurrent misses for one key share
   * one computation (single-flight); a failed computation is not cached.
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
  /** Source of time (CONVENTIONS rule 5); tests may inject one. */
  clock?: Clock;
}

interface Entry<T> {
  value: T;
  expiresAt: number;
}

/** Creates a TTL + LRU + single-flight cache (see {@link ResponseCache}). */
export function createResponseCache<T>({ ttlMs, maxEntries, clock = systemClock }: ResponseCacheOptions): ResponseCache<T> {
  // A Map keeps insertion order: re-inserting on a hit makes its first key the least recently used.
  const entries = new Map<string, Entry<T>>();
  const inflight = new Map<string, { promise: Promise<T> }>();
  // Bumped by delete/clear: a computation that started under an older generation may have read
  // data from before a write, so its result is handed to its waiters but never stored.
  let generation = 0;

  function store(key: string, value: T): void {
    entries.delete(key);
    entries.set(key, { value, expiresAt: clock.now().getTime() + ttlMs });
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  }

  return {
    async get(key, compute) {
      const hit = entries.get(key);
      if (hit) {
        if (hit.expiresAt > clock.now().getTime()) {
          entries.delete(key);
          entries.set(key, hit);
          return hit.value;
        }
        entries.delete(key);
      }
      const running = inflight.get(key);
      if (running) return running.promise;
      const started = generation;
      const flight = { promise: Promise.resolve() as Promise<T> };
      flight.promise = (async () => {
        try {
          const value = await compute();
          if (generation === started) store(key, value);
          return value;
        } finally {
          if (inflight.get(key) === flight) inflight.delete(key);
        }
      })();
      inflight.set(key, flight);
      return flight.promise;
    },
    delete(key) {
      generation += 1;
      entries.delete(key);
      inflight.delete(key);
    },
    clear() {
      generation += 1;
      entries.clear();
      inflight.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/** A presented response body with its strong validator. */
export interface TaggedBody<T> {
  body: T;
  etag: string;
}

/** Tags a presented body with a strong ETag: a hash of its JSON serialization (same body, same tag). */
export function tagBody<T>(body: T): TaggedBody<T> {
  const hash = createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 32);
  return { body, etag: `"${hash}"` };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  // Weak comparison for If-None-Match (RFC 9110 §13.1.2): a W/ prefix added by a proxy still matches.
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a tagged body with `ETag` and `Cache-Control`, or an empty 304 when the request's
 * If-None-Match names the same tag. Returns the body to send, or null when 304 was sent.
 * The app's onSend hook only adds `no-store` when no cache-control is set, so this one wins.
 */
export function sendTagged<T>(request: FastifyRequest, reply: FastifyReply, tagged: TaggedBody<T>, cacheControl: string): T | null {
  void reply.header('etag', tagged.etag);
  void reply.header('cache-control', cacheControl);
  if (matches(request.headers['if-none-match'], tagged.etag)) {
    void reply.code(304).send();
    return null;
  }
  return tagged.body;
}
