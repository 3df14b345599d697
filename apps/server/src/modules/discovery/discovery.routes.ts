import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GetGlyphsQuerySchema,
  GlyphIdBodySchema,
  GlyphListSchema,
  LikeResultSchema,
  LikeStatusQuerySchema,
  LikeStatusSchema,
  RecordDownloadResultSchema,
  RecordViewResultSchema,
  UserLikesQuerySchema,
  UserLikesSchema,
  UserStatsSchema,
  PRODUCT_NAME,
  pluralize,
} from '@glyphary/shared';
import { getViewer, requireViewer } from '../../plugins/access.ts';
import type { Auth } from '../auth/auth.ts';
import type { UsersService } from '../users/users.service.ts';
import type { MetaResolver } from '../web/page-meta.ts';
import { prepareJson, schemaSerializer, sendPrepared, type ReadCache } from '../../lib/response-cache.ts';
import { toGlyphList, toUserLikes } from './discovery.presenter.ts';
import { clampLimit, type Caller, type DiscoveryService } from './discovery.service.ts';

const LIMIT_AT_LEAST_ONE = 'limit must be at least 1';
const ListQuery = GetGlyphsQuerySchema.extend({
  limit: GetGlyphsQuerySchema.shape.limit.refine((v) => v === undefined || v >= 1, LIMIT_AT_LEAST_ONE),
});
const LikesQuery = UserLikesQuerySchema.extend({
  limit: UserLikesQuerySchema.shape.limit.refine((v) => v === undefined || v >= 1, LIMIT_AT_LEAST_ONE),
});

/**
 * Discovery and engagement routes of spec §7: get-glyphs, record-view, record-download,
 * toggle-like, check-like-status, get-user-likes, plus the storefront totals (get-user-stats).
 */
export const discoveryRoutes: FastifyPluginAsyncZod<{
  discovery: DiscoveryService;
  auth: Auth;
  /** The public read cache: this module's keys and what a count change forgets live here. */
  readCache: ReadCache;
}> = async (app, { discovery, auth, readCache }) => {
  const serializeList = schemaSerializer(GlyphListSchema);
  const serializeStats = schemaSerializer(UserStatsSchema);
  // Lists without a term; search pages (terms are unbounded and a page may hold 100 glyphs, so fewer);
  // storefront totals. Content writes empty them all; counts are this module's call below.
  const lists = readCache.namespace({ maxEntries: 2000 });
  const searches = readCache.namespace({ maxEntries: 200 });
  const creatorStats = readCache.namespace({ maxEntries: 2000 });
  // A busy glyph's views never empty lists and searches (counts may lag ≤ 1 s, DESIGN §5); likes and
  // downloads change the storefront totals, which show them at once.
  readCache.onCountChange((_glyphId, counter) => {
    if (counter !== 'views') creatorStats.clear();
  });

  async function callerOf(request: Parameters<typeof getViewer>[0]): Promise<Caller> {
    const viewer = await getViewer(request, auth);
    // request.ip is the socket address, or X-Forwarded-For only when TRUST_PROXY is set (SECURITY).
    return { userId: viewer?.id ?? null, isAdmin: viewer?.isAdmin ?? false, ip: request.ip };
  }

  app.get(
    '/api/get-glyphs',
    {
      config: { access: 'public' },
      schema: { tags: ['discovery'], querystring: ListQuery, response: { 200: GlyphListSchema } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const query = request.query;
      // The answer depends on the caller only through the limit clamp, so the key is the effective
      // query and everyone shares it. Searches have their own, smaller cache.
      const term = query.search?.trim() ?? '';
      const cache = term ? searches : lists;
      const key = JSON.stringify([
        query.sort ?? '',
        clampLimit(query.limit, caller.isAdmin),
        query.creator_id?.trim() ?? '',
        query.cursor ?? '',
        term,
        // Filters are normalised by the schema, so equal filters share an entry.
        query.has ?? '',
        query.tags ?? [],
        query.device ?? '',
        // Issue 50 code filters.
        query.without ?? [],
      ]);
      const prepared = await cache.get(key, async () => {
        const page = await discovery.listGlyphs(query, caller);
        return prepareJson(serializeList(toGlyphList(page)));
      });
      // A signed-in caller (an admin's larger clamp) gets `private`: shared caches never reuse it for others.
      return sendPrepared(request, reply, prepared, caller.userId ? 'private, no-cache' : 'public, no-cache');
    },
  );

  app.post(
    '/api/record-view',
    {
      config: { access: 'public' },
      schema: { tags: ['discovery'], body: GlyphIdBodySchema, response: { 200: RecordViewResultSchema } },
    },
    async (request) => {
      const result = await discovery.recordView(request.body.glyphId, await callerOf(request));
      return { success: true as const, recorded: true as const, ...result };
    },
  );

  app.post(
    '/api/record-download',
    {
      config: { access: 'public' },
      schema: { tags: ['discovery'], body: GlyphIdBodySchema, response: { 200: RecordDownloadResultSchema } },
    },
    async (request) => {
      const result = await discovery.recordDownload(request.body.glyphId, await callerOf(request));
      return { success: true as const, recorded: true as const, ...result };
    },
  );

  app.post(
    '/api/toggle-like',
    {
      config: { access: 'user' },
      schema: { tags: ['discovery'], body: GlyphIdBodySchema, response: { 200: LikeResultSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      return discovery.toggleLike(viewer.id, request.body.glyphId);
    },
  );

  app.get(
    '/api/check-like-status',
    {
      config: { access: 'user' },
      schema: { tags: ['discovery'], querystring: LikeStatusQuerySchema, response: { 200: LikeStatusSchema } },
    },
    async (request) => {
      // Only the caller's own like is ever reported; a userId parameter is dropped by the schema.
      const viewer = await requireViewer(request, auth);
      return discovery.likeStatus(viewer.id, request.query.glyphId);
    },
  );

  app.get(
    '/api/get-user-likes',
    {
      config: { access: 'user' },
      schema: { tags: ['discovery'], querystring: LikesQuery, response: { 200: UserLikesSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      const page = await discovery.likedGlyphs(viewer.id, { ...request.query, isAdmin: viewer.isAdmin });
      return toUserLikes(page);
    },
  );

  app.get(
    '/api/get-user-stats/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['discovery'], params: z.object({ id: z.string().max(200) }), response: { 200: UserStatsSchema } },
    },
    async (request, reply) => {
      const id = request.params.id;
      const prepared = await creatorStats.get(id, async () => prepareJson(serializeStats(await discovery.creatorStats(id))));
      return sendPrepared(request, reply, prepared, 'public, no-cache');
    },
  );
};

const STOREFRONT_PAGE = /^\/storefront\/([^/]+)\/?$/;

/** Open Graph / Twitter metadata for `/storefront/{username}` so shared storefront links preview. */
export function createStorefrontMetaResolver(deps: { users: UsersService; discovery: DiscoveryService }): MetaResolver {
  return async (pathname) => {
    const match = STOREFRONT_PAGE.exec(pathname);
    if (!match?.[1]) return null;
    let username: string;
    try {
      username = decodeURIComponent(match[1]);
    } catch {
      return null;
    }
    if (!/^[A-Za-z0-9_]{1,30}$/.test(username)) return null;
    const user = await deps.users.getByUsername(username).catch((error: unknown) => {
      if ((error as { statusCode?: number }).statusCode === 404) return null; // unknown: default meta
      throw error;
    });
    if (!user) return null;
    const totals = await deps.discovery.creatorStats(user.id);
    const summary = `${pluralize(totals.glyphs, 'Glyph Toy')} by @${user.username} on ${PRODUCT_NAME}.`;
    const bio = user.bio.replace(/\s+/g, ' ').trim();
    return {
      title: `${user.name} (@${user.username}) — ${PRODUCT_NAME}`,
      description: (bio ? `${bio} — ${summary}` : summary).slice(0, 200),
      image: user.image ?? null,
      type: 'profile',
      // Issue 18: the creator's glyphs feed.
      feeds: [{ title: `@${user.username} on ${PRODUCT_NAME}`, href: `/storefront/${user.username}/feed.atom` }],
    };
  };
}
