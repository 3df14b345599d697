import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GlyphInputSchema, GlyphSchema, MSG, SuccessSchema } from '@glyphary/shared';
import { createBatchLoader } from '../../lib/batch-loader.ts';
import { notFound } from '../../lib/errors.ts';
import { requireViewer } from '../../plugins/access.ts';
import type { Auth } from '../auth/auth.ts';
import type { MetaResolver } from '../web/page-meta.ts';
import { prepareJson, schemaSerializer, sendPrepared, type ReadCache } from '../../lib/response-cache.ts';
import { animationOf, animationPreviewOf, toGlyph } from './glyphs.presenter.ts';
import type { GlyphsService } from './glyphs.service.ts';

const IdParams = z.object({ id: z.string() });
const GlyphResponse = z.object({ glyph: GlyphSchema });

/** The read-cache key of one glyph's detail (its count changes forget just this key). */
function glyphCacheKey(id: string): string {
  return id.toLowerCase();
}

/** spec §7 glyph calls: upload-glyph, get-glyph/{id}, update-glyph/{id}, delete-glyph/{id}. */
export const glyphsRoutes: FastifyPluginAsyncZod<{
  glyphs: GlyphsService;
  auth: Auth;
  /** The public read cache; content writes clear it through the service's onChange. */
  readCache: ReadCache;
}> = async (app, { glyphs, auth, readCache }) => {
  const serializeGlyph = schemaSerializer(GlyphResponse);
  // One entry per glyph page; a counter shows on its page at once (lists may lag ≤ 1 s, DESIGN §5). The
  // entries expire together, so the pages read again in one turn share one query.
  const details = readCache.namespace({ maxEntries: 2000, alignExpiry: true });
  const loadGlyph = createBatchLoader((ids: string[]) => glyphs.getGlyphs(ids), { maxBatch: 100 });
  readCache.onCountChange((glyphId) => details.delete(glyphCacheKey(glyphId)));

  app.post(
    '/api/upload-glyph',
    {
      config: { access: 'user' },
      schema: {
        tags: ['glyphs'],
        summary: 'Share a glyph (creator and counters come from the session)',
        body: GlyphInputSchema,
        response: { 200: z.object({ success: z.literal(true), id: z.string(), glyph: GlyphSchema }) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      const row = await glyphs.uploadGlyph(viewer, request.body);
      return { success: true as const, id: row.id, glyph: toGlyph(row) };
    },
  );

  app.get(
    '/api/get-glyph/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['glyphs'], summary: 'One glyph; a deleted glyph answers deleted:true', params: IdParams, response: { 200: GlyphResponse } },
    },
    async (request, reply) => {
      // The answer never depends on who asks, so every caller shares one entry per id.
      const id = request.params.id;
      const key = glyphCacheKey(id);
      const prepared = await details.get(key, async () => {
        const row = await loadGlyph(id);
        if (!row) throw notFound(MSG.glyphNotFound);
        return prepareJson(serializeGlyph({ glyph: toGlyph(row) }));
      });
      return sendPrepared(request, reply, prepared, 'public, no-cache');
    },
  );

  app.put(
    '/api/update-glyph/:id',
    {
      config: { access: 'user', authorize: async (request, viewer) => glyphs.assertCanEdit(viewer, (request.params as { id?: string }).id ?? '') },
      schema: {
        tags: ['glyphs'],
        summary: 'Edit a glyph (its creator only)',
        params: IdParams,
        body: GlyphInputSchema,
        response: { 200: z.object({ success: z.literal(true), glyph: GlyphSchema }) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      const row = await glyphs.updateGlyph(viewer, request.params.id, request.body);
      return { success: true as const, glyph: toGlyph(row) };
    },
  );

  app.delete(
    '/api/delete-glyph/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['glyphs'], summary: 'Delete a glyph (creator or admin; soft delete)', params: IdParams, response: { 200: SuccessSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      await glyphs.deleteGlyph(viewer, request.params.id);
      return { success: true as const };
    },
  );
};

const GLYPH_PAGE = /^\/glyph\/([^/]+)\/?$/;

/** Open Graph / Twitter metadata for `/glyph/{id}` (live glyphs only), so shared links preview. */
export function createGlyphMetaResolver(glyphs: GlyphsService): MetaResolver {
  return async (pathname) => {
    const match = GLYPH_PAGE.exec(pathname);
    if (!match?.[1]) return null;
    let id: string;
    try {
      id = decodeURIComponent(match[1]);
    } catch {
      return null;
    }
    const row = await glyphs.findLiveGlyph(id);
    if (!row) return null;
    // Issue 16: a glyph with an animation shares its animated preview (the still poster when it flashes),
    // and its poster is the page's largest paint.
    const animation = animationOf(row);
    return {
      title: row.title,
      description: row.description.replace(/\s+/g, ' ').trim().slice(0, 160),
      image: animationPreviewOf(row) ?? animation?.posterUrl ?? row.images[0] ?? null,
      type: 'article',
      // The gallery opens on the first image: the page's largest paint.
      preloadImage: animation?.posterUrl ?? row.images[0] ?? null,
      // Issue 18: the glyph's releases feed.
      feeds: [{ title: `${row.title} — releases`, href: `/glyph/${row.id}/releases.atom` }],
    };
  };
}
