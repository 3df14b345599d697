import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { notifyFollowers } from '../community/notifications.repository.ts';
import { createApkFactsReader } from '../releases/apk-facts.ts';
import { createGlyphsRepository } from './glyphs.repository.ts';
import { createGlyphsService } from './glyphs.service.ts';
import { createGlyphMetaResolver, glyphsRoutes } from './glyphs.routes.ts';

/** Glyph pages and uploads. `app.glyphary.glyphs` is the one glyph service: admin deletes through it. */
export default fp(
  async function glyphsModule(app: FastifyInstance) {
    const { database, clock, normalizeImageUrl, auth } = app.glyphary;
    const readCache = app.glyphary.caches.publicReads;
    const glyphs = createGlyphsService({
      glyphs: createGlyphsRepository(database.db),
      clock,
      normalizeImageUrl,
      onChange: readCache.contentChanged,
      readApkFacts: createApkFactsReader(database.db),
      // Followers hear about a new glyph in the upload's own transaction, once each.
      afterInsert: (tx, glyph) =>
        notifyFollowers(tx, glyph.creatorId, 'new_glyph', `glyph:${glyph.id}:new`, { glyphId: glyph.id, title: glyph.title, actorUsername: glyph.creatorUsername }),
    });
    app.glyphary.glyphs = glyphs;
    app.glyphary.metaResolvers.push(createGlyphMetaResolver(glyphs));
    await app.register(glyphsRoutes, { glyphs, auth, readCache });
  },
  { name: 'glyphs-module' },
);
