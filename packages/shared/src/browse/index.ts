// Issue 17: browse the whole catalogue — glyph tags and list filters.
import '../zod.ts';
import { z } from 'zod';
import { MAX_TAG_LENGTH, MAX_TAGS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { normalizeTags } from '../validation/request.ts';
import type { GlyphDevice } from '../schemas/apk.ts';

/** Glyphs per "Load more" page when browsing the whole catalogue on /search. */
export const BROWSE_PAGE_SIZE = 24;

/** The fixed categories a glyph can be filed under (issue 17); free tags may be added beside them. */
export const GLYPH_CATEGORIES = ['clock', 'battery', 'notifications', 'music', 'camera', 'games', 'faces', 'utilities', 'art'] as const;
export type GlyphCategory = (typeof GLYPH_CATEGORIES)[number];

/** What a glyph offers to download: 'apk' = it has an APK; 'source' = source code only (no APK). */
export const GLYPH_AVAILABILITY = ['apk', 'source'] as const;
export type GlyphAvailability = (typeof GLYPH_AVAILABILITY)[number];

/**
 * Glyph tags as stored: like request tags (split on commas, trimmed, empties and duplicates
 * dropped), and lower-cased so a tag filter and the category chips match however it was typed.
 */
export function normalizeGlyphTags(input: string | readonly string[]): string[] {
  return normalizeTags(typeof input === 'string' ? input.toLowerCase() : input.map((tag) => tag.toLowerCase()));
}

/** The first problem with a tag list, or null (the same limits and messages as request tags). */
export function validateGlyphTags(tags: readonly string[]): string | null {
  if (tags.length > MAX_TAGS) return MSG.tooManyTags;
  if (tags.some((tag) => tag.length > MAX_TAG_LENGTH)) return MSG.tagTooLong;
  return null;
}

/**
 * `tags` in the upload and edit bodies: a list or a comma-separated string. Absent (undefined) means
 * none on upload and unchanged on edit, so clients that predate tags do not wipe them.
 */
export const GlyphTagsInputSchema = z
  .union([z.string().max(2000, MSG.tooManyTags), z.array(z.string().max(200, MSG.tagTooLong)).max(100, MSG.tooManyTags)], {
    error: MSG.glyphTagsInvalid,
  })
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : normalizeGlyphTags(v ?? [])))
  .refine((tags) => tags === undefined || tags.length <= MAX_TAGS, MSG.tooManyTags)
  .refine((tags) => tags === undefined || tags.every((t) => t.length <= MAX_TAG_LENGTH), MSG.tagTooLong)
  .describe(`Categories (${GLYPH_CATEGORIES.join(', ')}) and free tags: a list or comma-separated text. At most 10, each at most 30 characters; stored lower-case. Omitted on an edit: unchanged`);

/** The list filters of `GET /get-glyphs` (browse and search): `has` and `tags`. */
export const GlyphFilterQuerySchema = z.object({
  has: z
    .enum(GLYPH_AVAILABILITY, { error: MSG.hasFilterInvalid })
    .optional()
    .describe("'apk': only glyphs with an APK; 'source': only glyphs with a source repository and no APK"),
  tags: z
    .string()
    .max(2000, MSG.tooManyTagFilters)
    .optional()
    .transform((v) => (v === undefined ? undefined : normalizeGlyphTags(v)))
    .refine((tags) => tags === undefined || tags.length <= MAX_TAGS, MSG.tooManyTagFilters)
    .refine((tags) => tags === undefined || tags.every((t) => t.length <= MAX_TAG_LENGTH), MSG.tagTooLong)
    .describe('Comma-separated tags (categories or free tags, any case); a glyph must carry every one. At most 10, each at most 30 characters'),
});

/** The filters as the services take them: empty = no filter. */
export interface GlyphFilters {
  has?: GlyphAvailability | undefined;
  tags?: string[] | undefined;
  /** Issue 15: only glyphs whose APK's toys run on this phone. */
  device?: GlyphDevice | undefined;
}
