import '../zod.ts';
import { z } from 'zod';
import { MAX_CHANGELOG, MAX_RELEASE_NOTE, MAX_URL_LENGTH, RELEASE_STATES } from '../constants.ts';
import { RELEASE_MSG } from '../messages/releases.ts';

/** Issue 18: one release of a glyph as the API returns it (newest first in lists). */
export const ReleaseSchema = z.object({
  id: z.string(),
  versionName: z.string().nullable(),
  versionCode: z.number().int().nullable(),
  changelog: z.string(),
  apkUrl: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  downloads: z.number().int(),
  createdAt: z.string(),
  signerChanged: z.boolean(),
});
export type Release = z.infer<typeof ReleaseSchema>;

export const ReleaseListSchema = z.object({ releases: z.array(ReleaseSchema) });
export type ReleaseList = z.infer<typeof ReleaseListSchema>;

/** A release as its creator and admins see it after publishing or deciding: with its state. */
export const ReleaseWithStateSchema = ReleaseSchema.extend({
  state: z.enum(RELEASE_STATES),
  glyphId: z.string(),
  packageName: z.string().nullable(),
  signerSha256: z.array(z.string()),
});
export type ReleaseWithState = z.infer<typeof ReleaseWithStateSchema>;

/** `POST /api/glyphs/{id}/releases` body: the caller's own uploaded APK and a plain-text changelog. */
export const PublishReleaseInputSchema = z.object({
  apkUrl: z.string({ error: RELEASE_MSG.releaseApkRequired }).trim().min(1, RELEASE_MSG.releaseApkRequired).max(MAX_URL_LENGTH, RELEASE_MSG.releaseApkRequired),
  changelog: z
    .string()
    .max(MAX_CHANGELOG, RELEASE_MSG.releaseChangelogTooLong)
    .optional()
    .transform((v) => (v ?? '').replace(/\r\n?/g, '\n').trim()),
  /** For the admin who reviews a signing key change (why the key changed); never public. */
  note: z
    .string()
    .max(MAX_RELEASE_NOTE, RELEASE_MSG.releaseNoteTooLong)
    .optional()
    .transform((v) => (v ?? '').replace(/\r\n?/g, '\n').trim()),
});
export type PublishReleaseInput = z.output<typeof PublishReleaseInputSchema>;

export const PublishReleaseResultSchema = z.object({
  success: z.literal(true),
  release: ReleaseWithStateSchema,
  /** Present when the release is held for admin approval (a signing key change). */
  message: z.string().optional(),
});
export type PublishReleaseResult = z.infer<typeof PublishReleaseResultSchema>;

export const PendingReleasesSchema = z.object({
  releases: z.array(
    ReleaseWithStateSchema.extend({
      glyphTitle: z.string(),
      creatorUsername: z.string(),
      previousSignerSha256: z.array(z.string()),
      /** The creator's note for the reviewer ('' = none). */
      note: z.string(),
      /** Permissions the held APK asks for that the published release did not, and the reverse; null without both reports. */
      addedPermissions: z.array(z.string()).nullable(),
      removedPermissions: z.array(z.string()).nullable(),
    }),
  ),
});
export type PendingReleases = z.infer<typeof PendingReleasesSchema>;

/** A creator's own releases waiting for an admin (the glyph page's 'waiting for review'). */
export const HeldReleasesSchema = z.object({ releases: z.array(ReleaseWithStateSchema.extend({ note: z.string() })) });
export type HeldReleases = z.infer<typeof HeldReleasesSchema>;

/** `POST /api/admin/releases/{id}/approve|reject` body: an optional note the creator is told. */
export const DecideReleaseInputSchema = z.object({ note: z.string().max(MAX_RELEASE_NOTE, RELEASE_MSG.releaseNoteTooLong).optional() }).nullish();

/** The decision's note as stored: line breaks normalised, trimmed ('' = none). */
export const decisionNoteOf = (body: z.output<typeof DecideReleaseInputSchema>): string => (body?.note ?? '').replace(/\r\n?/g, '\n').trim();
