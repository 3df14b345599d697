import type { IncomingHttpHeaders } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { systemClock, type Clock } from '../lib/clock.ts';
import { createResponseCache, sendPrepared, type PreparedResponse, type ResponseCache } from '../lib/response-cache.ts';

/** Which glyph counter moved (views, downloads, likes): what must show it at once is each module's call. */
export type CountKind = 'views' | 'downloads' | 'likes';

/** Who may be answered from a URL alias (see {@link ReadCache.send}). */
export type AliasScope = 'anyone' | 'visitors';

/**
 * The short in-process cache of public reads (DESIGN §5 "counts may lag ≤ 1 s"; decisions 0012, 0035).
 *
 * The plugin owns the mechanism — TTL + LRU + single-flight namespaces, prepared bodies, the fast path —
 * and knows no route: each module declares its namespaces, builds its own keys and decides what a count
 * change forgets (`onCountChange`). Writers report what changed (`contentChanged`, `countChanged`);
 * `app.ts` only wires the two together.
 */
export interface ReadCache {
  /** A module's own namespace (TTL 1 s unless given); every namespace is emptied by `contentChanged`. */
  namespace(name: string, options: { maxEntries: number; ttlMs?: number; alignExpiry?: boolean }): ResponseCache<PreparedResponse>;
  /**
   * Sends a prepared public read (ETag, Cache-Control, Vary, 304, zstd/br/gzip: `sendPrepared`) and remembers
   * the request's exact URL for the fast path: the next GET of that URL is answered from `cache` under
   * `key` in `onRequest`, before parsing and validation — only while the entry is fresh, so namespace
   * deletes and clears, TTLs and LRU evictions apply to it unchanged. `scope: 'visitors'` when the answer
   * depends on the session (a signed-in caller is then always sent down the route).
   */
  send(request: FastifyRequest, reply: FastifyReply, entry: CachedRead): FastifyReply;
  /** A write that public reads may show (content, moderation, a count sync): forgets every public read. */
  contentChanged(): void;
  /** A glyph counter moved on this instance: each module forgets what must show it at once. */
  countChanged(glyphId: string, counter: CountKind): void;
  /** Modules that keep other state derived from public reads forget it here too. */
  onContentChange(listener: () => void): void;
  onCountChange(listener: (glyphId: string, counter: CountKind) => void): void;
  /** Same as `contentChanged` (tests). */
  clear(): void;
}

export interface CachedRead {
  cache: ResponseCache<PreparedResponse>;
  key: string;
  prepared: PreparedResponse;
  cacheControl: string;
  scope: AliasScope;
}

interface Alias {
  cache: ResponseCache<PreparedResponse>;
  key: string;
  cacheControl: string;
  visitorsOnly: boolean;
}

export interface ReadCacheOptions {
  clock?: Clock;
  /** Bound on remembered URLs (each a few hundred bytes; the bodies live in the namespaces). */
  maxAliases?: number;
}

const hasCredentials = (headers: IncomingHttpHeaders) => headers.cookie !== undefined || headers.authorization !== undefined;

const DEFAULT_TTL_MS = 1000;

/** Creates the read cache of one instance (no Fastify needed: the plugin below adds the fast path). */
export function createReadCache({ clock = systemClock, maxAliases = 4000 }: ReadCacheOptions = {}): ReadCache & {
  lookup(request: { url?: string; headers: IncomingHttpHeaders }): Alias | undefined;
} {
  const namespaces = new Map<string, ResponseCache<PreparedResponse>>();
  const contentListeners: (() => void)[] = [];
  const countListeners: ((glyphId: string, counter: CountKind) => void)[] = [];
  // Insertion-ordered: beyond the bound the oldest alias goes (a stale alias only costs a slow-path request).
  const aliases = new Map<string, Alias>();

  function contentChanged(): void {
    for (const cache of namespaces.values()) cache.clear();
    for (const listener of contentListeners) listener();
  }

  return {
    namespace(name, { maxEntries, ttlMs = DEFAULT_TTL_MS, alignExpiry = false }) {
      if (namespaces.has(name)) throw new Error(`read-cache namespace ${name} is declared twice`);
      const cache = createResponseCache<PreparedResponse>({ ttlMs, maxEntries, alignExpiry, clock });
      namespaces.set(name, cache);
      return cache;
    },
    send(request, reply, { cache, key, prepared, cacheControl, scope }) {
      // A 'visitors' answer is remembered only from a request without credentials: a signed-in caller's
      // answer (an admin's clamp, `private`) must never be replayed to anyone.
      if (request.method === 'GET' && (scope === 'anyone' || !hasCredentials(request.headers)) && !aliases.has(request.url)) {
        aliases.set(request.url, { cache, key, cacheControl, visitorsOnly: scope === 'visitors' });
        if (aliases.size > maxAliases) {
          const oldest = aliases.keys().next().value;
          if (oldest !== undefined) aliases.delete(oldest);
        }
      }
      return sendPrepared(request, reply, prepared, cacheControl);
    },
    lookup(request) {
      const alias = request.url === undefined ? undefined : aliases.get(request.url);
      if (alias === undefined) return undefined;
      if (alias.visitorsOnly && hasCredentials(request.headers)) return undefined;
      return alias;
    },
    contentChanged,
    clear: contentChanged,
    countChanged(glyphId, counter) {
      for (const listener of countListeners) listener(glyphId, counter);
    },
    onContentChange(listener) {
      contentListeners.push(listener);
    },
    onCountChange(listener) {
      countListeners.push(listener);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

/**
 * Registers the read cache as `app.readCache` and its fast path: a GET whose exact URL a route has
 * answered from the cache, and whose entry is still fresh, is answered in `onRequest` with the prepared
 * bytes. Register it after the security-header, path-guard and request-limit plugins: their `onRequest`
 * hooks run first (every header, the per-IP read limit, the path check), and `onSend`/`onResponse`
 * (compression skip, metrics) still run after the hook's reply. Routing has happened by then, so the
 * route, its access level ('public' for every cached read) and the metrics label are the route's own.
 */
async function readCache(app: FastifyInstance, options: ReadCacheOptions) {
  const cache = createReadCache(options);
  app.decorate('readCache', cache as ReadCache);
  // Callback style: it runs on every request, and an async hook costs a promise each time (issue 20).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET') return done();
    const alias = cache.lookup(request);
    const prepared = alias?.cache.peek(alias.key);
    if (alias === undefined || prepared === undefined) return done();
    // Replying from a callback hook: the chain stops here (no done()).
    sendPrepared(request, reply, prepared, alias.cacheControl);
  });
}

export default fp(readCache, { name: 'read-cache', dependencies: ['security-headers', 'path-guard', 'request-limits', 'metrics'] });
