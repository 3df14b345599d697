import fs from 'node:fs';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '@glyphary/shared';
import { need } from '../../context.ts';
import { actorOf } from '../discovery/discovery.actor.ts';
import { createFdroidRepository } from './fdroid.repository.ts';
import { createFdroidService } from './fdroid.service.ts';
import { fdroidRoutes } from './fdroid.routes.ts';
import { loadOrCreateRepoKey, type RepoKey } from './fdroid.keys.ts';

/** FDROID_REPO_KEY holds the PEM itself or names a file holding it. */
function configuredKey(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return value.includes('-----BEGIN') ? value : fs.readFileSync(value, 'utf8');
}

/** The F-Droid repository at /fdroid/repo (issue 49): signed indexes of the listed toys, their APKs and images. */
export default fp(
  async function fdroidModule(app: FastifyInstance) {
    const { env, database, clock, publicUrl, auth, secret } = app.glyphary;
    const releases = need(app, 'releases');
    const configured = configuredKey(env.FDROID_REPO_KEY);
    // A configured key is checked at boot; a generated one is made on first use (RSA-4096 takes seconds).
    let keyPromise: Promise<RepoKey> | null = null;
    const key = () => {
      keyPromise ??= loadOrCreateRepoKey({ configured, dataDir: env.DATA_DIR, commonName: `${PRODUCT_NAME} F-Droid repository (${new URL(publicUrl).host})`, now: clock.now() }).catch(
        (error: unknown) => {
          keyPromise = null;
          throw error;
        },
      );
      return keyPromise;
    };
    if (configured) await key();
    const readCache = app.glyphary.caches.publicReads;
    const fdroid = createFdroidService({ repository: createFdroidRepository(database.db), key, clock, publicUrl, maxAgeMs: env.FDROID_INDEX_MAX_AGE_MS });
    app.glyphary.fdroid = { key };
    await app.register(fdroidRoutes, {
      fdroid,
      key,
      publicUrl,
      releases,
      auth,
      actorOf: (input) => actorOf(input, secret),
      onDownload: (glyphId) => readCache.countChanged(glyphId, 'downloads'),
    });
  },
  { name: 'fdroid-module' },
);
