import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminStatsSeriesSchema, CreatorStatsSchema, GlyphStatsSchema, StatsQuerySchema } from '@glyphary/shared';
import { requireViewer } from '../../plugins/access.ts';
import type { Auth } from '../auth/auth.ts';
import type { StatsService } from './stats.service.ts';

// Statistics are personal and change with every view: never kept by a shared cache.
const PRIVATE = 'private, no-store';

/** Issue 51: `?days=7|30|90|365` time series for a creator, one glyph, and the platform. */
export const statsRoutes: FastifyPluginAsyncZod<{ stats: StatsService; auth: Auth }> = async (app, { stats, auth }) => {
  app.get(
    '/api/creator/stats',
    {
      config: { access: 'user' },
      schema: { tags: ['stats'], summary: "The signed-in creator's totals, daily series, toys and releases", querystring: StatsQuerySchema, response: { 200: CreatorStatsSchema } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, auth);
      reply.header('cache-control', PRIVATE);
      return stats.creator(viewer, request.query.days);
    },
  );

  app.get(
    '/api/glyphs/:id/stats',
    {
      config: { access: 'user' },
      schema: {
        tags: ['stats'],
        summary: "One glyph's totals, daily series and releases (its creator and admins)",
        params: z.object({ id: z.string().max(200) }),
        querystring: StatsQuerySchema,
        response: { 200: GlyphStatsSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, auth);
      reply.header('cache-control', PRIVATE);
      return stats.glyph(viewer, request.params.id, request.query.days);
    },
  );

  app.get(
    '/api/admin/stats/series',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Sign-ups, uploads, views, downloads and reports per UTC day', querystring: StatsQuerySchema, response: { 200: AdminStatsSeriesSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return stats.platform(request.query.days);
    },
  );
};
