import { MAX_DESCRIPTION, MAX_IMAGES, MAX_INSTRUCTIONS, MAX_TITLE } from '../constants.ts';
import { GLYPH_MSG } from '../messages/glyphs.ts';
import { REQUEST_MSG } from '../messages/requests.ts';
import { isHttpUrl, isResourceUrl } from './url.ts';

export interface GlyphFormFields {
  title: string;
  description: string;
  apkUrl: string | null;
  githubUrl: string | null;
  instructions: string | null;
  images: string[];
}

/** Trims a value and turns an empty string into null (spec §5: empty optional fields are sent as null). */
export function emptyToNull(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed.length === 0 ? null : trimmed;
}

/** Splits comma-separated image URLs (spec §5 edit glyph), trimming and dropping empties. */
export function splitCommaList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/**
 * Validates a glyph (upload and edit share the rules). spec §5 order: title, description,
 * APK or GitHub URL, GitHub URL scheme; then SECURITY.md bounds.
 * @returns the first failing message, or null.
 */
export function validateGlyph(fields: GlyphFormFields): string | null {
  const title = fields.title.trim();
  const description = fields.description.trim();
  if (title.length === 0) return GLYPH_MSG.titleRequired;
  if (description.length === 0) return GLYPH_MSG.descriptionRequired;
  if (!fields.apkUrl && !fields.githubUrl) return GLYPH_MSG.apkOrGithubRequired;
  if (fields.githubUrl && !isHttpUrl(fields.githubUrl)) return GLYPH_MSG.githubUrlInvalid;
  if (fields.apkUrl && !isResourceUrl(fields.apkUrl)) return GLYPH_MSG.urlInvalid;
  if (title.length > MAX_TITLE) return GLYPH_MSG.titleTooLong;
  if (description.length > MAX_DESCRIPTION) return GLYPH_MSG.descriptionTooLong;
  if (fields.instructions && fields.instructions.length > MAX_INSTRUCTIONS) return GLYPH_MSG.instructionsTooLong;
  if (fields.images.length > MAX_IMAGES) return GLYPH_MSG.tooManyImages;
  if (fields.images.some((url) => !isResourceUrl(url))) return REQUEST_MSG.imageUrlInvalid;
  return null;
}
