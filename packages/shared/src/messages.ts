/**
 * Every user-visible text that the spec fixes, word for word (spec §2, §5, §8, §9).
 * Both the server (error bodies) and the web app (screens) read them from here.
 */
import { PRODUCT_NAME } from './constants.ts';

export const MSG = {
  // §5 signup, in the order they are checked
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  usernameTooShort: 'Username must be at least 3 characters long',
  usernameChars: 'Username can only contain letters, numbers, and underscores',
  // bounds the spec leaves open (DESIGN §4.4, §4.8, SECURITY input bounds)
  usernameTooLong: 'Username must be at most 30 characters long',
  usernameTaken: 'This username is already taken.',
  passwordTooLong: 'Password must be at most 128 characters long',
  displayNameRequired: 'Display name is required',
  displayNameTooLong: 'Display name must be at most 50 characters long',
  emailRequired: 'Email is required',

  // §8 login
  loginUserNotFound: 'No account found with this email address.',
  loginWrongPassword: 'Incorrect password.',
  invalidEmail: 'Invalid email address.',
  tooManyAttempts: 'Too many failed attempts. Please try again later.',
  loginFailed: 'Failed to sign in. Please try again.',
  // §8 signup
  emailInUse: 'An account with this email already exists.',
  weakPassword: 'Password is too weak.',
  signupFailed: 'Failed to create account. Please try again.',

  // §5 upload
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  apkOrGithubRequired: 'Either APK file or GitHub repository URL is required',
  githubUrlInvalid: 'GitHub URL must be a valid HTTP/HTTPS URL',
  titleTooLong: 'Title must be at most 100 characters long',
  descriptionTooLong: 'Description must be at most 5000 characters long',
  instructionsTooLong: 'Instructions must be at most 10000 characters long',
  urlInvalid: 'URL must be a valid HTTP/HTTPS URL',
  imageUrlInvalid: 'Image URLs must be valid HTTP/HTTPS URLs',
  tooManyImages: 'Maximum 5 files allowed',
  apkNotOwned: 'The APK must be a file you uploaded',
  // §5 file upload
  onlyOneFile: 'Only one file is allowed',
  maxFiles: (n: number) => `Maximum ${n} files allowed`,
  fileTooLarge: 'File is too large (maximum 50MB)',
  fileTypeImage: 'Only PNG, JPG, JPEG, GIF and WebP images are allowed',
  fileTypeApk: 'Only .apk files are allowed',
  // §8 glyphs and files
  uploadGlyphFailed: 'Failed to upload glyph. Please try again.',
  updateGlyphFailed: (message: string) => `Failed to update glyph: ${message}`,
  fileUploadFailed: (message: string) => `Upload failed: ${message}`,
  fileDeleteFailed: (message: string) => `Failed to delete file: ${message}`,
  glyphNotFound: 'Glyph not found',
  glyphDeletedTitle: 'Glyph Deleted',
  glyphDeletedBody: 'This glyph has been deleted by its creator and is no longer available.',
  linkCopied: 'Link copied to clipboard!',
  downloadDisclaimer: `This APK is shared by the community. ${PRODUCT_NAME} does not guarantee the safety or functionality of third-party files. Download and install at your own risk.`,
  deleteGlyphConfirm:
    'Are you sure you want to permanently delete this glyph and all its related data? This action cannot be undone.',
  noGlyphsFound: 'No glyphs found',

  // §2 search
  searchTitle: 'Search Glyphs',
  searchSubtitle: 'Discover glyph toys made by the community',
  searchPlaceholder: 'Search glyphs...',
  searchButton: 'Search',
  searching: 'Searching...',
  /** 'N results found'; `more` when further pages exist ('100+ results found'). */
  searchResultsFound: (count: number, more = false) => `${count}${more ? '+' : ''} ${count === 1 && !more ? 'result' : 'results'} found`,
  noResultsFound: 'No results found',
  browseAllGlyphs: 'Browse All Glyphs',
  startSearching: 'Start searching',
  startSearchingHint: 'Find glyph toys by name, creator or description. Try one of these:',
  bestMatch: 'Best match',

  // files and glyphs: texts the spec leaves open (DESIGN §4.9, SECURITY "Uploads")
  fileNotFound: 'File not found',
  fileMissing: 'No file was sent',
  fileEmpty: 'The file is empty',
  fileTypeInvalid: 'File type must be images, apks or animations',
  fileImageUnreadable: 'The image could not be read',
  fileApkInvalid: 'The file is not a valid APK',
  fileQuarantined: 'This file was flagged by the malware scan and cannot be used',
  fileInUse: 'This file is used by a glyph and cannot be deleted',
  uploadRateLimited: 'Too many uploads. Please try again later.',
  uploadInterrupted: 'The upload was interrupted',
  controlCharacters: 'Text must not contain control characters',
  apkNotFoundForGlyph: 'The APK file was not found',
  databaseReachable: (latencyMs: number) => `Database reachable (${latencyMs} ms)`,
  databaseUnreachable: 'Database unreachable',

  // §2 storefront
  userNotFound: 'User not found',
  userDoesNotExist: (name: string) => `The user @${name} does not exist.`,

  // §8 settings
  profileRecentLogin: 'Please log out and log back in before updating your email.',
  profileUpdateFailed: (message: string) => `Failed to update profile: ${message}`,
  profileUpdated: 'Profile updated successfully!',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordUpdateFailed: (message: string) => `Failed to update password: ${message}`,
  passwordUpdated: 'Password updated successfully!',
  newPasswordsDoNotMatch: 'New passwords do not match',
  deleteAccountPasswordRequired: 'Please enter your current password to confirm deletion.',
  deleteAccountFailed: (message: string) => `Failed to delete account: ${message}`,
  accountDeleted: 'Account and all glyphs deleted successfully.',
  bioTooLong: 'Bio must be at most 500 characters long',
  locationTooLong: 'Location must be at most 100 characters long',

  // §5 / §8 requests
  requestLoginToCreate: 'Please log in to create a request',
  requestLoginToTakeOn: 'Please log in to take on requests',
  requestCreateFailed: 'Failed to create request',
  requestTakeOnSuccess: 'Successfully took on the request!',
  requestTakeOnFailed: 'Failed to take on request',
  requestCompleted: 'Request marked as completed!',
  requestCompleteFailed: 'Failed to complete request',
  requestCancelled: 'Request cancelled',
  requestCancelFailed: 'Failed to cancel request',
  requestDeleteConfirm: 'Are you sure you want to delete this request?',
  requestNotFound: 'Request not found',
  requestTitleRequired: 'Title is required',
  requestDescriptionRequired: 'Description is required',
  tooManyTags: 'At most 10 tags are allowed',
  tagTooLong: 'Tags must be at most 30 characters long',
  requestNotOpen: 'This request has already been taken on',
  requestOwnTakeOn: 'You cannot take on your own request',
  requestNotInProgress: 'This request is not in progress',
  requestNotResettable: 'Only in-progress or completed requests can be reset',
  requestNotCancellable: 'This request can no longer be cancelled',
  requestGlyphNotOwned: 'The glyph must be one of your own glyphs',
  // web texts the spec leaves open (issue 6)
  requestCreated: 'Request created!',
  requestCancelConfirm: 'Are you sure you want to cancel this request?',
  requestLoadFailed: 'This request could not be loaded. Please try again.',
  requestGiveBackConfirm: 'Are you sure you want to cancel this request? It will go back to the open requests for someone else to take on.',

  // §8 admin
  userPromoted: 'User promoted to admin successfully!',
  userPromoteFailed: 'Failed to promote user to admin',
  adminAdded: 'Admin added successfully!',
  adminAddFailed: (message: string) => `Failed to add admin: ${message}`,
  glyphDeleted: 'Glyph deleted successfully!',
  glyphDeleteFailed: 'Failed to delete glyph',
  requestDeleted: 'Request deleted successfully!',
  requestDeleteFailed: 'Failed to delete request',
  requestReset: 'Request reset to open status!',
  requestResetFailed: 'Failed to reset request',
  syncFailed: 'Sync failed',
  syncAlreadyRunning: 'Sync already running',
  syncUpdated: (n: number) => `Updated ${n} glyphs`,
  unknownDate: 'Unknown date',
  unknownUser: 'Unknown',
  noRequestsFound: 'No requests found',
  superAdminProtected: 'The super admin cannot be changed by other admins',
  noAccountWithEmail: 'No account found with this email address.',
  // admin texts the spec leaves open (issue 7)
  syncInputRequired: 'Send syncAll: true or a glyphId',
  syncInputBoth: 'Send either syncAll or a glyphId, not both',
  syncAll: 'Sync All',
  syncing: 'Syncing...',
  loadingAdminPanel: 'Loading admin panel...',
  accessDenied: 'Access Denied',
  adminRemoved: 'Admin rights removed',
  adminRemoveFailed: 'Failed to remove admin rights',
  adminRemoveConfirm: 'Are you sure you want to remove admin rights from this user?',
  requestForceCompleteConfirm: 'Are you sure you want to mark this request as completed?',
  requestResetConfirm: 'Are you sure you want to reset this request to open status?',

  // generic API errors (DESIGN §3)
  unauthorized: 'Please log in to continue',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  invalidRequest: 'Invalid request',
  internal: 'Something went wrong. Please try again.',
  unavailable: 'Service temporarily unavailable',
  freshSessionRequired: 'Please log in again to confirm this action',

  // web: password recovery and settings texts the spec leaves open
  resetLinkSent: 'If an account exists for that email, a reset link is on its way.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  passwordResetDone: 'Your password has been reset. You can now log in.',
  profilePictureHint: 'Recommended: 400x400 or larger',
  resetFailed: 'Failed to reset password. Please try again.',

  // §2 Liked
  likedLoginRequired: 'Please log in to view your liked posts',
  likedHeading: 'Liked Posts',
  likedCount: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'glyph' : 'glyphs'} you've liked`,
  likedEmptyTitle: 'No liked posts yet',
  likedEmptyBody: 'Start exploring glyphs and like the ones you love!',
  likedLoadFailed: 'Failed to update your likes. Please try again.',

  // Issue 17: browse, glyph tags and filters
  allGlyphsHeading: 'All Glyphs',
  glyphTagsInvalid: 'Tags must be a list of words or a comma-separated text',
  hasFilterInvalid: "has must be 'apk' or 'source'",
  tooManyTagFilters: 'Filter by at most 10 tags',
  tooManyImagesKept: (kept: number, dropped: number) =>
    `Only ${kept} images can be added: the first ${kept} were kept and ${dropped === 1 ? '1 was' : `${dropped} were`} left out.`,
  saving: 'Saving…',
  /** spec §8 'Password is too weak.' with the reason (issue 17: it passed 'At least 6 characters'). */
  weakPasswordCommon: 'Password is too weak. It is one of the most commonly used passwords, which are guessed first: choose a less common one.',
  // Issue 16: living previews (animation import and the glyph's animation)
  animationSizeInvalid: 'Matrix size must be 25 or 13',
  animationBrightnessInvalid: 'Brightness must be a whole number from -100 to 100',
  animationContrastInvalid: 'Contrast must be a whole number from -100 to 100',
  animationInvertInvalid: 'Invert must be true or false',
  animationSpeedInvalid: 'Speed must be a number from 0.25 to 4',
  animationNotOwned: 'The animation must be a file you uploaded',
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

  authContextMissing: 'useAuth must be used within an AuthProvider',
  httpStatus: (status: number) => `HTTP ${status}`,
} as const;
