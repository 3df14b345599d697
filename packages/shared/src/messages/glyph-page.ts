/**
 * The glyph page's own texts (spec §8): apart from the upload and edit texts (glyphs.ts), which a
 * visitor's glyph page never shows and would load with it.
 * Part of the text catalogue (../messages.ts): one home per text, split so a page loads only its own.
 */
export const GLYPH_PAGE_MSG = {
  /** Issue 48: the toy's licence line ('Licence: MIT'). */
  licenseOnPage: 'Licence',
  glyphNotFound: 'Glyph not found',
  glyphDeletedTitle: 'Glyph Deleted',
  glyphDeletedBody: 'This glyph has been deleted by its creator and is no longer available.',
} as const;
