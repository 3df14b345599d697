import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeedsService } from './feeds.service.ts';

const ATOM = 'application/atom+xml; charset=utf-8';
// Feed readers poll; a minute of shared caching spares the database and is fresh enough.
const CACHE = 'public, max-age=60';

/** Atom feeds (issue 18): outside /api because readers subscribe to the pages' own addresses. */
export const feedsRoutes: FastifyPluginAsyncZod<{ feeds: FeedsService }> = async (app, { feeds }) => {
  app.get(
    '/glyph/:id/releases.atom',
    { config: { access: 'public' }, schema: { tags: ['feeds'], summary: "A glyph's releases (Atom)", params: z.object({ id: z.string().max(200) }) } },
    async (request, reply) => reply.type(ATOM).header('cache-control', CACHE).send(await feeds.glyphReleases(request.params.id)),
  );
  app.get(
    '/storefront/:username/feed.atom',
    { config: { access: 'public' }, schema: { tags: ['feeds'], summary: "A creator's glyphs (Atom)", params: z.object({ username: z.string().max(200) }) } },
    async (request, reply) => reply.type(ATOM).header('cache-control', CACHE).send(await feeds.storefront(request.params.username)),
  );
  app.get(
    '/feeds/latest.atom',
    { config: { access: 'public' }, schema: { tags: ['feeds'], summary: 'The newest glyphs (Atom)' } },
    async (_request, reply) => reply.type(ATOM).header('cache-control', CACHE).send(await feeds.latest()),
  );
};
