import { MSG, type DownloadSource, type PublishReleaseInput } from '@glyphary/shared';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Viewer } from '../../plugins/access.ts';
import { parseMainFileUrl, storedFileUrl } from '../files/file-urls.ts';
import { signerKey, type ApkFactsReader } from './apk-facts.ts';
import type { Tx } from '../../db/client.ts';
import type { PublishedGlyph, ReleaseRow, ReleasesRepository } from './releases.repository.ts';

export interface ReleasesServiceDeps {
  releases: ReleasesRepository;
  clock: Clock;
  readApkFacts: ApkFactsReader;
  /** spec §7: product-host URLs become relative /api/files/ paths. */
  normalizeUrl: (url: string) => string;
  /** Called after a publish or decision: clears the short public read caches. */
  onChange?: () => void;
  /**
   * A release went public (published at once, or approved after a signer change). Runs inside that
   * transaction (issue 19: followers are notified with the release, exactly once).
   */
  onPublished?: (tx: Tx, release: ReleaseRow, glyph: PublishedGlyph) => Promise<void>;
  /** An admin decided a held release: the creator is told, in that transaction. */
  onDecided?: (tx: Tx, release: ReleaseRow, glyph: PublishedGlyph) => Promise<void>;
}

// eslint-disable-next-line no-control-regex
const TEXT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const UNIQUE_VIOLATION = '23505';


function pgCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

export type PublishOutcome = { release: ReleaseRow; held: boolean };

/** Releases of a glyph (issue 18): list, publish, the signer-change approval. */
export function createReleasesService({ releases, clock, readApkFacts, normalizeUrl, onChange, onPublished, onDecided }: ReleasesServiceDeps) {
  async function liveGlyph(id: string) {
    const glyph = isUuid(id) ? await releases.findGlyph(id.toLowerCase()) : undefined;
    if (!glyph || glyph.deletedAt !== null) throw notFound(MSG.glyphNotFound);
    return glyph;
  }

  return {
    /**
     * The published releases of a live glyph, newest first.
     * @throws AppError 404 'Glyph not found' for unknown or deleted glyphs.
     */
    async list(glyphId: string): Promise<ReleaseRow[]> {
      const glyph = await liveGlyph(glyphId);
      return releases.listPublished(glyph.id);
    },

    /**
     * Who may publish: the glyph's creator, on a live glyph. Runs before the body is validated (401/403 before 400).
     * @throws AppError 404 unknown or deleted glyph, 403 not the creator.
     */
    async checkPublisher(viewer: Viewer, glyphId: string): Promise<void> {
      const glyph = await liveGlyph(glyphId);
      if (glyph.creatorId !== viewer.id) throw forbidden();
    },

    /**
     * Publishes a new release from an APK the caller uploaded. Refused (nothing stored) for another
     * package, a version code that does not increase, someone else's file or a pending signer change;
     * a different signing certificate is stored as 'pending' and waits for an admin (`held`).
     * Concurrent publishes of one glyph serialize on the glyph row; a duplicate version code loses with 409.
     * @throws AppError 404, 403, 400, 409, 422.
     */
    async publish(viewer: Viewer, glyphId: string, input: PublishReleaseInput): Promise<PublishOutcome> {
      const glyph = await liveGlyph(glyphId);
      if (glyph.creatorId !== viewer.id) throw forbidden();
      if (TEXT_CONTROL.test(input.changelog) || TEXT_CONTROL.test(input.note)) throw badRequest(MSG.controlCharacters);
      const name = parseMainFileUrl(normalizeUrl(input.apkUrl), 'apks')?.name;
      const file = name ? await releases.findOwnedApk(viewer.id, name) : undefined;
      if (!file || !name) throw badRequest(MSG.apkNotOwned, 'APK_NOT_OWNED');
      const facts = await readApkFacts(file.id);
      if (!facts) throw unprocessable(MSG.releaseNoApkReport, 'APK_NOT_ANALYSED');
      if (facts.versionCode === null) throw unprocessable(MSG.releaseNoVersionCode, 'APK_NO_VERSION_CODE');
      // A signature that does not verify cannot tell us who built the update.
      if (facts.signatureStatus === 'invalid') throw unprocessable(MSG.releaseSignatureInvalid, 'APK_SIGNATURE_INVALID');
      const versionCode = facts.versionCode;
      // Migrated releases carry no facts: read them from the previous file's report when it has one.
      // Read before the transaction (the reader has its own connection; PGlite has only one).
      const seen = await releases.listAll(glyph.id);
      const seenPrevious = seen.find((release) => release.state === 'published');
      const previousFacts =
        seenPrevious && (seenPrevious.packageName === null || seenPrevious.versionCode === null || seenPrevious.signerSha256 === null) && seenPrevious.fileId
          ? await readApkFacts(seenPrevious.fileId)
          : null;
      const now = clock.now();
      let outcome: PublishOutcome;
      try {
        outcome = await releases.transaction(async (tx) => {
          const locked = await releases.lockGlyph(tx, glyph.id);
          if (!locked || locked.deletedAt !== null) throw notFound(MSG.glyphNotFound);
          const all = await releases.listAll(glyph.id, tx);
          const previous = all.find((release) => release.state === 'published');
          // Another publish landed between the read above and the lock: this one lost the race.
          if (previous?.id !== seenPrevious?.id) throw conflict(MSG.releaseVersionTaken, 'RELEASE_VERSION_TAKEN');
          const previousPackage = previous?.packageName ?? previousFacts?.packageName ?? null;
          const previousCode = previous?.versionCode ?? previousFacts?.versionCode ?? null;
          const previousSigner = previous?.signerSha256 ?? (previousFacts ? signerKey(previousFacts.signers) : null);
          // The file's own faults come first: waiting for the held update would not fix them.
          if (previousPackage !== null && previousPackage !== facts.packageName) {
            throw unprocessable(MSG.releasePackageMismatch(facts.packageName, previousPackage), 'PACKAGE_MISMATCH');
          }
          const published = all.filter((r) => r.state === 'published' && r.versionCode !== null).map((r) => r.versionCode ?? 0);
          const highest = Math.max(previousCode ?? -Infinity, ...published);
          if (Number.isFinite(highest) && versionCode <= highest) {
            throw unprocessable(MSG.releaseVersionNotIncreasing(versionCode, highest), 'VERSION_NOT_INCREASING');
          }
          if (all.some((release) => release.state === 'pending')) throw conflict(MSG.releasePendingExists, 'RELEASE_PENDING');
          const signer = signerKey(facts.signers);
          const held = previousSigner !== null && previousSigner !== signer;
          const release = await releases.insert(tx, {
            glyphId: glyph.id,
            fileId: file.id,
            apkUrl: storedFileUrl('apks', name),
            size: file.size,
            sha256: file.sha256,
            packageName: facts.packageName,
            versionName: facts.versionName,
            versionCode,
            signerSha256: signer,
            changelog: input.changelog,
            note: input.note,
            state: held ? 'pending' : 'published',
            createdAt: now,
            publishedAt: held ? null : now,
          });
          if (!held) {
            await releases.pointGlyphAtLatest(tx, glyph.id, now);
            await onPublished?.(tx, release, { id: glyph.id, title: glyph.title, creatorId: glyph.creatorId, creatorUsername: viewer.username });
          }
          return { release, held };
        });
      } catch (error) {
        if (pgCode(error) === UNIQUE_VIOLATION) throw conflict(MSG.releaseVersionTaken, 'RELEASE_VERSION_TAKEN');
        throw error;
      }
      onChange?.();
      return outcome;
    },

    /**
     * Releases waiting for an admin's decision on a signing key change, with what their permissions
     * change against the published release (null when either file has no report).
     */
    async listPending() {
      const rows = await releases.listPending();
      return Promise.all(
        rows.map(async (row) => {
          const [next, before] = await Promise.all([
            row.fileId ? readApkFacts(row.fileId) : null,
            row.previousFileId ? readApkFacts(row.previousFileId) : null,
          ]);
          const diff =
            next && before
              ? {
                  addedPermissions: next.permissions.filter((p) => !before.permissions.includes(p)),
                  removedPermissions: before.permissions.filter((p) => !next.permissions.includes(p)),
                }
              : { addedPermissions: null, removedPermissions: null };
          return { ...row, ...diff };
        }),
      );
    },

    /**
     * The creator's own releases of a live glyph held for review (the glyph page's 'waiting for review').
     * @throws AppError 404 unknown or deleted glyph, 403 neither the creator nor an admin.
     */
    async listHeld(viewer: Viewer, glyphId: string): Promise<ReleaseRow[]> {
      const glyph = await liveGlyph(glyphId);
      if (glyph.creatorId !== viewer.id && !viewer.isAdmin) throw forbidden();
      return (await releases.listAll(glyph.id)).filter((release) => release.state === 'pending');
    },

    /**
     * An admin approves (published, with the 'Signing key changed' warning) or rejects a held
     * release, with an optional note the creator is told; audited and notified in the same transaction.
     * @throws AppError 404 unknown release or deleted glyph, 409 not pending.
     */
    async decide(admin: Viewer, releaseId: string, decision: 'approve' | 'reject', note = ''): Promise<ReleaseRow> {
      if (!isUuid(releaseId)) throw notFound(MSG.releaseNotFound);
      if (TEXT_CONTROL.test(note)) throw badRequest(MSG.controlCharacters);
      const result = await releases.decide(releaseId.toLowerCase(), decision, admin.id, clock.now(), { onApproved: onPublished, onDecided }, note || null);
      if (result === 'not-found') throw notFound(MSG.releaseNotFound);
      if (result === 'not-pending') throw conflict(MSG.releaseNotPending, 'RELEASE_NOT_PENDING');
      onChange?.();
      return result;
    },

    /**
     * The newest published release of a live glyph (the stable latest-APK link).
     * @throws AppError 404 'Glyph not found' / no release.
     */
    async latest(glyphId: string): Promise<ReleaseRow> {
      const glyph = await liveGlyph(glyphId);
      const release = await releases.latestPublished(glyph.id);
      if (!release) throw notFound(MSG.releaseNoRelease);
      return release;
    },

    /**
     * Counts a download of a published release once per actor (and of its glyph).
     * @throws AppError 404 unknown, unpublished, or its glyph deleted.
     */
    async recordDownload(glyphId: string, releaseId: string, actor: { actor: string; userId: string | null }, source: DownloadSource) {
      if (!isUuid(releaseId)) throw notFound(MSG.releaseNotFound);
      const glyph = await liveGlyph(glyphId);
      const release = await releases.findById(releaseId.toLowerCase());
      if (!release || release.glyphId !== glyph.id) throw notFound(MSG.releaseNotFound);
      const result = await releases.recordDownload(release.id, { ...actor, source });
      if (!result) throw notFound(MSG.releaseNotFound);
      return { ...result, glyphId: glyph.id };
    },
  };
}

export type ReleasesService = ReturnType<typeof createReleasesService>;
