/**
 * Every `code` the API answers in `{error, code}` (issue 22): the server's error helpers accept only
 * these, and the web client compares against them, so a renamed or misspelled code fails to compile
 * on both sides instead of silently never matching.
 */
export const ERROR_CODES = [
  // Generic
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'INVALID_BODY',
  'INVALID_CURSOR',
  'BAD_REQUEST',
  'BAD_ORIGIN',
  'BAD_PATH',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'STATE_CHANGED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RANGE_NOT_SATISFIABLE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
  'INSUFFICIENT_STORAGE',
  // Accounts
  'INVALID_CREDENTIALS',
  'INVALID_EMAIL',
  'INVALID_PASSWORD',
  'INVALID_TOKEN',
  'WEAK_PASSWORD',
  'EMAIL_TAKEN',
  'USERNAME_TAKEN',
  'USER_NOT_FOUND',
  'SIGNUP_FAILED',
  'RECENT_LOGIN_REQUIRED',
  'ACCOUNT_SUSPENDED',
  'SUPER_ADMIN_PROTECTED',
  'SUPER_ADMIN_ONLY',
  'MAIL_FAILED',
  // Better Auth's codes the auth routes pass on (with the spec's message where one exists); any other Better Auth code is reported as AUTH_ERROR.
  'AUTH_ERROR',
  'USER_ALREADY_EXISTS',
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'FAILED_TO_CREATE_USER',
  'TOO_MANY_REQUESTS',
  // Files, APKs and animations
  'EMPTY_FILE',
  'TOO_MANY_FILES',
  'UNSUPPORTED_FILE_TYPE',
  'UPLOAD_INTERRUPTED',
  'FILE_REJECTED',
  'FILE_QUARANTINED',
  'FILE_IN_USE',
  'QUOTA_EXCEEDED',
  'APK_INVALID',
  'UPLOAD_TOO_COSTLY',
  'UPLOAD_BUSY',
  'APK_NOT_OWNED',
  'REFERENCE_NOT_OWNED',
  'ANIMATION_REJECTED',
  'ANIMATION_NOT_OWNED',
  'GLYPH_NOT_OWNED',
  // Releases (issue 18)
  'APK_NOT_ANALYSED',
  'APK_NO_VERSION_CODE',
  'APK_SIGNATURE_INVALID',
  'PACKAGE_MISMATCH',
  'VERSION_NOT_INCREASING',
  'RELEASE_PENDING',
  'RELEASE_VERSION_TAKEN',
  'RELEASE_NOT_PENDING',
  'RELEASE_REQUIRED',
  // Requests, community and moderation
  'INVALID_TRANSITION',
  'OWN_REQUEST',
  'OWN_CONTENT',
  'EDIT_WINDOW_CLOSED',
  'COMMENTS_OFF',
  'FOLLOW_SELF',
  'DUPLICATE_REPORT',
  'ALREADY_RESOLVED',
  'ALREADY_SUSPENDED',
  'NOT_SUSPENDED',
  'NOT_HIDDEN',
  'ADMIN_NOT_SUSPENDABLE',
  'ACTION_NOT_APPLICABLE',
  'SYNC_RUNNING',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN = new Set<string>(ERROR_CODES);

/** True when `value` is one of the API's error codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN.has(value);
}
