import { notificationText, type Comment, type FollowingEntry, type Notification, type NotificationType, type Report, type ReportGroup, type ReportReason, type ReportTargetType } from '@glyphary/shared';
import { toGlyph } from '../glyphs/glyphs.presenter.ts';
import type { CommentRow } from './comments.repository.ts';
import type { FollowingRow } from './follows.repository.ts';
import type { NotificationRow } from './notifications.repository.ts';
import type { ReportRow, TargetFacts } from './reports.repository.ts';
import type { ReportGroupView } from './reports.service.ts';

export function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    targetType: row.targetType as ReportTargetType,
    targetId: row.targetId,
    reason: row.reason as ReportReason,
    details: row.details,
    status: row.status as 'open' | 'resolved',
    resolution: row.resolution,
    resolutionNote: row.resolutionNote,
    reporter: row.reporterUsername === null ? null : { id: row.reporterId, username: row.reporterUsername },
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** What an admin sees of a target: never its owner's email. */
export function toTargetSummary(target: TargetFacts): ReportGroup['target'] {
  return {
    exists: target.exists,
    title: target.title,
    excerpt: target.excerpt,
    url: target.url,
    owner: target.ownerId && target.ownerUsername ? { id: target.ownerId, username: target.ownerUsername } : null,
    hidden: target.hidden,
    deleted: target.deleted,
    ownerSuspended: target.ownerSuspended,
    apk: target.apk,
  };
}

export function toReportGroup(group: ReportGroupView): ReportGroup {
  const reasons: Record<string, number> = {};
  for (const report of group.reports) reasons[report.reason] = (reasons[report.reason] ?? 0) + 1;
  return {
    targetType: group.targetType as ReportTargetType,
    targetId: group.targetId,
    count: group.reports.length,
    reasons,
    target: toTargetSummary(group.target),
    reports: group.reports.map(toReport),
    history: group.history.map((h) => ({
      action: h.action.replace(/^moderation\./, ''),
      note: h.note,
      actorUsername: h.actorUsername,
      createdAt: h.createdAt.toISOString(),
    })),
  };
}

export function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    glyphId: row.glyphId,
    body: row.body,
    author: { id: row.authorId, username: row.authorUsername, displayName: row.authorDisplayName, profilePicture: row.authorImage },
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}

function linkOf(row: NotificationRow): string | null {
  const data = row.data;
  if (row.type === 'moderation') return data.url ?? null;
  if (data.glyphId && data.releaseId && (row.type === 'new_release' || row.type === 'release_approved')) return `/glyph/${data.glyphId}#release-${data.releaseId}`;
  if (data.glyphId && row.type === 'release_rejected') return `/glyph/${data.glyphId}`;
  if (data.glyphId && (row.type === 'new_comment' || row.type === 'new_glyph' || row.type === 'new_release')) return `/glyph/${data.glyphId}`;
  if (data.requestId) return '/my-requests';
  return null;
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    text: notificationText(row.type, row.data),
    link: linkOf(row),
    data: row.data,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A Following entry: when it appeared, the glyph card and, for a release, the version it brought. */
export function toFollowingEntry(row: FollowingRow): FollowingEntry {
  return { kind: row.kind, at: new Date(row.createdKey).toISOString(), glyph: toGlyph(row.glyph), release: row.release };
}
