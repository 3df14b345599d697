import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createFeedsRepository } from './feeds.repository.ts';
import { createFeedsService } from './feeds.service.ts';
import { feedsRoutes } from './feeds.routes.ts';

export default fp(
  async function feedsModule(app: FastifyInstance) {
    const { database, publicUrl } = app.glyphary;
    await app.register(feedsRoutes, { feeds: createFeedsService({ feeds: createFeedsRepository(database.db), publicUrl }) });
  },
  { name: 'feeds-module' },
);
