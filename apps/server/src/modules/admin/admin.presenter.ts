import type { AdminStats, AuditEntry, UserProfile } from '@glyphary/shared';
import { toUserProfile } from '../users/users.presenter.ts';
import type { AdminUserRow, StatsRow, TopGlyphRow } from './admin.repository.ts';
import type { AuditRow } from '../audit/audit.repository.ts';

/** spec §3 Admin stats as the API returns it. */
export function toAdminStats(stats: StatsRow & { topGlyphs: TopGlyphRow[] }): AdminStats {
  return {
    totalUsers: stats.totalUsers,
    totalGlyphs: stats.totalGlyphs,
    totalDownloads: stats.totalDownloads,
    totalViews: stats.totalViews,
    totalLikes: stats.totalLikes,
    totalAdmins: stats.totalAdmins,
    uniqueViewers: stats.uniqueViewers,
    uniqueDownloaders: stats.uniqueDownloaders,
    topGlyphs: stats.topGlyphs.map((g) => ({ id: g.id, title: g.title, views: g.views, downloads: g.downloads, likes: g.likes })),
  };
}

/** A user as the admin panel sees it: the full profile, email included (SECURITY matrix). */
export function toAdminUser(row: AdminUserRow): UserProfile {
  return toUserProfile(row);
}

/** One audit log entry. */
export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actorId: row.actorId,
    actorUsername: row.actorUsername,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
  };
}
