import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { need } from '../../context.ts';
import { searchPageTtlMs } from '../search/search.index.ts';
import { createDiscoveryRepository } from './discovery.repository.ts';
import { createDiscoveryService } from './discovery.service.ts';
import { createStorefrontMetaResolver, discoveryRoutes } from './discovery.routes.ts';

/** Lists, search, view counting, likes and storefront totals. */
export default fp(
  async function discoveryModule(app: FastifyInstance) {
    const { database, secret, auth } = app.glyphary;
    const readCache = app.glyphary.caches.publicReads;
    const discovery = createDiscoveryService({
      discovery: createDiscoveryRepository(database.db),
      search: need(app, 'search'),
      secret,
      onCountChange: readCache.countChanged,
    });
    app.glyphary.discovery = discovery;
    app.glyphary.metaResolvers.push(createStorefrontMetaResolver({ users: need(app, 'users'), discovery }));
    // A search page lives what the index's lag leaves of the second (SQL-path pages: the second).
    const lag = app.glyphary.searchLagMs;
    await app.register(discoveryRoutes, { discovery, auth, readCache, searchPageTtlMs: lag === undefined ? 1000 : searchPageTtlMs(lag) });
  },
  { name: 'discovery-module' },
);
