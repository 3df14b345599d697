import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createSearchIndexing, createSearchRepository } from './search.repository.ts';
import { SEARCH_INDEX_MAX_LAG_MS } from './search.index.ts';

/**
 * Search: plain "Best match" searches from an in-process index of glyph_search, fresh before every
 * search through the search_changes feed (SEARCH_INDEX=off: SQL only). Provides `app.glyphary.search`.
 */
export default fp(
  async function searchModule(app: FastifyInstance) {
    const { env, database, clock } = app.glyphary;
    const readCache = app.glyphary.caches.publicReads;
    const searchLagMs = env.SEARCH_INDEX_MAX_LAG_MS ?? (env.NODE_ENV === 'test' ? 0 : SEARCH_INDEX_MAX_LAG_MS);
    const searchIndexing =
      env.SEARCH_INDEX === 'off'
        ? undefined
        : createSearchIndexing(database.db, {
            onError: (error) => app.log.error({ err: error }, 'search index: load failed (searches run in SQL)'),
            maxLagMs: searchLagMs,
            // The app's clock, so the lag and the search page cache run on one time.
            now: () => clock.now().getTime(),
          });
    app.glyphary.search = createSearchRepository(database.db, searchIndexing);
    app.glyphary.searchLagMs = searchIndexing ? searchLagMs : undefined;
    const searchIndex = searchIndexing?.index;
    if (!searchIndexing || !searchIndex) return;
    app.glyphary.searchIndex = searchIndex;
    const wait = env.SEARCH_INDEX === 'wait' || (env.SEARCH_INDEX === 'auto' && env.NODE_ENV === 'test');
    const warmCards = env.SEARCH_CARDS_WARM === 'on' || (env.SEARCH_CARDS_WARM === 'auto' && env.NODE_ENV !== 'test');
    let closing = false;
    let warming: Promise<unknown> | undefined;
    app.addHook('onReady', async () => {
      const heapBefore = process.memoryUsage().heapUsed;
      const startedAt = performance.now();
      const loaded = searchIndex.start().then(() => {
        if (!searchIndex.ready) return;
        const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
        app.log.info({ ...searchIndex.stats(), loadMs: Math.round(performance.now() - startedAt), heapMb: Math.round(heapMb) }, 'search index ready');
        if (!warmCards || closing) return;
        // The result cards next, in the background; until then (or without) they load as searched.
        const warmStartedAt = performance.now();
        warming = searchIndexing.cards.warm({ stopped: () => closing }).then(
          (cards) => app.log.info({ cards, warmMs: Math.round(performance.now() - warmStartedAt) }, 'search cards ready'),
          (error: unknown) => app.log.warn({ err: error }, 'search cards: warming stopped (cards load as searched)'),
        );
      });
      if (wait) await loaded;
    });
    app.addHook('onClose', async () => {
      closing = true;
      await warming; // ends after the batch in flight
      searchIndex.stop();
    });
    // This instance's own writes are searchable at once although searches may skip the feed read for up
    // to maxLagMs. Every write here is a request with an unsafe method and has committed by the time its
    // response is sent (onSend); writers outside a request (jobs) report through the read cache's signals.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') searchIndex.noteWrite();
      done(null, payload);
    });
    readCache.onContentChange(() => searchIndex.noteWrite());
    readCache.onCountChange(() => searchIndex.noteWrite());
  },
  { name: 'search-module' },
);
