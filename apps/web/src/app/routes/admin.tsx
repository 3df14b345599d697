import { AdminPanel } from '../../features/admin/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * spec §2 Admin panel (/admin). The router has already checked access (RequireAuth, then RequireAdmin:
 * 'Loading admin panel...' until the profile is known, non-admins sent to /); this route is its own chunk.
 */
export function AdminRoute() {
  useDocumentTitle('Admin Panel');
  return <AdminPanel />;
}
