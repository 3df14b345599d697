import type { AdminStats, UserProfile } from '@glyphary/shared';

/** A per-glyph average, rounded; 0 when there are no glyphs (spec §2 Additional Metrics). */
export function averagePerGlyph(total: number, glyphs: number): number {
  if (!glyphs) return 0;
  return Math.round(total / glyphs);
}

/**
 * The Additional Metrics of spec §2. Each glyph's downloads and views are already unique per actor
 * (DESIGN §4.1), so their sums over live glyphs divided by the glyph count are the per-glyph averages.
 */
export function additionalMetrics(stats: AdminStats) {
  return {
    totalLikes: stats.totalLikes,
    activeAdmins: stats.totalAdmins,
    avgDownloadsPerGlyph: averagePerGlyph(stats.totalDownloads, stats.totalGlyphs),
    avgViewsPerGlyph: averagePerGlyph(stats.totalViews, stats.totalGlyphs),
  };
}

/** Client-side user search: username, display name or email contains the term, ignoring case (spec §2). */
export function filterUsers(users: UserProfile[], term: string): UserProfile[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return users;
  return users.filter((user) =>
    [user.username, user.displayName, user.email].some((field) => field.toLowerCase().includes(needle)),
  );
}

/** The label of an audit action: 'user.make_admin' → 'Make admin'. */
export function auditActionLabel(action: string): string {
  const labels: Record<string, string> = {
    'user.make_admin': 'Made admin',
    'user.remove_admin': 'Removed admin',
    'user.update': 'Edited profile',
    'glyph.delete': 'Deleted glyph',
    'request.delete': 'Deleted request',
    'request.force_complete': 'Force-completed request',
    'request.reset': 'Reset request',
    'sync.run': 'Ran count sync',
  };
  return labels[action] ?? action;
}
