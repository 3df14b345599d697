// Issue 17: the zod schemas of glyph tags and list filters (the plain helpers are in ./index.ts).
import '../zod.ts';
import { z } from 'zod';
import { MAX_TAG_LENGTH, MAX_TAGS } from '../constants.ts';
import { COMMON_MSG } from '../messages/common.ts';
import { SEARCH_MSG } from '../messages/search.ts';
import { CODE_FILTERS, GLYPH_AVAILABILITY, GLYPH_CATEGORIES, normalizeGlyphTags, parseCodeFilters } from './index.ts';

/**
 * `tags` in the upload and edit bodies: a list or a comma-separated string. Absent (undefined) means
 * none on upload and unchanged on edit, so clients that predate tags do not wipe them.
 */
export const GlyphTagsInputSchema = z
  .union([z.string().max(2000, COMMON_MSG.tooManyTags), z.array(z.string().max(200, COMMON_MSG.tagTooLong)).max(100, COMMON_MSG.tooManyTags)], {
    error: SEARCH_MSG.glyphTagsInvalid,
  })
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : normalizeGlyphTags(v ?? [])))
  .refine((tags) => tags === undefined || tags.length <= MAX_TAGS, COMMON_MSG.tooManyTags)
  .refine((tags) => tags === undefined || tags.every((t) => t.length <= MAX_TAG_LENGTH), COMMON_MSG.tagTooLong)
  .describe(`Categories (${GLYPH_CATEGORIES.join(', ')}) and free tags: a list or comma-separated text. At most 10, each at most 30 characters; stored lower-case. Omitted on an edit: unchanged`);

/** The list filters of `GET /get-glyphs` (browse and search): `has` and `tags`. */
export const GlyphFilterQuerySchema = z.object({
  has: z
    .enum(GLYPH_AVAILABILITY, { error: SEARCH_MSG.hasFilterInvalid })
    .optional()
    .describe("'apk': only glyphs with an APK; 'source': only glyphs with a source repository and no APK"),
  tags: z
    .string()
    .max(2000, SEARCH_MSG.tooManyTagFilters)
    .optional()
    .transform((v) => (v === undefined ? undefined : normalizeGlyphTags(v)))
    .refine((tags) => tags === undefined || tags.length <= MAX_TAGS, SEARCH_MSG.tooManyTagFilters)
    .refine((tags) => tags === undefined || tags.every((t) => t.length <= MAX_TAG_LENGTH), COMMON_MSG.tagTooLong)
    .describe('Comma-separated tags (categories or free tags, any case); a glyph must carry every one. At most 10, each at most 30 characters'),
  without: z
    .string()
    .max(200, SEARCH_MSG.withoutFilterInvalid)
    .optional()
    .refine((v) => v === undefined || v.split(',').every((part) => (CODE_FILTERS as readonly string[]).includes(part.trim().toLowerCase())), SEARCH_MSG.withoutFilterInvalid)
    .transform((v) => (v === undefined ? undefined : parseCodeFilters(v)))
    .describe(`Comma-separated (${CODE_FILTERS.join(', ')}): only glyphs whose analysed APK has no known tracker, no advertising SDK, or does not ask for network access`),
});
