/**
 * Issue 19: community and moderation — reports, the moderation queue, comments, follows,
 * notifications and request votes. Limits, enums and texts both apps use.
 */

export const REPORT_TARGET_TYPES = ['glyph', 'user', 'request', 'release', 'comment'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['malware', 'broken', 'stolen', 'flashing', 'spam', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What the report dialog shows for each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  malware: 'Malware or suspicious',
  broken: 'Broken',
  stolen: 'Stolen or impersonation',
  flashing: 'Flashing without warning',
  spam: 'Spam',
  offensive: 'Offensive',
  other: 'Other',
};

export const MODERATION_ACTIONS = ['dismiss', 'hide', 'restore', 'remove', 'warn', 'suspend', 'unsuspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Which actions apply to which target (the queue offers only these). */
export const MODERATION_ACTIONS_BY_TARGET: Record<ReportTargetType, readonly ModerationAction[]> = {
  glyph: ['dismiss', 'hide', 'restore', 'remove', 'warn', 'suspend', 'unsuspend'],
  user: ['dismiss', 'warn', 'suspend', 'unsuspend'],
  request: ['dismiss', 'remove', 'warn', 'suspend', 'unsuspend'],
  comment: ['dismiss', 'remove', 'warn', 'suspend', 'unsuspend'],
  // A bad release is answered on its publisher (a key change is already held for approval, issue 18).
  release: ['dismiss', 'warn', 'suspend', 'unsuspend'],
};

export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  hide: 'Hide',
  restore: 'Restore',
  remove: 'Remove',
  warn: 'Warn',
  suspend: 'Suspend',
  unsuspend: 'Lift suspension',
};

export const MAX_REPORT_DETAILS = 2000;
export const MAX_MODERATION_NOTE = 1000;
export const MAX_COMMENT = 2000;
/** A comment can be edited by its author for this long after posting. */
export const COMMENT_EDIT_WINDOW_MS = 15 * 60 * 1000;
export const COMMENTS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_SIZE = 30;
export const FOLLOWING_PAGE_SIZE = 24;
/** A taken request idle this long gets a reminder; REQUEST_STALE_GRACE_DAYS later it goes back to open. */
export const REQUEST_STALE_DAYS = 14;
export const REQUEST_STALE_GRACE_DAYS = 3;

export const NOTIFICATION_TYPES = [
  'request_taken',
  'request_completed',
  'request_cancelled',
  'request_reset',
  'request_stale_reminder',
  'new_comment',
  'new_glyph',
  'new_release',
  'moderation',
  'release_approved',
  'release_rejected',
  'report_resolved',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const COMMUNITY_MSG = {
  // reports
  reportTargetTypeInvalid: `targetType must be one of ${REPORT_TARGET_TYPES.join(', ')}`,
  reportTargetIdRequired: 'targetId is required',
  reportReasonInvalid: `reason must be one of ${REPORT_REASONS.join(', ')}`,
  reportDetailsTooLong: `Details are limited to ${MAX_REPORT_DETAILS.toLocaleString('en-US')} characters`,
  reportDuplicate: 'You have already reported this. An admin will look at it soon.',
  reportOwn: 'You cannot report your own content',
  reportTargetNotFound: 'The reported item was not found',
  reportNotFound: 'Report not found',
  reportSent: 'Report sent. Thank you — an admin will look at it.',
  reportFailed: 'Failed to send the report',
  commentNotFound: 'Comment not found',
  rateLimited: 'You are doing that too often. Please try again later.',
  // moderation
  moderationActionInvalid: `action must be one of ${MODERATION_ACTIONS.join(', ')}`,
  moderationNoteTooLong: `The note is limited to ${MAX_MODERATION_NOTE.toLocaleString('en-US')} characters`,
  moderationNoteRequired: 'A note is required: the creator is told what happened and why',
  moderationActionNotApplicable: (action: string, target: string) => `${action} does not apply to a ${target}`,
  reportAlreadyResolved: 'This report is already resolved',
  /** Asked before every moderation action (issue 48): what it does and who hears of it. */
  moderationConfirm: (action: ModerationAction, title: string): string => {
    const told = 'The owner is told, with your note; the reporters hear the outcome, not the note.';
    switch (action) {
      case 'dismiss':
        return `Dismiss the reports about ${title}? Nothing changes for the owner; the reporters hear that no action was taken.`;
      case 'hide':
        return `Hide ${title}? It disappears from every list until restored. ${told}`;
      case 'restore':
        return `Restore ${title}? It is public again, and the owner is told.`;
      case 'remove':
        return `Remove ${title} for good? This cannot be undone. ${told}`;
      case 'warn':
        return `Warn the owner of ${title}? Nothing is hidden or removed. ${told}`;
      case 'suspend':
        return `Suspend the owner of ${title}? They are signed out everywhere and cannot post. ${told}`;
      case 'unsuspend':
        return `Lift the suspension of the owner of ${title}? They are told.`;
    }
  },
  moderationDone: (action: ModerationAction, title: string): string => {
    switch (action) {
      case 'dismiss':
        return `Reports about ${title} dismissed`;
      case 'hide':
        return `${title} hidden`;
      case 'restore':
        return `${title} restored`;
      case 'remove':
        return `${title} removed`;
      case 'warn':
        return `Owner of ${title} warned`;
      case 'suspend':
        return `Owner of ${title} suspended`;
      case 'unsuspend':
        return `Suspension of the owner of ${title} lifted`;
    }
  },
  moderationFailed: 'Failed to resolve the report',
  moderationWorking: 'Working...',
  targetGone: 'The reported item no longer exists',
  glyphNotHidden: 'This glyph is not hidden',
  userNotSuspended: 'This user is not suspended',
  userAlreadySuspended: 'This user is already suspended',
  adminCannotBeSuspended: 'Admins cannot be suspended: remove their admin rights first',
  accountSuspended: 'Your account is suspended',
  onlySuperAdminRemovesAdmins: 'Only the super admin can remove admin rights',
  // comments
  commentRequired: 'Comment cannot be empty',
  commentTooLong: `Comments are limited to ${MAX_COMMENT.toLocaleString('en-US')} characters`,
  commentsOff: 'Comments are turned off for this glyph',
  commentEditWindow: 'Comments can only be edited within 15 minutes of posting',
  commentsTitle: 'Comments',
  commentsEmpty: 'No comments yet',
  /** Beside the glyph creator's own comments (issue 48). */
  creatorBadge: 'Creator',
  commentsOffNotice: 'The creator has turned comments off for this glyph.',
  // follows
  followSelf: 'You cannot follow yourself',
  followingTitle: 'Following',
  followingEmpty: 'Nothing here yet',
  followingEmptyBody: 'Follow creators on their storefronts to see their new glyphs and releases here.',
  followingDescription: 'New glyphs and releases from the creators you follow.',
  /** The line under a release entry's card: 'New release: version 1.2'. */
  followingNewRelease: (versionName: string | null) => (versionName ? `New release: version ${versionName}` : 'New release'),
  // votes and stale requests
  voteOwn: 'You cannot vote for your own request',
  /** The vote button: 'I want this too', short enough for a card at 390 px (issue 48). */
  voteButton: 'Me too',
  voteNotOpen: 'Only open requests can be voted for',
  stillWorkingNotAssignee: 'Only the assignee can say they are still working on this request',
  // notifications
  notificationIdsRequired: 'Send ids or all: true',
  notificationsTitle: 'Notifications',
  notificationsEmpty: 'No notifications yet',
  unsubscribeDone: 'You will no longer receive the daily email digest.',
  unsubscribeInvalid: 'This unsubscribe link is invalid.',
} as const;

/** The one-line text of a notification (bell, digest email). */
export function notificationText(type: string, data: Record<string, string | null | undefined>): string {
  const title = data.title ?? data.requestTitle ?? data.glyphTitle ?? '';
  const actor = data.actorUsername ? `@${data.actorUsername}` : 'Someone';
  switch (type) {
    case 'request_taken':
      return `${actor} took on your request "${title}"`;
    case 'request_completed':
      return `${actor} completed your request "${title}"`;
    case 'request_cancelled':
      return `The request "${title}" you took on was cancelled by its creator`;
    case 'request_reset':
      return data.reason === 'stale'
        ? `The request "${title}" went back to open after ${REQUEST_STALE_DAYS} days without activity`
        : `The request "${title}" you took on was reset to open by an admin`;
    case 'request_stale_reminder':
      return `Still working on "${title}"? It goes back to open in ${REQUEST_STALE_GRACE_DAYS} days unless you complete it or say you are still on it`;
    case 'new_comment':
      return `${actor} commented on "${title}"`;
    case 'new_glyph':
      return `${actor} shared a new glyph: "${title}"`;
    case 'new_release':
      return `${actor} published ${data.version ? `version ${data.version}` : 'a new version'} of "${title}"`;
    case 'moderation':
      return moderationText(data);
    case 'release_approved':
      return `An admin approved the new signing key: ${data.version ? `version ${data.version}` : 'your update'} of "${title}" is published`;
    case 'release_rejected':
      return `An admin did not approve the new signing key of ${data.version ? `version ${data.version}` : 'your update'} of "${title}"; it is not published.${data.note ? ` Note: ${data.note}` : ''}`;
    case 'report_resolved':
      return reportResolvedText(data);
    default:
      return title;
  }
}

/** The reporter's notice: what became of their report, never the admin's private note. */
function reportResolvedText(data: Record<string, string | null | undefined>): string {
  const what = `${data.targetType === 'user' ? 'an account' : `a ${data.targetType ?? 'post'}`}${data.title ? ` "${data.title}"` : ''}`;
  switch (data.action) {
    case 'hide':
      return `Thanks for your report of ${what}: an admin hid it.`;
    case 'remove':
      return `Thanks for your report of ${what}: an admin removed it.`;
    case 'warn':
      return `Thanks for your report of ${what}: an admin warned its owner.`;
    case 'suspend':
      return `Thanks for your report of ${what}: an admin suspended the account.`;
    default:
      return `Thanks for your report of ${what}: an admin reviewed it and took no action.`;
  }
}

function moderationText(data: Record<string, string | null | undefined>): string {
  const what = data.targetType === 'user' ? 'your account' : `your ${data.targetType ?? 'content'}${data.title ? ` "${data.title}"` : ''}`;
  const why = data.note ? ` Reason: ${data.note}` : '';
  switch (data.action) {
    case 'hide':
      return `An admin hid ${what}.${why}`;
    case 'restore':
      return `An admin restored ${what}.${why}`;
    case 'remove':
      return `An admin removed ${what}.${why}`;
    case 'warn':
      return `An admin warned you about ${what}.${why}`;
    case 'suspend':
      return `An admin suspended your account.${why}`;
    case 'unsuspend':
      return `An admin lifted the suspension of your account.${why}`;
    default:
      return `An admin reviewed ${what}.${why}`;
  }
}
