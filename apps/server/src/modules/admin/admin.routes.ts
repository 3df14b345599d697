import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_LIST_LIMIT,
  AddAdminInputSchema,
  AdminQueueCountsSchema,
  AdminStatsSchema,
  AuditEntrySchema,
  UpdateUserInputSchema,
  UserProfileSchema,
} from '@glyphary/shared';
import type { FastifyBaseLogger } from 'fastify';
import { requireViewer, type Viewer } from '../../plugins/access.ts';
import type { Auth } from '../auth/auth.ts';
import { toAdminStats, toAdminUser, toAuditEntry } from './admin.presenter.ts';
import type { AdminService, RoleChange } from './admin.service.ts';

const AUDIT_PAGE_SIZE = 50;

/** `limit` is clamped to the admin maximum (SECURITY "Input bounds"); `offset` ≥ 0. */
const pageQuery = (defaultLimit: number) =>
  z.object({
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .default(defaultLimit)
      .transform((v) => Math.min(v, ADMIN_LIST_LIMIT)),
    offset: z.coerce
      .number({ error: 'offset must be a number' })
      .int('offset must be a whole number')
      .min(0, 'offset must be 0 or more')
      .default(0),
  });

const UsersQuery = pageQuery(ADMIN_LIST_LIMIT).extend({
  role: z.enum(['all', 'admin'], { error: 'role must be all or admin' }).default('all'),
});
const IdParams = z.object({ id: z.string().max(200) });
const RoleChangeResponse = z.object({ success: z.literal(true), changed: z.boolean(), user: UserProfileSchema });
const Success = z.object({ success: z.literal(true) });

function logAction(
  log: FastifyBaseLogger,
  viewer: Viewer,
  action: string,
  target: { type: string; id: string | null },
  detail?: unknown,
) {
  // SECURITY "Errors and logs": every admin action is logged with actor, target and time.
  log.info({ actor: viewer.id, action, targetType: target.type, targetId: target.id, detail }, 'admin action');
}

function presentRoleChange(change: RoleChange) {
  return { success: true as const, changed: change.changed, user: toAdminUser(change.user) };
}

/** Admin routes of spec §7 (stats, users, roles, glyph delete) plus the audit log (issue 7). */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService; auth: Auth }> = async (app, { admin, auth }) => {
  const adminOnly = { access: 'admin' as const };

  app.get('/api/admin/stats', { config: adminOnly, schema: { tags: ['admin'], response: { 200: AdminStatsSchema } } }, async () =>
    toAdminStats(await admin.stats()),
  );

  app.get(
    '/api/admin/queue-counts',
    { config: adminOnly, schema: { tags: ['admin'], summary: 'What waits for an admin: open reported items, releases held for review', response: { 200: AdminQueueCountsSchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return admin.queueCounts();
    },
  );

  app.get(
    '/api/admin/users',
    {
      config: adminOnly,
      schema: {
        tags: ['admin'],
        querystring: UsersQuery,
        response: { 200: z.object({ users: z.array(UserProfileSchema), total: z.number().int(), hasMore: z.boolean() }) },
      },
    },
    async (request) => {
      const { limit, offset, role } = request.query;
      const { rows, total } = await admin.listUsers({ limit, offset, adminsOnly: role === 'admin' });
      return { users: rows.map(toAdminUser), total, hasMore: offset + rows.length < total };
    },
  );

  app.put(
    '/api/admin/users/:id',
    {
      config: { ...adminOnly, authorize: async (request, viewer) => admin.assertCanEditUser(viewer, (request.params as { id?: string }).id ?? '') },
      schema: {
        tags: ['admin'],
        params: IdParams,
        // Allow-listed profile fields only: email, roles and counters are dropped (DESIGN §3).
        body: UpdateUserInputSchema,
        response: { 200: z.object({ success: z.literal(true), user: UserProfileSchema }) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      const { user, fields } = await admin.updateUser(viewer, request.params.id, request.body);
      if (fields.length > 0) logAction(request.log, viewer, 'user.update', { type: 'user', id: user.id }, fields);
      return { success: true as const, user: toAdminUser(user) };
    },
  );

  app.post(
    '/api/admin/make-admin/:id',
    { config: adminOnly, schema: { tags: ['admin'], params: IdParams, response: { 200: RoleChangeResponse } } },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      const change = await admin.makeAdmin(viewer, request.params.id);
      if (change.changed) logAction(request.log, viewer, 'user.make_admin', { type: 'user', id: change.user.id });
      return presentRoleChange(change);
    },
  );

  app.post(
    '/api/admin/add-admin',
    { config: adminOnly, schema: { tags: ['admin'], body: AddAdminInputSchema, response: { 200: RoleChangeResponse } } },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      const change = await admin.addAdmin(viewer, request.body.email);
      if (change.changed) logAction(request.log, viewer, 'user.make_admin', { type: 'user', id: change.user.id }, 'add-admin');
      return presentRoleChange(change);
    },
  );

  app.post(
    '/api/admin/remove-admin/:id',
    { config: { ...adminOnly, authorize: async (_request, viewer) => admin.assertCanRemoveAdmins(viewer) }, schema: { tags: ['admin'], params: IdParams, response: { 200: RoleChangeResponse } } },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      const change = await admin.removeAdmin(viewer, request.params.id);
      if (change.changed) logAction(request.log, viewer, 'user.remove_admin', { type: 'user', id: change.user.id });
      return presentRoleChange(change);
    },
  );

  app.delete(
    '/api/admin/glyphs/:id',
    { config: adminOnly, schema: { tags: ['admin'], params: IdParams, response: { 200: Success } } },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      await admin.deleteGlyph(viewer, request.params.id);
      logAction(request.log, viewer, 'glyph.delete', { type: 'glyph', id: request.params.id });
      return { success: true as const };
    },
  );

  app.get(
    '/api/admin/audit',
    {
      config: adminOnly,
      schema: {
        tags: ['admin'],
        querystring: pageQuery(AUDIT_PAGE_SIZE),
        response: { 200: z.object({ entries: z.array(AuditEntrySchema), total: z.number().int(), hasMore: z.boolean() }) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { rows, total } = await admin.auditLog(limit, offset);
      return { entries: rows.map(toAuditEntry), total, hasMore: offset + rows.length < total };
    },
  );
};
