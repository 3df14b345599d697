import { lazy, Suspense } from 'react';
import { ADMIN_MSG } from '@glyphary/shared';
import { AdminPanel } from '../../features/admin/index.ts';
import { useAuth } from '../../features/auth/index.ts';
import { ReportsTab, useAdminQueueCounts } from '../../features/community/index.ts';
import { PendingReleasesTab } from '../../features/releases/index.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Issue 19: the moderation queue is its own feature, composed here as the 'Reports' tab; issue 18: the
// releases held for a signing key change, as the 'Releases' tab; issue 51: the platform's charts on Statistics.
const REPORTS_TAB = <ReportsTab />;
const RELEASES_TAB = <PendingReleasesTab />;
// The charts are fetched when Statistics is first shown, so they never weigh on the panel's first load.
const PlatformCharts = lazy(() => import('../../features/stats/index.ts').then((m) => ({ default: m.PlatformCharts })));
const PLATFORM_CHARTS = (
  <Suspense fallback={<Spinner label="Loading statistics..." />}>
    <PlatformCharts />
  </Suspense>
);

/**
 * spec §2 Admin panel (/admin). The router has already checked access (RequireAuth, then RequireAdmin:
 * 'Loading admin panel...' until the profile is known, non-admins sent to /); this route is its own chunk.
 */
export function AdminRoute() {
  useDocumentTitle('Admin Panel');
  const { profile } = useAuth();
  // The tabs say how much waits in them (issue 48).
  const counts = useAdminQueueCounts(true).data;
  const extraTabs = [
    { id: 'reports', label: ADMIN_MSG.tabWithCount('Reports', counts?.openReports ?? 0), content: REPORTS_TAB },
    { id: 'releases', label: ADMIN_MSG.tabWithCount(ADMIN_MSG.pendingReleasesTab, counts?.heldReleases ?? 0), content: RELEASES_TAB },
  ];
  return <AdminPanel extraTabs={extraTabs} isSuperAdmin={Boolean(profile?.isSuperAdmin)} statisticsCharts={PLATFORM_CHARTS} />;
}
