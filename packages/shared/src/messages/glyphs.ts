/**
 * Glyphs: upload, edit, animations (spec §5, §8); the glyph page's own are in glyph-page.ts.
 * Part of the text catalogue (../messages.ts): one home per text, split so a page loads only its own.
 */
export const GLYPH_MSG = {
  // §5 upload
  titleRequired: 'Title is required',
  /** Issue 48: categories the APK's toys suggest, offered under Categories. */
  suggestedCategories: 'Suggested from your APK:',
  addCategory: (category: string) => `Add category ${category}`,
  licenseInvalid: 'Licence must be an SPDX identifier such as MIT, Apache-2.0 or GPL-3.0-or-later (see spdx.org/licenses)',
  licenseLabel: 'Licence',
  licenseHint: 'An SPDX identifier, e.g. MIT or GPL-3.0-or-later. Leave empty for none.',
  licenseNone: 'No licence given',
  descriptionRequired: 'Description is required',
  apkOrGithubRequired: 'Either APK file or GitHub repository URL is required',
  githubUrlInvalid: 'GitHub URL must be a valid HTTP/HTTPS URL',
  titleTooLong: 'Title must be at most 100 characters long',
  descriptionTooLong: 'Description must be at most 5000 characters long',
  instructionsTooLong: 'Instructions must be at most 10000 characters long',
  urlInvalid: 'URL must be a valid HTTP/HTTPS URL',
  tooManyImages: 'Maximum 5 files allowed',
  // §8 glyphs and files
  uploadGlyphFailed: 'Failed to upload glyph. Please try again.',
  updateGlyphFailed: (message: string) => `Failed to update glyph: ${message}`,
  databaseReachable: (latencyMs: number) => `Database reachable (${latencyMs} ms)`,
  databaseUnreachable: 'Database unreachable',
  /** Issue 48: the disclosure that keeps the spec's debug 'Check Database' button out of the way. */
  diagnostics: 'Diagnostics',
  /** Issue 48: under Title and Description once they were filled from the APK. */
  prefilledFromApk: 'Filled in from the APK. Change it as you like.',
  /** Issue 48: the toast after a share, with a link to the new glyph. */
  glyphShared: (title: string) => `“${title}” is live. Thanks for sharing!`,
  viewGlyph: 'View glyph',
  saving: 'Saving…',
  /** spec §8 'Password is too weak.' with the reason (issue 17: it passed 'At least 6 characters'). */

  // Issue 16: living previews (animation import and the glyph's animation)
  animationSizeInvalid: 'Matrix size must be 25 or 13',
  animationBrightnessInvalid: 'Brightness must be a whole number from -100 to 100',
  animationContrastInvalid: 'Contrast must be a whole number from -100 to 100',
  animationInvertInvalid: 'Invert must be true or false',
  animationSpeedInvalid: 'Speed must be a number from 0.25 to 4',
  animationNotOwned: 'The animation must be a file you uploaded',
  editApkViaRelease: 'The APK is changed by publishing an update: same app, higher version code, same signing key.',
} as const;
