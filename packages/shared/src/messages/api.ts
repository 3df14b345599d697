/**
 * Texts only the API answers with (error bodies: files, animations, releases, moderation, limits);
 * the web app shows them from the response, so no page needs to load them.
 * Part of the text catalogue (../messages.ts): one home per text, split so a page loads only its own.
 */
export const API_MSG = {
  usernameTaken: 'This username is already taken.',

  // §8 login
  loginUserNotFound: 'No account found with this email address.',
  loginWrongPassword: 'Incorrect password.',
  weakPassword: 'Password is too weak.',
  apkNotOwned: 'The APK must be a file you uploaded',

  // files and glyphs: texts the spec leaves open (DESIGN §4.9, SECURITY "Uploads")
  fileNotFound: 'File not found',
  fileMissing: 'No file was sent',
  fileEmpty: 'The file is empty',
  fileTypeInvalid: 'File type must be images, apks or animations',
  fileImageUnreadable: 'The image could not be read',
  fileApkInvalid: 'The file is not a valid APK',
  uploadTooCostly: 'The file takes too much time or memory to check',
  uploadBusy: 'The server is busy checking other uploads; try again in a minute',
  fileQuarantined: 'This file was flagged by the malware scan and cannot be used',
  fileInUse: 'This file is used by a glyph and cannot be deleted',
  uploadRateLimited: 'Too many uploads. Please try again later.',
  uploadInterrupted: 'The upload was interrupted',
  /** Issue 21: the per-user storage quota (UPLOAD_QUOTA_BYTES), e.g. '1.0 GB'. */
  uploadQuotaExceeded: (quota: string) => `Upload failed: your files would use more than your storage quota of ${quota}. Delete files you no longer use and try again.`,
  controlCharacters: 'Text must not contain control characters',
  apkNotFoundForGlyph: 'The APK file was not found',
  emailChangeMailFailed: 'The confirmation email could not be sent. Please try again.',
  requestNotOpen: 'This request has already been taken on',
  requestOwnTakeOn: 'You cannot take on your own request',
  requestNotInProgress: 'This request is not in progress',
  requestNotResettable: 'Only in-progress or completed requests can be reset',
  requestNotCancellable: 'This request can no longer be cancelled',
  requestGlyphNotOwned: 'The glyph must be one of your own glyphs',
  syncAlreadyRunning: 'Sync already running',
  syncUpdated: (n: number) => `Updated ${n} glyphs`,
  superAdminProtected: 'The super admin cannot be changed by other admins',
  noAccountWithEmail: 'No account found with this email address.',
  // admin texts the spec leaves open (issue 7)
  syncInputRequired: 'Send syncAll: true or a glyphId',
  syncInputBoth: 'Send either syncAll or a glyphId, not both',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  invalidRequest: 'Invalid request',
  unavailable: 'Service temporarily unavailable',
  freshSessionRequired: 'Please log in again to confirm this action',
  weakPasswordCommon: 'Password is too weak. It is one of the most commonly used passwords, which are guessed first: choose a less common one.',
  // Issue 21: hardening
  tooManyWrites: 'Too many changes in a short time. Please try again later.',
  tooManyReads: 'Too many requests. Please try again later.',
  invalidPath: 'Invalid request path',
  animationTypeUnsupported: 'Animations must be Glyph Matrix JSON, GIF, WebP, APNG, PNG or JPEG',
  animationFileTooLarge: 'The animation file is too large (maximum 8MB)',
  animationJsonInvalid: 'The animation JSON is malformed',
  animationMatrixSizeUnsupported: 'The matrix size must be 25×25 or 13×13',
  animationNoFrames: 'The animation has no frames',
  animationTooManyFrames: 'An animation has at most 1,000 frames',
  animationFrameDuration: 'Each frame must last from 20 ms to 10 s',
  animationFrameData: (size: number) => `Each frame needs ${size * size} whole numbers from 0 to 255`,
  animationTooLong: 'An animation lasts at most 60 seconds',
  animationPixelsTooLarge: 'The image dimensions are too large',
  animationUnreadable: 'The animation could not be read',
  animationDataTooLarge: 'The animation’s image data inflates to more than its frames hold',
  releaseNoApkReport: 'This APK has not been analysed; upload it again',
  releasePackageMismatch: (got: string, expected: string) =>
    `This APK is ${got}, but this glyph ships ${expected}: an update must be the same app`,
  releaseVersionNotIncreasing: (got: number, previous: number) =>
    `The version code (${got}) must be higher than the previous release's (${previous})`,
  releaseNoVersionCode: 'This APK declares no version code, so it cannot be an update',
  releaseSignatureInvalid: "This APK's signature does not verify; sign it again and upload it",
  releaseVersionTaken: 'Another update of this glyph was just published; check the version history and try again',
  releasePendingExists: 'An earlier update is waiting for an admin to approve its new signing key',
  releaseSignerChangedHeld:
    'This APK is signed with a different key than the previous release. It is held until an admin approves the change, and will then carry a "Signing key changed" warning.',
  releaseNotFound: 'Release not found',
  releaseNotPending: 'This release is not waiting for approval',
  releaseNoRelease: 'This glyph has no release to download',
  /** update-glyph may not swap the APK of a glyph with releases: that skips the update checks. */
  releaseRequiredForApk: "This glyph has releases: change its APK with 'Publish an update' on the glyph page",
  // the email-change confirmation link (the API's answer; its page shows the body)
  verifyLinkInvalid: 'This confirmation link is invalid or has expired.',
} as const;
