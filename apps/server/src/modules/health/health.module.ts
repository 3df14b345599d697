import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health.routes.ts';

export default fp(
  async function healthModule(app: FastifyInstance) {
    await app.register(healthRoutes, { database: app.glyphary.database });
  },
  { name: 'health-module' },
);
