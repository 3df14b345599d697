import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema } from '@glyphary/shared';
import type { Database } from '../../db/client.ts';

/** `GET /api/health` → `{status, db, latencyMs}`; 503 when the database does not answer. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: HealthSchema, 503: HealthSchema } },
    },
    async (_request, reply) => {
      const started = performance.now();
      try {
        await Promise.race([
          database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('health check timed out')), 2000).unref()),
        ]);
        const latencyMs = Math.round((performance.now() - started) * 100) / 100;
        return reply.header('cache-control', 'no-store').send({ status: 'ok' as const, db: 'up' as const, latencyMs });
      } catch {
        const latencyMs = Math.round(performance.now() - started);
        return reply.status(503).header('cache-control', 'no-store').send({ status: 'error' as const, db: 'down' as const, latencyMs });
      }
    },
  );
};
