import '../zod.ts';
import { z } from 'zod';
import { GLYPH_SORTS, MAX_SEARCH_LENGTH, SEARCH_SORTS } from '../constants.ts';
import { GLYPH_MSG } from '../messages/glyphs.ts';
import { GLYPH_PAGE_MSG } from '../messages/glyph-page.ts';
import { REQUEST_MSG } from '../messages/requests.ts';
import { GlyphFilterQuerySchema, GlyphTagsInputSchema } from '../browse/schemas.ts';
import type { CodeFilter } from '../browse/index.ts';
import { emptyToNull, validateGlyph } from '../validation/glyph.ts';
import { canonicalLicense } from '../license.ts';
import { GlyphAnimationSchema, UploadedAnimationSchema } from './animation.ts';
import { ApkReportSchema, GLYPH_DEVICES } from './apk.ts';

/** spec §3 Glyph, as the API returns it. `deleted` glyphs carry nulled content (SECURITY matrix). */
export const GlyphSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  thumbnails: z.array(z.string().nullable()),
  apkUrl: z.string().nullable(),
  githubUrl: z.string().nullable(),
  instructions: z.string().nullable(),
  /** Issue 48: an SPDX licence identifier, or null when the creator names none. */
  license: z.string().nullable(),
  creatorId: z.string(),
  creatorUsername: z.string(),
  creatorDisplayName: z.string(),
  downloads: z.number().int(),
  views: z.number().int(),
  likes: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deleted: z.boolean(),
  apkSha256: z.string().nullable(),
  apkSize: z.number().int().nullable(),
  /** Issue 17: categories and free tags, lower-case. */
  tags: z.array(z.string()),
  /** Issue 16: the glyph's Glyph Matrix animation, null when it has none. */
  animation: GlyphAnimationSchema.nullable(),
  // Issue 15: the phones its APK's toys run on (cards' badges; empty when no analysed toy APK)…
  apkDevices: z.array(z.enum(GLYPH_DEVICES)).optional(),
  // …and, on GET /get-glyph/{id} only, the whole APK report (null when the glyph has no analysed APK).
  apk: ApkReportSchema.nullable().optional(),
});
export type Glyph = z.infer<typeof GlyphSchema>;

const nullableText = z
  .string()
  .nullable()
  .optional()
  .transform((v) => emptyToNull(v));

/**
 * `POST /upload-glyph` and `PUT /update-glyph/{id}` body (spec §7). Server-owned fields
 * (creatorId, creatorUsername, counters, createdAt) are accepted for compatibility and dropped.
 * Messages follow spec §5 in its order.
 */
export const GlyphInputSchema = z
  .object({
    title: z.string({ error: GLYPH_MSG.titleRequired }),
    description: z.string({ error: GLYPH_MSG.descriptionRequired }),
    apkUrl: nullableText,
    githubUrl: nullableText,
    instructions: nullableText,
    /**
     * Issue 16: an animation the caller uploaded (`type=animations`), like apkUrl. On update, null or ''
     * removes the glyph's animation and leaving the field out keeps it (clients that predate animations).
     */
    animationUrl: z
      .string({ error: GLYPH_MSG.animationNotOwned })
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : emptyToNull(v))),
    images: z
      .array(z.string({ error: REQUEST_MSG.imageUrlInvalid }), { error: REQUEST_MSG.imageUrlInvalid })
      .nullable()
      .optional()
      .transform((v) => (v ?? []).map((url) => url.trim()).filter((url) => url.length > 0)),
    tags: GlyphTagsInputSchema,
    /**
     * Issue 48: an SPDX identifier (any case; stored as the list spells it). null or '' means none; on
     * update, leaving it out keeps the stored one (clients that predate licences).
     */
    license: z
      .string({ error: GLYPH_MSG.licenseInvalid })
      .max(100, GLYPH_MSG.licenseInvalid)
      .nullable()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        if (v === null || v.trim() === '') return null;
        const id = canonicalLicense(v);
        if (id === null) {
          ctx.addIssue({ code: 'custom', message: GLYPH_MSG.licenseInvalid });
          return z.NEVER;
        }
        return id;
      }),
  })
  .transform((v) => ({ ...v, title: v.title.trim(), description: v.description.trim() }))
  .superRefine((value, ctx) => {
    const error = validateGlyph(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });
export type GlyphInput = z.output<typeof GlyphInputSchema>;

const limitParam = z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number');

/** `GET /get-glyphs` query (spec §7). `limit` is clamped by role on the server. */
export const GetGlyphsQuerySchema = z.object({
  sort: z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}` }).optional(),
  limit: limitParam.optional(),
  creator_id: z.string().max(64).optional(),
  search: z.string().max(MAX_SEARCH_LENGTH, 'Search is limited to 100 characters').optional(),
  cursor: z.string().max(512).optional(),
  ...GlyphFilterQuerySchema.shape,
  // Issue 15: only glyphs whose APK's toys run on this phone.
  device: z.enum(GLYPH_DEVICES, { error: `device must be one of ${GLYPH_DEVICES.join(', ')}` }).optional(),
});
// `tags` is optional for callers inside the server (zod reports a transformed optional key as required).
export type GetGlyphsQuery = Omit<z.infer<typeof GetGlyphsQuerySchema>, 'tags' | 'without'> & { tags?: string[] | undefined; without?: CodeFilter[] | undefined };

export const GlyphListSchema = z.object({
  glyphs: z.array(GlyphSchema),
  nextCursor: z.string().nullable(),
});
export type GlyphList = z.infer<typeof GlyphListSchema>;

export const GlyphIdBodySchema = z.object({ glyphId: z.string({ error: GLYPH_PAGE_MSG.glyphNotFound }).max(64) });

export const LikeResultSchema = z.object({ liked: z.boolean(), totalLikes: z.number().int() });
export type LikeResult = z.infer<typeof LikeResultSchema>;

export const UploadedFileSchema = z.object({
  url: z.string(),
  thumbnail: z.string().nullable(),
  filename: z.string(),
  type: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** Issue 15: for APKs, what the analyser found (also stored with the file). */
  apk: ApkReportSchema.nullable().optional(),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

/** Every answer of `POST /api/upload-file`: an animation (issue 16), or an image or APK. */
export const UploadFileAnswerSchema = z.union([UploadedAnimationSchema, UploadedFileSchema]);
export type UploadFileAnswer = z.infer<typeof UploadFileAnswerSchema>;

export { GLYPH_SORTS };
