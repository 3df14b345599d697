import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { insertNotification, notifyFollowers } from '../community/notifications.repository.ts';
import { actorOf } from '../discovery/discovery.actor.ts';
import { createApkFactsReader } from './apk-facts.ts';
import { createReleasesRepository } from './releases.repository.ts';
import { createReleasesService } from './releases.service.ts';
import { releasesRoutes } from './releases.routes.ts';

/** Versions, the latest-APK link and signer-change approval; versions and signers come from the APK's stored report. */
export default fp(
  async function releasesModule(app: FastifyInstance) {
    const { database, clock, normalizeImageUrl, auth, secret } = app.glyphary;
    const readCache = app.glyphary.caches.publicReads;
    const releases = createReleasesService({
      releases: createReleasesRepository(database.db),
      clock,
      readApkFacts: createApkFactsReader(database.db),
      normalizeUrl: normalizeImageUrl,
      onChange: readCache.contentChanged,
      // Followers hear about a release when it goes public (published, or approved after a signer
      // change), in that transaction, once each.
      onPublished: (tx, release, glyph) =>
        notifyFollowers(tx, glyph.creatorId, 'new_release', `release:${release.id}:published`, {
          glyphId: glyph.id,
          releaseId: release.id,
          title: glyph.title,
          version: release.versionName,
          actorUsername: glyph.creatorUsername,
        }),
      // The creator hears how the review of a key change ended (issue 48), with the admin's note.
      onDecided: (tx, release, glyph) =>
        insertNotification(tx, {
          userId: glyph.creatorId,
          type: release.state === 'published' ? 'release_approved' : 'release_rejected',
          eventKey: `release:${release.id}:decided`,
          data: { glyphId: glyph.id, releaseId: release.id, title: glyph.title, version: release.versionName, note: release.decisionNote },
        }),
    });
    app.glyphary.releases = releases;
    await app.register(releasesRoutes, {
      releases,
      auth,
      actorOf: (input) => actorOf(input, secret),
      onDownload: (glyphId) => readCache.countChanged(glyphId, 'downloads'),
    });
  },
  { name: 'releases-module' },
);
