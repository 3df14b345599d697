/**
 * The admin panel.
 * Part of the text catalogue (../messages.ts): one home per text, split so a page loads only its own.
 */
export const ADMIN_MSG = {
  requestDeleteConfirm: 'Are you sure you want to delete this request?',

  // §8 admin
  userPromoted: 'User promoted to admin successfully!',
  userPromoteFailed: 'Failed to promote user to admin',
  adminAdded: 'Admin added successfully!',
  adminAddFailed: (message: string) => `Failed to add admin: ${message}`,
  glyphDeleted: 'Glyph deleted successfully!',
  requestDeleted: 'Request deleted successfully!',
  requestDeleteFailed: 'Failed to delete request',
  requestReset: 'Request reset to open status!',
  requestResetFailed: 'Failed to reset request',
  syncFailed: 'Sync failed',
  syncAll: 'Sync All',
  syncing: 'Syncing...',
  accessDenied: 'Access Denied',
  adminRemoved: 'Admin rights removed',
  adminRemoveFailed: 'Failed to remove admin rights',
  adminRemoveConfirm: 'Are you sure you want to remove admin rights from this user?',
  requestForceCompleteConfirm: 'Are you sure you want to mark this request as completed?',
  requestResetConfirm: 'Are you sure you want to reset this request to open status?',
  // The admin's queue of held releases (a signing key change waits for a decision).
  pendingReleasesTab: 'Releases',
  /** A tab with work waiting shows how much (issue 48): 'Reports (3)'. */
  tabWithCount: (label: string, count: number) => (count > 0 ? `${label} (${count})` : label),
  bellOpenReports: (n: number) => `${n} open ${n === 1 ? 'report' : 'reports'} to review`,
  bellHeldReleases: (n: number) => `${n} ${n === 1 ? 'release' : 'releases'} waiting for key review`,
  bellAdminLabel: 'Waiting for admins',
} as const;
