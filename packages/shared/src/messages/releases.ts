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
  publishUpdateHint: 'Upload the new APK: same app, higher version code, same signing key.',
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
