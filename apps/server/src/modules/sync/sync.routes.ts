import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, SyncInputSchema, SyncResultSchema, SyncStatusSchema } from '@glyphary/shared';
import { requireViewer } from '../../plugins/access.ts';
import type { Auth } from '../auth/auth.ts';
import { toSyncResult, toSyncStatus } from './sync.presenter.ts';
import type { SyncService } from './sync.service.ts';

// spec §7: `syncAll` or options; the one option is a single glyph.
const SyncBody = SyncInputSchema.superRefine((value, ctx) => {
  const all = value.syncAll === true;
  if (all && value.glyphId !== undefined) ctx.addIssue({ code: 'custom', message: MSG.syncInputBoth });
  else if (!all && value.glyphId === undefined) ctx.addIssue({ code: 'custom', message: MSG.syncInputRequired });
});

/** Count sync routes (spec §7): run it now, and read its status. */
export const syncRoutes: FastifyPluginAsyncZod<{ sync: SyncService; auth: Auth }> = async (app, { sync, auth }) => {
  app.post(
    '/api/admin/sync-glyph-counts',
    { config: { access: 'admin' }, schema: { tags: ['admin'], body: SyncBody, response: { 200: SyncResultSchema } } },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      const result = await sync.run({ glyphId: request.body.glyphId, actorId: viewer.id });
      request.log.info(
        {
          actor: viewer.id,
          action: 'sync.run',
          targetType: 'sync',
          targetId: request.body.glyphId ?? null,
          updated: result.updated,
        },
        'admin action',
      );
      return toSyncResult(result);
    },
  );

  app.get(
    '/api/admin/sync-status',
    { config: { access: 'admin' }, schema: { tags: ['admin'], response: { 200: SyncStatusSchema } } },
    async () => toSyncStatus(await sync.status()),
  );
};
