import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { need } from '../../context.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { createAdminRepository } from './admin.repository.ts';
import { createAdminService } from './admin.service.ts';
import { adminRoutes } from './admin.routes.ts';

/** The admin panel: stats (cached 5 s), users, glyph moderation; glyph deletes go through the glyph service. */
export default fp(
  async function adminModule(app: FastifyInstance) {
    const { database, clock, normalizeImageUrl, caches, auth } = app.glyphary;
    const admin = createAdminService({
      admin: createAdminRepository(database.db, database.kind),
      audit: createAuditRepository(database.db),
      glyphs: need(app, 'glyphs'),
      clock,
      normalizeImageUrl,
      statsCache: caches.adminStats,
      onChange: caches.publicReads.contentChanged,
    });
    await app.register(adminRoutes, { admin, auth });
  },
  { name: 'admin-module' },
);
