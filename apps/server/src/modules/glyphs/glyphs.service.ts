import { MSG, type GlyphInput } from '@glyphary/shared';
import type { Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Viewer } from '../../plugins/access.ts';
import { parseMainFileUrl } from '../files/file-urls.ts';
import type { GlyphRow } from './glyphs.read-model.ts';
import { signerKey, type ApkFactsReader } from '../releases/apk-facts.ts';
import type { GlyphContent, GlyphsRepository, InitialReleaseFacts } from './glyphs.repository.ts';

export interface GlyphsServiceDeps {
  glyphs: GlyphsRepository;
  clock: Clock;
  /** spec §7: product-host image URLs become relative /api/files/ paths. */
  normalizeImageUrl: (url: string) => string;
  /** Called after a glyph is created, edited or deleted: clears the short public read caches. */
  onChange?: () => void;
  /** Issue 18: the APK report's version facts for a new glyph's release 1. */
  readApkFacts?: ApkFactsReader;
  /** Issue 19: runs in the upload's transaction (followers' notifications). */
  afterInsert?: (tx: Tx, glyph: { id: string; creatorId: string; creatorUsername: string; title: string }) => Promise<void>;
}

// Titles are one line; description and instructions may keep line breaks and tabs.
// eslint-disable-next-line no-control-regex
const LINE_CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const TEXT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Glyph use cases (spec §7 upload-glyph, get-glyph, update-glyph, delete-glyph). */
export function createGlyphsService({ glyphs, clock, normalizeImageUrl, onChange, readApkFacts, afterInsert }: GlyphsServiceDeps) {
  /**
   * Turns validated input into stored content: URLs normalised, our own image paths must name
   * stored images, and the APK must be one the caller uploaded (its file id is kept for SHA-256 and size).
   */
  async function toContent(viewer: Viewer, input: GlyphInput): Promise<GlyphContent> {
    if (LINE_CONTROL.test(input.title) || TEXT_CONTROL.test(input.description) || (input.instructions && TEXT_CONTROL.test(input.instructions))) {
      throw badRequest(MSG.controlCharacters);
    }
    const images = input.images.map(normalizeImageUrl);
    const ownNames: string[] = [];
    for (const url of images) {
      if (!url.startsWith('/')) continue;
      const image = parseMainFileUrl(url, 'images');
      if (!image) throw badRequest(MSG.imageUrlInvalid);
      ownNames.push(image.name);
    }
    if (ownNames.length > 0) {
      const ready = await glyphs.findReadyImageNames(viewer.id, ownNames);
      if (ownNames.some((name) => !ready.has(name))) throw badRequest(MSG.imageUrlInvalid);
    }
    let apkUrl: string | null = null;
    let apkFileId: string | null = null;
    if (input.apkUrl) {
      apkUrl = normalizeImageUrl(input.apkUrl);
      const name = parseMainFileUrl(apkUrl, 'apks')?.name;
      apkFileId = name ? ((await glyphs.findOwnedApkFileId(viewer.id, name)) ?? null) : null;
      if (!apkFileId) throw badRequest(MSG.apkNotOwned, 'APK_NOT_OWNED');
    }
    // Issue 16: the animation must be one the caller uploaded, like the APK; omitted keeps it on update.
    let animationFileId: string | null | undefined;
    if (input.animationUrl) {
      const name = parseMainFileUrl(normalizeImageUrl(input.animationUrl), 'animations')?.name;
      animationFileId = name ? ((await glyphs.findOwnedAnimationFileId(viewer.id, name)) ?? null) : null;
      if (!animationFileId) throw badRequest(MSG.animationNotOwned, 'ANIMATION_NOT_OWNED');
    } else if (input.animationUrl === null) {
      animationFileId = null;
    }
    return {
      title: input.title,
      description: input.description,
      images: [...new Set(images)],
      apkUrl,
      apkFileId,
      ...(animationFileId !== undefined ? { animationFileId } : {}),
      githubUrl: input.githubUrl,
      instructions: input.instructions,
      tags: input.tags,
      license: input.license,
    };
  }

  /** The version facts of release 1 from the APK's report, when there is one (issue 18). */
  async function firstReleaseFacts(content: GlyphContent): Promise<InitialReleaseFacts> {
    const facts = content.apkFileId && readApkFacts ? await readApkFacts(content.apkFileId) : null;
    return facts
      ? { packageName: facts.packageName, versionName: facts.versionName, versionCode: facts.versionCode, signerSha256: signerKey(facts.signers) }
      : {};
  }

  async function findOrThrow(id: string): Promise<GlyphRow> {
    const row = isUuid(id) ? await glyphs.findById(id.toLowerCase()) : undefined;
    if (!row) throw notFound(MSG.glyphNotFound);
    return row;
  }

  return {
    /**
     * Shares a glyph as the caller (creator and counters come from the server, DESIGN §3).
     * @throws AppError 400 for an image path that is not a stored image or an APK the caller did not upload.
     */
    async uploadGlyph(viewer: Viewer, input: GlyphInput): Promise<GlyphRow> {
      const content = await toContent(viewer, input);
      const initialRelease = await firstReleaseFacts(content);
      const id = await glyphs.insert(
        viewer.id,
        content,
        clock.now(),
        afterInsert ? (tx, glyphId) => afterInsert(tx, { id: glyphId, creatorId: viewer.id, creatorUsername: viewer.username, title: content.title }) : undefined,
        initialRelease,
      );
      onChange?.();
      return findOrThrow(id);
    },

    /**
     * Reads glyphs, live or deleted (the presenter nulls a deleted glyph's content), several in one read: the
     * glyph page's batch loader. Keyed by the ids as asked; an id that is not a UUID or names
     * no glyph is absent, and the page answers it 404 'Glyph not found'.
     */
    async getGlyphs(ids: readonly string[]): Promise<Map<string, GlyphRow>> {
      const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
      const byId = new Map((await glyphs.findByIds(wanted)).map((row) => [row.id, row] as const));
      const found = new Map<string, GlyphRow>();
      for (const id of ids) {
        const row = isUuid(id) ? byId.get(id.toLowerCase()) : undefined;
        if (row) found.set(id, row);
      }
      return found;
    },

    /** A live glyph or null (Open Graph tags, other modules). */
    async findLiveGlyph(id: string): Promise<GlyphRow | null> {
      const row = isUuid(id) ? await glyphs.findById(id.toLowerCase()) : undefined;
      return row && row.deletedAt === null ? row : null;
    },

    /** The edit check alone, before the body is read (issue 21): 403 for a live glyph of someone else. */
    async assertCanEdit(viewer: Viewer, id: string): Promise<void> {
      const row = isUuid(id) ? await glyphs.findById(id.toLowerCase()) : undefined;
      if (row && row.deletedAt === null && row.creatorId !== viewer.id) throw forbidden();
    },

    /**
     * Replaces a live glyph's content; only its creator may (SECURITY matrix: admins delete, not edit).
     * Issue 18: the APK of a glyph with releases changes only by publishing an update (409 here).
     * @throws AppError 404 unknown or deleted, 403 not the creator, 400 bad references, 409 RELEASE_REQUIRED.
     */
    async updateGlyph(viewer: Viewer, id: string, input: GlyphInput): Promise<GlyphRow> {
      const current = await findOrThrow(id);
      if (current.deletedAt !== null) throw notFound(MSG.glyphNotFound);
      if (current.creatorId !== viewer.id) throw forbidden();
      const content = await toContent(viewer, input);
      // Read before the transaction: the reader has its own connection (PGlite has only one).
      const initialRelease = content.apkUrl !== current.apkUrl ? await firstReleaseFacts(content) : {};
      const result = await glyphs.update(current.id, viewer.id, content, clock.now(), initialRelease);
      if (result === 'gone') throw notFound(MSG.glyphNotFound);
      if (result === 'release-required') throw conflict(MSG.releaseRequiredForApk, 'RELEASE_REQUIRED');
      onChange?.();
      return findOrThrow(current.id);
    },

    /**
     * Soft-deletes a glyph: its creator or an admin (SECURITY matrix; the admin panel calls this too).
     * One transaction sets deleted_at, decrements the creator's glyphsCount and stops serving its files.
     * `options.inTransaction` runs inside that transaction (the admin module's audit row, issue 7).
     * @throws AppError 404 unknown or already deleted, 403 neither creator nor admin.
     */
    async deleteGlyph(viewer: Viewer, id: string, options: { inTransaction?: (tx: Tx) => Promise<void> } = {}): Promise<void> {
      const current = await findOrThrow(id);
      if (current.deletedAt !== null) throw notFound(MSG.glyphNotFound);
      if (current.creatorId !== viewer.id && !viewer.isAdmin) throw forbidden();
      if (!(await glyphs.softDelete(current.id, clock.now(), options.inTransaction))) throw notFound(MSG.glyphNotFound);
      onChange?.();
    },
  };
}

export type GlyphsService = ReturnType<typeof createGlyphsService>;
