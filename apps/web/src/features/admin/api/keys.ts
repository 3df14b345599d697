/** Query keys of the admin feature; `adminKeys.all` reloads the whole panel (spec §4 Sync). */
export const adminKeys = {
  all: ['admin'] as const,
  stats: () => ['admin', 'stats'] as const,
  syncStatus: () => ['admin', 'sync-status'] as const,
  users: (role: 'all' | 'admin') => ['admin', 'users', role] as const,
  glyphs: () => ['admin', 'glyphs'] as const,
  requests: () => ['admin', 'requests'] as const,
  requestCounts: () => ['admin', 'request-counts'] as const,
  audit: () => ['admin', 'audit'] as const,
};
