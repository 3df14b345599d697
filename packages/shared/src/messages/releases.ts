/**
 * Releases: publishing updates, history, install links and feeds (issue 18).
 * Part of the text catalogue (../messages.ts): one home per text, split so a page loads only its own.
 */
import { formatCount } from '../format/index.ts';

export const RELEASE_MSG = {
  releaseChangelogTooLong: 'Changelog is limited to 5,000 characters',
  releaseApkRequired: 'Upload the new APK first',
  pendingReleasesHeading: 'Releases waiting for approval',
  pendingReleasesEmpty: 'No release is waiting for approval.',
  pendingReleasesLoadFailed: 'Failed to load releases waiting for approval',
  pendingPreviousSigner: 'Previous signing key',
  pendingNewSigner: 'New signing key',
  pendingUnsigned: 'Unsigned',
  /** A held release's name when its APK has no versionName. */
  versionCodeName: (code: number) => `version code ${code}`,
  unnamedRelease: 'this release',
  pendingBy: 'by',
  approveSignerChange: 'Approve',
  rejectSignerChange: 'Reject',
  approveSignerChangeConfirm: (glyph: string, version: string) =>
    `Publish ${version} of ${glyph} with its new signing key? It will carry a "Signing key changed" warning.`,
  rejectSignerChangeConfirm: (glyph: string, version: string) =>
    `Reject ${version} of ${glyph}? It will not be published, and the creator can publish again with the previous key.`,
  approvingSignerChange: 'Approving...',
  rejectingSignerChange: 'Rejecting...',
  signerChangeApproved: (version: string) => `${version} approved and published`,
  signerChangeRejected: (version: string) => `${version} rejected`,
  signerChangeDecisionFailed: 'Failed to decide on the release',
  releasesHeading: 'Version history',
  releasesEmpty: 'No releases yet.',
  releaseUntitled: (n: number) => `Release ${n}`,
  // Not 'n downloads': that is the glyph's total on the same page.
  releaseDownloads: (n: number) => `Downloads: ${formatCount(n)}`,
  publishUpdateHint: 'Upload the new APK: the same app with a higher version code.',
  releaseNoteTooLong: 'The note is limited to 1,000 characters',
  keyChangeHeading: 'Signed with a different key',
  keyChangeBody:
    'This APK is signed by a different key than the current release. If you publish it, it is held until an admin reviews the change: it is not public until then, and once approved it carries a "Signing key changed" warning. You will get a notification either way.',
  keyChangeCurrent: 'Current key',
  keyChangeNew: 'Key of this APK',
  reviewNoteLabel: 'Note for the reviewer (optional)',
  reviewNoteHint: 'Why did the key change? Only admins see this.',
  publishForReview: 'Publish for review',
  heldHeading: 'Waiting for review',
  heldBody: (version: string | null) =>
    `${version ? `Version ${version}` : 'Your update'} is signed with a different key and waits for an admin to review the change. It is not public yet; you will get a notification when it is decided.`,
  heldNote: 'Your note to the reviewer',
  heldLoadFailed: 'Failed to load releases waiting for review',
  pendingApkLink: 'Download the held APK',
  pendingCreatorNote: 'Note from the creator',
  pendingNoNote: 'The creator left no note.',
  pendingPermissionsHeading: 'Permission changes',
  pendingPermissionsSame: 'Same permissions as the published release.',
  pendingPermissionsUnknown: 'No APK report to compare permissions with.',
  rejectNoteLabel: 'Note for the creator (optional)',
  rejectNoteHint: 'Told to the creator with the decision.',
  addedPermissions: 'New permissions',
  removedPermissions: 'Removed permissions',
  publishChangelogLabel: "What's new",
  publishChangelogHint: 'Plain text; line breaks and links are kept. Up to 5,000 characters.',
  publishButton: 'Publish',
  publishing: 'Publishing...',
  published: (version: string) => `${version} published`,
  installHeading: 'Install on your phone',
  installQrCaption: 'Scan with your phone to open this page there.',
  latestApkLink: 'Latest APK link',
  addToObtainium: 'Add to Obtainium',
  releasesFeed: 'Releases feed (Atom)',
  diffHeading: 'Changes since the previous release',
  diffNoChanges: 'Same permissions and toys as the previous release.',
  diffNoReport: 'The previous release has no APK report to compare with.',
} as const;
