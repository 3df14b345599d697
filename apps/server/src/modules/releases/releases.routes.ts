import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DecideReleaseInputSchema,
  decisionNoteOf,
  HeldReleasesSchema,
  MSG,
  PendingReleasesSchema,
  PublishReleaseInputSchema,
  PublishReleaseResultSchema,
  ReleaseListSchema,
  ReleaseWithStateSchema,
} from '@glyphary/shared';
import { getViewer, requireViewer } from '../../plugins/access.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { signerList } from './apk-facts.ts';
import { toRelease, toReleaseWithState } from './releases.presenter.ts';
import type { ReleasesService } from './releases.service.ts';

const GlyphParams = z.object({ id: z.string().max(200) });
const ReleaseParams = z.object({ id: z.string().max(200), releaseId: z.string().max(200) });
const AdminReleaseParams = z.object({ id: z.string().max(200) });
const DownloadResult = z.object({ success: z.literal(true), counted: z.boolean(), downloads: z.number().int() });
const Decided = z.object({ success: z.literal(true), release: ReleaseWithStateSchema });

/** Releases routes (issue 18): history, publishing, the latest-APK link, signer-change approval. */
export const releasesRoutes: FastifyPluginAsyncZod<{
  releases: ReleasesService;
  auth: Auth;
  /** The counting actor of a request (DESIGN §4.1): `u:<id>` or the keyed hash of the trusted IP. */
  actorOf: (input: { userId: string | null; ip: string }) => string;
  /** A release download moved the glyph's counter: forget what shows it. */
  onDownload?: (glyphId: string) => void;
}> = async (app, { releases, auth, actorOf, onDownload }) => {
  async function actorFor(request: Parameters<typeof getViewer>[0]) {
    const viewer = await getViewer(request, auth);
    const userId = viewer?.id ?? null;
    return { actor: actorOf({ userId, ip: request.ip }), userId };
  }

  app.get(
    '/api/glyphs/:id/releases',
    {
      config: { access: 'public' },
      schema: { tags: ['releases'], summary: "A glyph's published releases, newest first", params: GlyphParams, response: { 200: ReleaseListSchema } },
    },
    async (request, reply) => {
      const rows = await releases.list(request.params.id);
      void reply.header('cache-control', 'public, no-cache');
      return { releases: rows.map(toRelease) };
    },
  );

  app.post(
    '/api/glyphs/:id/releases',
    {
      config: { access: 'user' },
      // Who may publish is decided before the body is validated (401/403/404 before 400).
      preValidation: async (request) => {
        const viewer = await getViewer(request, auth);
        if (!viewer) throw unauthorized(MSG.unauthorized);
        await releases.checkPublisher(viewer, (request.params as { id: string }).id);
      },
      schema: {
        tags: ['releases'],
        summary: 'Publish an update (the creator; an APK the caller uploaded). A signing key change is held for an admin (202)',
        params: GlyphParams,
        body: PublishReleaseInputSchema,
        response: { 200: PublishReleaseResultSchema, 202: PublishReleaseResultSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, auth);
      const { release, held } = await releases.publish(viewer, request.params.id, request.body);
      if (held) {
        void reply.code(202);
        return { success: true as const, release: toReleaseWithState(release), message: MSG.releaseSignerChangedHeld };
      }
      return { success: true as const, release: toReleaseWithState(release) };
    },
  );

  app.get(
    '/api/glyphs/:id/releases/held',
    {
      config: { access: 'user' },
      schema: {
        tags: ['releases'],
        summary: "The creator's releases of this glyph held for an admin's review of a signing key change",
        params: GlyphParams,
        response: { 200: HeldReleasesSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, auth);
      const rows = await releases.listHeld(viewer, request.params.id);
      void reply.header('cache-control', 'private, no-store');
      return { releases: rows.map((row) => ({ ...toReleaseWithState(row), note: row.note })) };
    },
  );

  app.get(
    '/api/glyphs/:id/latest.apk',
    {
      config: { access: 'public' },
      schema: {
        tags: ['releases'],
        summary: "The newest release's APK (a stable link for updaters); counted as a download, then redirected to the file",
        params: GlyphParams,
      },
    },
    async (request, reply) => {
      const release = await releases.latest(request.params.id);
      const result = await releases.recordDownload(request.params.id, release.id, await actorFor(request), 'latest');
      if (result.counted) onDownload?.(result.glyphId);
      return reply.header('cache-control', 'no-store').redirect(release.apkUrl, 302);
    },
  );

  app.post(
    '/api/glyphs/:id/releases/:releaseId/record-download',
    {
      config: { access: 'public' },
      schema: { tags: ['releases'], summary: 'Count a download of one release (once per actor)', params: ReleaseParams, response: { 200: DownloadResult } },
    },
    async (request) => {
      const result = await releases.recordDownload(request.params.id, request.params.releaseId, await actorFor(request), 'button');
      if (result.counted) onDownload?.(result.glyphId);
      return { success: true as const, counted: result.counted, downloads: result.downloads };
    },
  );

  app.get(
    '/api/admin/releases/pending',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin', 'releases'], summary: 'Releases held for a signing key change', response: { 200: PendingReleasesSchema } },
    },
    async () => {
      const rows = await releases.listPending();
      return {
        releases: rows.map((row) => ({
          ...toReleaseWithState(row),
          glyphTitle: row.glyphTitle,
          creatorUsername: row.creatorUsername,
          previousSignerSha256: signerList(row.previousSigner),
          note: row.note,
          addedPermissions: row.addedPermissions,
          removedPermissions: row.removedPermissions,
        })),
      };
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/admin/releases/:id/${decision}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin', 'releases'],
          summary: decision === 'approve' ? "Approve a held release's new signing key: it is published with a warning" : 'Reject a held release',
          params: AdminReleaseParams,
          body: DecideReleaseInputSchema,
          response: { 200: Decided },
        },
      },
      async (request) => {
        const viewer = await requireViewer(request, auth);
        const row = await releases.decide(viewer, request.params.id, decision, decisionNoteOf(request.body));
        request.log.info({ actor: viewer.id, action: `release.${decision}`, targetType: 'release', targetId: row.id }, 'admin action');
        return { success: true as const, release: toReleaseWithState(row) };
      },
    );
  }
};
