import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMMENTS_PAGE_SIZE,
  COMMUNITY_MSG,
  CommentInputSchema,
  CommentPageSchema,
  CommentSchema,
  CreateReportInputSchema,
  DigestSettingsSchema,
  FOLLOWING_PAGE_SIZE,
  FollowStateSchema,
  FollowingPageSchema,
  MarkReadInputSchema,
  NOTIFICATIONS_PAGE_SIZE,
  NotificationPageSchema,
  ReportQueueSchema,
  ReportSchema,
  ResolveReportInputSchema,
  VoteStateSchema,
} from '@glyphary/shared';
import type { FastifyBaseLogger } from 'fastify';
import { getViewer, requireViewer } from '../../plugins/access.ts';
import type { Auth } from '../auth/auth.ts';
import { toComment, toFollowingEntry, toNotification, toReport, toReportGroup, toTargetSummary } from './community.presenter.ts';
import type { CommentsService } from './comments.service.ts';
import type { CommunityService } from './community.service.ts';
import type { ReportsService } from './reports.service.ts';

const IdParams = z.object({ id: z.string().max(200) });
const pageQuery = (defaultLimit: number) =>
  z.object({
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .default(defaultLimit)
      .transform((v) => Math.min(v, 100)),
    cursor: z.string().max(500, 'Invalid cursor').optional(),
  });
const Success = z.object({ success: z.literal(true) });

export interface CommunityRoutesOptions {
  auth: Auth;
  reports: ReportsService;
  comments: CommentsService;
  community: CommunityService;
}

function logAction(log: FastifyBaseLogger, actorId: string, action: string, targetType: string, targetId: string) {
  // SECURITY "Errors and logs": every admin action is logged with actor, target and time.
  log.info({ actor: actorId, action, targetType, targetId }, 'admin action');
}

/** Issue 19 routes: reports and the moderation queue, comments, follows, notifications, request votes. */
export const communityRoutes: FastifyPluginAsyncZod<CommunityRoutesOptions> = async (app, { auth, reports, comments, community }) => {
  const user = { access: 'user' as const };
  const admin = { access: 'admin' as const };
  const pub = { access: 'public' as const };

  // ── reports and moderation ──
  app.post(
    '/api/reports',
    { config: user, schema: { tags: ['community'], body: CreateReportInputSchema, response: { 200: z.object({ success: z.literal(true), report: ReportSchema }) } } },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      return { success: true as const, report: toReport(await reports.report(viewer, request.body)) };
    },
  );

  app.get(
    '/api/admin/reports',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        querystring: z.object({ status: z.enum(['open', 'resolved'], { error: 'status must be open or resolved' }).default('open') }),
        response: { 200: ReportQueueSchema },
      },
    },
    async (request) => {
      const groups = await reports.queue(request.query.status);
      return { groups: groups.map(toReportGroup), total: groups.length };
    },
  );

  app.post(
    '/api/admin/reports/:id/resolve',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: ResolveReportInputSchema,
        response: { 200: z.object({ success: z.literal(true), report: ReportSchema, target: toTargetSummarySchema() }) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      const { report, target } = await reports.resolve(viewer, request.params.id, request.body);
      logAction(request.log, viewer.id, `moderation.${request.body.action}`, report.targetType, report.targetId);
      return { success: true as const, report: toReport(report), target: toTargetSummary(target) };
    },
  );

  // ── comments ──
  app.get(
    '/api/glyphs/:id/comments',
    { config: pub, schema: { tags: ['community'], params: IdParams, querystring: pageQuery(COMMENTS_PAGE_SIZE), response: { 200: CommentPageSchema } } },
    async (request) => {
      const { glyph, rows, nextCursor } = await comments.list(request.params.id, request.query.limit, request.query.cursor);
      return { comments: rows.map(toComment), nextCursor, commentsEnabled: glyph.commentsEnabled, glyphCreatorId: glyph.creatorId };
    },
  );

  app.post(
    '/api/glyphs/:id/comments',
    { config: user, schema: { tags: ['community'], params: IdParams, body: CommentInputSchema, response: { 200: z.object({ success: z.literal(true), comment: CommentSchema }) } } },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      return { success: true as const, comment: toComment(await comments.create(viewer, request.params.id, request.body.body)) };
    },
  );

  app.put(
    '/api/glyphs/:id/comment-settings',
    {
      config: { ...user, authorize: async (request, viewer) => comments.assertGlyphCreator(viewer, (request.params as { id?: string }).id ?? '') },
      schema: {
        tags: ['community'],
        params: IdParams,
        body: z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) }),
        response: { 200: z.object({ success: z.literal(true), commentsEnabled: z.boolean() }) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      return { success: true as const, commentsEnabled: await comments.setEnabled(viewer, request.params.id, request.body.enabled) };
    },
  );

  app.put(
    '/api/comments/:id',
    {
      config: { ...user, authorize: async (request, viewer) => comments.assertAuthor(viewer, (request.params as { id?: string }).id ?? '') },
      schema: { tags: ['community'], params: IdParams, body: CommentInputSchema, response: { 200: z.object({ success: z.literal(true), comment: CommentSchema }) } } },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      return { success: true as const, comment: toComment(await comments.update(viewer, request.params.id, request.body.body)) };
    },
  );

  app.delete('/api/comments/:id', { config: user, schema: { tags: ['community'], params: IdParams, response: { 200: Success } } }, async (request) => {
    const viewer = await requireViewer(request, auth);
    await comments.remove(viewer, request.params.id);
    return { success: true as const };
  });

  // ── follows and the Following feed ──
  app.get('/api/users/:id/follow', { config: pub, schema: { tags: ['community'], params: IdParams, response: { 200: FollowStateSchema } } }, async (request) =>
    community.followState(await getViewer(request, auth), request.params.id),
  );
  app.post('/api/users/:id/follow', { config: user, schema: { tags: ['community'], params: IdParams, response: { 200: FollowStateSchema } } }, async (request) =>
    community.follow(await requireViewer(request, auth), request.params.id, true),
  );
  app.delete('/api/users/:id/follow', { config: user, schema: { tags: ['community'], params: IdParams, response: { 200: FollowStateSchema } } }, async (request) =>
    community.follow(await requireViewer(request, auth), request.params.id, false),
  );

  app.get(
    '/api/following',
    {
      config: user,
      schema: {
        tags: ['community'],
        summary: "Followed creators' new glyphs and new releases, newest first",
        querystring: pageQuery(FOLLOWING_PAGE_SIZE),
        response: { 200: FollowingPageSchema },
      },
    },
    async (request) => {
      const { items, nextCursor } = await community.feed(await requireViewer(request, auth), request.query.limit, request.query.cursor);
      return { entries: items.map(toFollowingEntry), nextCursor };
    },
  );

  // ── notifications ──
  app.get(
    '/api/notifications',
    { config: user, schema: { tags: ['community'], querystring: pageQuery(NOTIFICATIONS_PAGE_SIZE), response: { 200: NotificationPageSchema } } },
    async (request) => {
      const result = await community.listNotifications(await requireViewer(request, auth), request.query.limit, request.query.cursor);
      return { notifications: result.items.map(toNotification), unread: result.unread, nextCursor: result.nextCursor };
    },
  );

  app.post(
    '/api/notifications/read',
    { config: user, schema: { tags: ['community'], body: MarkReadInputSchema, response: { 200: z.object({ success: z.literal(true), unread: z.number().int() }) } } },
    async (request) => {
      const { unread } = await community.markRead(await requireViewer(request, auth), request.body);
      return { success: true as const, unread };
    },
  );

  app.get('/api/notifications/settings', { config: user, schema: { tags: ['community'], response: { 200: DigestSettingsSchema } } }, async (request) => ({
    digestEmail: await community.getDigest(await requireViewer(request, auth)),
  }));
  app.put(
    '/api/notifications/settings',
    { config: user, schema: { tags: ['community'], body: DigestSettingsSchema, response: { 200: DigestSettingsSchema } } },
    async (request) => ({ digestEmail: await community.setDigest(await requireViewer(request, auth), request.body.digestEmail) }),
  );

  // One-click unsubscribe from the digest email: the signed link is the credential (no session needed).
  const unsubscribe = {
    config: pub,
    schema: { tags: ['community'], querystring: z.object({ u: z.string().max(64).default(''), t: z.string().max(100).default('') }) },
  };
  const handleUnsubscribe = async (request: { query: { u: string; t: string } }) => {
    await community.unsubscribe(request.query.u, request.query.t);
    return { success: true as const, message: COMMUNITY_MSG.unsubscribeDone };
  };
  app.get('/api/notifications/unsubscribe', unsubscribe, handleUnsubscribe);
  app.post('/api/notifications/unsubscribe', unsubscribe, handleUnsubscribe);

  // ── request votes and the stale-request clock ──
  app.post('/api/glyph-requests/:id/vote', { config: user, schema: { tags: ['requests'], params: IdParams, response: { 200: VoteStateSchema } } }, async (request) =>
    community.vote(await requireViewer(request, auth), request.params.id, true),
  );
  app.delete('/api/glyph-requests/:id/vote', { config: user, schema: { tags: ['requests'], params: IdParams, response: { 200: VoteStateSchema } } }, async (request) =>
    community.vote(await requireViewer(request, auth), request.params.id, false),
  );
  app.get(
    '/api/request-votes',
    {
      config: user,
      schema: {
        tags: ['requests'],
        querystring: z.object({ ids: z.string().max(4000, 'Too many ids').default('') }),
        response: { 200: z.object({ voted: z.array(z.string()) }) },
      },
    },
    async (request) => {
      const ids = request.query.ids.split(',').filter((id) => /^[0-9a-f-]{36}$/i.test(id)).slice(0, 100);
      return { voted: [...(await community.votedAmong(await requireViewer(request, auth), ids))] };
    },
  );
  app.post('/api/glyph-requests/:id/still-working', { config: user, schema: { tags: ['requests'], params: IdParams, response: { 200: Success } } }, async (request) => {
    await community.stillWorking(await requireViewer(request, auth), request.params.id);
    return { success: true as const };
  });
};

function toTargetSummarySchema() {
  return ReportQueueSchema.shape.groups.element.shape.target;
}
