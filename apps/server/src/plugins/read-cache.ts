import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { systemClock, type Clock } from '../lib/clock.ts';
import {
  createResponseCache,
  isNotModified,
  negotiatedBody,
  negotiatedEncoding,
  writeChunks,
  sendPrepared,
  type PreparedResponse,
  type ResponseCache,
} from '../lib/response-cache.ts';

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
  /** The route pattern, the metrics label of an early answer. */
  route: string | undefined;
}

export interface ReadCacheOptions {
  clock?: Clock;
  /** Bound on remembered URLs (each a few hundred bytes; the bodies live in the namespaces). */
  maxAliases?: number;
  /** The node:http handler in front of Fastify that the fast path may answer from (decision 0047). */
  early?: EarlyAnswers;
  /** TRUST_PROXY: the client IP is then Fastify's reading of X-Forwarded-For, and early answers stay off. */
  trustProxy?: boolean;
}

/** Levels at which Fastify logs every request ("incoming request", "request completed"). */
const REQUEST_LOG_LEVELS = new Set(['trace', 'debug', 'info']);

type RawHandler = (request: IncomingMessage, response: ServerResponse) => void;
/** Answers the request (true) or leaves it to Fastify (false); may also hand it to Fastify later. */
type EarlyAnswer = (request: IncomingMessage, response: ServerResponse, fastify: RawHandler) => boolean;

/**
 * The request handler of the app's node:http server (decision 0047): a GET the read cache can answer
 * is answered there, before Fastify builds its request, reply and hook chain; every other request goes
 * to Fastify's own handler. Created before Fastify (its `serverFactory` needs the handler); the
 * read-cache plugin switches the early answers on once the app's plugins are known.
 */
export interface EarlyAnswers {
  /** Wraps Fastify's handler. */
  wrap(fastify: RawHandler): RawHandler;
  /** Sets (or, with null, removes) the answer function. */
  set(answer: EarlyAnswer | null): void;
  /** Whether early answers are on (tests). */
  readonly enabled: boolean;
}

/** Creates the switch between early answers and Fastify (off until the read-cache plugin turns it on). */
export function createEarlyAnswers(): EarlyAnswers {
  let answer: EarlyAnswer | null = null;
  return {
    wrap(fastify) {
      return (request, response) => {
        if (answer === null || request.method !== 'GET' || !answer(request, response, fastify)) fastify(request, response);
      };
    },
    set(next) {
      answer = next;
    },
    get enabled() {
      return answer !== null;
    },
  };
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
        aliases.set(request.url, { cache, key, cacheControl, visitorsOnly: scope === 'visitors', route: request.routeOptions.url });
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
 * (compression skip, metrics) still run after the early reply. Routing has happened by then, so the
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

  const early = options.early;
  if (early === undefined) return;
  // Early answers replace the work of the hooks that run before this one, and of onSend/onResponse, for a
  // fresh entry or one read again (revalidate). They keep what those hooks do for such a request: the path guard (a remembered URL is
  // exactly one the guard let through), the security headers (static ones only), the read limit (counted
  // in the same counter; a refused read goes on to Fastify for its 429), the metrics. They stay off where
  // that cannot be kept: helmet running per request, TRUST_PROXY (the client IP is Fastify's proxy-addr
  // reading), request logging (info and below log every request), and from the moment the app closes.
  const securityHeaders = app.securityHeaders;
  const logsRequests = REQUEST_LOG_LEVELS.has(app.log.level);
  if (securityHeaders === null || options.trustProxy === true || logsRequests || !app.hasDecorator('observeRequest')) return;
  const { readLimit } = app;
  const observe = app.observeRequest.bind(app);
  early.set((request, response, fastify) => {
    const started = performance.now();
    const alias = cache.lookup(request);
    if (alias === undefined) return false;
    const prepared = alias.cache.peek(alias.key);
    // An expired entry is read again by the computation that made it (single flight, as the route's own
    // `get` would), so the readers of a busy key that has just expired wait for it here rather than each
    // going through Fastify to join the same flight. Deleted or cleared entries go to the route.
    const pending = prepared === undefined ? alias.cache.revalidate(alias.key) : undefined;
    if (prepared === undefined && pending === undefined) return false;
    const ip = request.socket.remoteAddress;
    if (ip === undefined || !readLimit.countEarly(request, ip)) return false;
    const answer = (fresh: PreparedResponse) => {
      const status = writePrepared(request, response, fresh, alias.cacheControl, securityHeaders);
      observe('GET', alias.route, status, (performance.now() - started) / 1000);
    };
    if (prepared !== undefined) answer(prepared);
    // A failed read (gone, database down): the route answers it with the error contract; the read is
    // not counted again. Anything thrown past that point ends the response rather than the process.
    else
      pending
        ?.then(answer, () => fastify(request, response))
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'early answer of a cached read failed');
          response.destroy();
        });
    return true;
  });
  app.addHook('preClose', (done) => {
    // return503OnClosing: while closing, every request is Fastify's.
    early.set(null);
    done();
  });
}

/**
 * `sendPrepared` on the bare node:http response: the same status, headers and bytes Fastify sends for it
 * (the security headers, ETag, Cache-Control, Vary, Content-Type, Content-Length, Content-Encoding).
 */
function writePrepared(
  request: IncomingMessage,
  response: ServerResponse,
  prepared: PreparedResponse,
  cacheControl: string,
  securityHeaders: Readonly<Record<string, string>>,
): number {
  const headers: Record<string, string | number> = {
    ...securityHeaders,
    etag: prepared.etag,
    'cache-control': cacheControl,
    vary: 'Accept-Encoding',
  };
  if (isNotModified(request.headers, prepared)) {
    response.writeHead(304, headers).end();
    return 304;
  }
  headers['content-type'] = 'application/json; charset=utf-8';
  const { chunks } = prepared;
  if (chunks && negotiatedEncoding(request.headers, prepared) === null) {
    // A page of pre-serialized cards goes out as its chunks, as the route writes it (decision 0048).
    headers['content-length'] = prepared.length;
    writeChunks(response, 200, headers, chunks);
    return 200;
  }
  const { body, encoding } = negotiatedBody(request.headers, prepared);
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  response.writeHead(200, headers).end(body);
  return 200;
}

export default fp(readCache, { name: 'read-cache', dependencies: ['security-headers', 'path-guard', 'request-limits', 'metrics'] });
