import { CreatorDashboard } from '../../features/stats/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /dashboard (issue 51): the signed-in creator's statistics; signed out → /login (RequireAuth). */
export function DashboardRoute() {
  useDocumentTitle('Dashboard');
  return <CreatorDashboard />;
}
