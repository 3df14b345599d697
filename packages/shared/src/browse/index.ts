// Issue 17: browse the whole catalogue — glyph tags and list filters (their zod schemas are in
// ./schemas.ts, so the web pages that only need these helpers do not load zod).
import { MAX_TAG_LENGTH, MAX_TAGS } from '../constants.ts';
import { COMMON_MSG } from '../messages/common.ts';
import { normalizeTags } from '../validation/request.ts';
import type { GlyphDevice } from '../apk/devices.ts';
import type { AntiFeature } from '../apk/code-words.ts';

/** Glyphs per "Load more" page when browsing the whole catalogue on /search. */
export const BROWSE_PAGE_SIZE = 24;

/** The fixed categories a glyph can be filed under (issue 17); free tags may be added beside them. */
export const GLYPH_CATEGORIES = ['clock', 'battery', 'notifications', 'music', 'camera', 'games', 'faces', 'utilities', 'art'] as const;
export type GlyphCategory = (typeof GLYPH_CATEGORIES)[number];

/** What a glyph offers to download: 'apk' = it has an APK; 'source' = source code only (no APK). */
export const GLYPH_AVAILABILITY = ['apk', 'source'] as const;
export type GlyphAvailability = (typeof GLYPH_AVAILABILITY)[number];

/** Issue 50: what an APK's code may be found without ('No trackers', …), each the absence of an anti-feature. */
export const CODE_FILTERS = ['trackers', 'ads', 'network'] as const;
export type CodeFilter = (typeof CODE_FILTERS)[number];
export const CODE_FILTER_ANTI_FEATURE: Record<CodeFilter, AntiFeature> = { trackers: 'Tracking', ads: 'Ads', network: 'NonFreeNet' };
export const CODE_FILTER_LABELS: Record<CodeFilter, string> = { trackers: 'No trackers', ads: 'No ads', network: 'No network' };

/** `without` as a URL carries it (comma-separated), known values only, in the fixed order. */
export function parseCodeFilters(text: string | null | undefined): CodeFilter[] {
  const asked = new Set((text ?? '').split(',').map((part) => part.trim().toLowerCase()));
  return CODE_FILTERS.filter((filter) => asked.has(filter));
}

/**
 * Glyph tags as stored: like request tags (split on commas, trimmed, empties and duplicates
 * dropped), and lower-cased so a tag filter and the category chips match however it was typed.
 */
export function normalizeGlyphTags(input: string | readonly string[]): string[] {
  return normalizeTags(typeof input === 'string' ? input.toLowerCase() : input.map((tag) => tag.toLowerCase()));
}

/** The first problem with a tag list, or null (the same limits and messages as request tags). */
export function validateGlyphTags(tags: readonly string[]): string | null {
  if (tags.length > MAX_TAGS) return COMMON_MSG.tooManyTags;
  if (tags.some((tag) => tag.length > MAX_TAG_LENGTH)) return COMMON_MSG.tagTooLong;
  return null;
}

/** The filters as the services take them: empty = no filter. */
export interface GlyphFilters {
  has?: GlyphAvailability | undefined;
  tags?: string[] | undefined;
  /** Issue 15: only glyphs whose APK's toys run on this phone. */
  device?: GlyphDevice | undefined;
  /** Issue 50: only glyphs whose analysed APK has none of these anti-features. */
  without?: CodeFilter[] | undefined;
}
