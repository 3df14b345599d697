import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG } from '@glyphary/shared';
import { notFound } from '../../lib/errors.ts';
import { getViewer } from '../../plugins/access.ts';
import type { Auth } from '../auth/auth.ts';
import type { ReleasesService } from '../releases/releases.service.ts';
import { APK_FILE } from './fdroid.index.ts';
import type { FdroidService, RepoSnapshot } from './fdroid.service.ts';
import type { RepoKey } from './fdroid.keys.ts';

const INDEX_FILES = ['entry.jar', 'entry.json', 'index-v2.json', 'index-v1.jar', 'index-v1.json'] as const;
const IMAGE_DIRS = /^(images|icons|icons-\d{3})$/;
const IMAGE_NAME = /^[A-Za-z0-9-]{1,80}\.(png|jpe?g|gif|webp)$/;

export const RepositoryInfoSchema = z.object({
  address: z.string(),
  fingerprint: z.string(),
  addUrl: z.string(),
  shareUrl: z.string(),
});

/** The repository's own addresses: what the Install page shows and an F-Droid client opens. */
export function repositoryInfo(publicUrl: string, fingerprint: string) {
  const address = `${publicUrl}/fdroid/repo`;
  const url = new URL(address);
  return {
    address,
    fingerprint,
    // fdroidrepos:// (https) or fdroidrepo:// (http) opens "add repository" in F-Droid and Droid-ify.
    addUrl: `${url.protocol === 'https:' ? 'fdroidrepos' : 'fdroidrepo'}://${url.host}${url.pathname}?fingerprint=${fingerprint}`,
    shareUrl: `${address}?fingerprint=${fingerprint}`,
  };
}

/** The F-Droid repository (issue 49): public, outside /api because clients address it as a directory. */
export const fdroidRoutes: FastifyPluginAsyncZod<{
  fdroid: FdroidService;
  key: () => Promise<RepoKey>;
  publicUrl: string;
  releases: ReleasesService;
  auth: Auth;
  actorOf: (input: { userId: string | null; ip: string }) => string;
  onDownload?: (glyphId: string) => void;
}> = async (app, { fdroid, key, publicUrl, releases, auth, actorOf, onDownload }) => {
  function send(request: FastifyRequest, reply: FastifyReply, snapshot: RepoSnapshot, name: (typeof INDEX_FILES)[number]) {
    const served = snapshot.files[name];
    // Clients poll with If-None-Match; an unchanged index costs them one small answer.
    void reply.header('etag', served.etag).header('cache-control', 'public, no-cache').header('last-modified', new Date(snapshot.timestamp).toUTCString());
    if (request.headers['if-none-match'] === served.etag) return reply.code(304).send();
    return reply.type(served.type).send(served.body);
  }

  for (const name of INDEX_FILES) {
    app.get(`/fdroid/repo/${name}`, { config: { access: 'public' }, schema: { tags: ['fdroid'], summary: `The F-Droid repository's ${name}` } }, async (request, reply) =>
      send(request, reply, await fdroid.snapshot(), name),
    );
  }

  // A person who opens the repository's address (or its share link) in a browser lands on the Install page.
  for (const path of ['/fdroid', '/fdroid/repo']) {
    app.get(path, { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => reply.redirect('/install', 302));
  }

  app.get(
    '/fdroid/repo/:file',
    {
      config: { access: 'public' },
      schema: { tags: ['fdroid'], summary: 'A listed APK (`<package>_<versionCode>.apk`): counted as a download once per actor, then redirected to the file', params: z.object({ file: z.string().max(300) }) },
    },
    async (request, reply) => {
      const listed = APK_FILE.test(request.params.file) ? (await fdroid.snapshot()).apks.get(request.params.file) : undefined;
      if (!listed) throw notFound(MSG.notFound);
      const viewer = await getViewer(request, auth);
      const userId = viewer?.id ?? null;
      const result = await releases.recordDownload(listed.glyphId, listed.releaseId, { actor: actorOf({ userId, ip: request.ip }), userId }, 'repository');
      if (result.counted) onDownload?.(result.glyphId);
      return reply.header('cache-control', 'no-store').redirect(listed.apkUrl, 302);
    },
  );

  app.get(
    '/fdroid/repo/:dir/:name',
    {
      config: { access: 'public' },
      schema: { tags: ['fdroid'], summary: "A toy's icon or screenshot, as the index names it", params: z.object({ dir: z.string().max(20), name: z.string().max(200) }) },
    },
    async (request, reply) => {
      const { dir, name } = request.params;
      if (!IMAGE_DIRS.test(dir) || !IMAGE_NAME.test(name) || !(await fdroid.snapshot()).images.has(name)) throw notFound(MSG.notFound);
      return reply.header('cache-control', 'public, max-age=3600').redirect(`/api/files/images/${name}`, 302);
    },
  );

  app.get(
    '/api/fdroid',
    {
      config: { access: 'public' },
      schema: { tags: ['fdroid'], summary: "The F-Droid repository's address and signing-key fingerprint", response: { 200: z.object({ repository: RepositoryInfoSchema }) } },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return { repository: repositoryInfo(publicUrl, (await key()).fingerprint) };
    },
  );
};
