import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createStatsRepository } from './stats.repository.ts';
import { createStatsService } from './stats.service.ts';
import { statsRoutes } from './stats.routes.ts';

export default fp(
  async function statsModule(app: FastifyInstance) {
    const { database, clock, auth } = app.glyphary;
    const stats = createStatsService({ stats: createStatsRepository(database.db), clock });
    await app.register(statsRoutes, { stats, auth });
  },
  { name: 'stats-module' },
);
