import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { need } from '../../context.ts';
import { createSearchRepository } from '../search/search.repository.ts';
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
      // PostgreSQL full-text search is the one search store.
      search: createSearchRepository(database.db),
      secret,
      onCountChange: readCache.countChanged,
    });
    app.glyphary.discovery = discovery;
    app.glyphary.metaResolvers.push(createStorefrontMetaResolver({ users: need(app, 'users'), discovery }));
    await app.register(discoveryRoutes, { discovery, auth, readCache });
  },
  { name: 'discovery-module' },
);
