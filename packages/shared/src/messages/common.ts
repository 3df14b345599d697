/**
 * Texts of the app shell (top bar, errors, dates) and texts more than one feature shows.
 * Part of the text catalogue (../messages.ts): one home per text, split so a page loads only its own.
 */
export const COMMON_MSG = {
  tooManyAttempts: 'Too many failed attempts. Please try again later.',
  loginFailed: 'Failed to sign in. Please try again.',
  signupFailed: 'Failed to create account. Please try again.',
  maxFiles: (n: number) => `Maximum ${n} files allowed`,
  linkCopied: 'Link copied to clipboard!',
  deleteGlyphConfirm:
    'Are you sure you want to permanently delete this glyph and all its related data? This action cannot be undone.',
  noGlyphsFound: 'No glyphs found',
  requestCompleted: 'Request marked as completed!',
  requestCompleteFailed: 'Failed to complete request',
  tooManyTags: 'At most 10 tags are allowed',
  tagTooLong: 'Tags must be at most 30 characters long',
  glyphDeleteFailed: 'Failed to delete glyph',
  unknownDate: 'Unknown date',
  unknownUser: 'Unknown',
  noRequestsFound: 'No requests found',
  loadingAdminPanel: 'Loading admin panel...',

  // generic API errors (DESIGN §3)
  unauthorized: 'Please log in to continue',
  internal: 'Something went wrong. Please try again.',
  updatedOn: (date: string) => `Updated ${date}`,
  signingKeyChanged: 'Signing key changed',
  publishUpdate: 'Publish an update',

  authContextMissing: 'useAuth must be used within an AuthProvider',
  httpStatus: (status: number) => `HTTP ${status}`,
} as const;
