import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createRequestsRepository } from './requests.repository.ts';
import { createRequestsService } from './requests.service.ts';
import { requestsRoutes } from './requests.routes.ts';

export default fp(
  async function requestsModule(app: FastifyInstance) {
    const { database, clock, auth } = app.glyphary;
    const requests = createRequestsService({ requests: createRequestsRepository(database.db), clock });
    await app.register(requestsRoutes, { requests, auth });
  },
  { name: 'requests-module' },
);
