import { ADMIN_MSG } from '@glyphary/shared';
import { AdminPanel } from '../../features/admin/index.ts';
import { useAuth } from '../../features/auth/index.ts';
import { ReportsTab } from '../../features/community/index.ts';
import { PendingReleasesTab } from '../../features/releases/index.ts';
import { PlatformCharts } from '../../features/stats/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Issue 19: the moderation queue is its own feature, composed here as the 'Reports' tab; issue 18: the
// releases held for a signing key change, as the 'Releases' tab; issue 51: the platform's charts on Statistics.
const EXTRA_TABS = [
  { id: 'reports', label: 'Reports', content: <ReportsTab /> },
  { id: 'releases', label: ADMIN_MSG.pendingReleasesTab, content: <PendingReleasesTab /> },
];

/**
 * spec §2 Admin panel (/admin). The router has already checked access (RequireAuth, then RequireAdmin:
 * 'Loading admin panel...' until the profile is known, non-admins sent to /); this route is its own chunk.
 */
export function AdminRoute() {
  useDocumentTitle('Admin Panel');
  const { profile } = useAuth();
  return <AdminPanel extraTabs={EXTRA_TABS} isSuperAdmin={Boolean(profile?.isSuperAdmin)} statisticsCharts={<PlatformCharts />} />;
}
