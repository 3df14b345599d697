import { PlaceholderScreen } from '../../components/layout/placeholder-screen.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** spec §2 Admin panel (/admin); the router has already checked admin access. Placeholder: the owning feature replaces this file (keep the export name). */
export function AdminRoute() {
  useDocumentTitle('Admin Panel');
  return <PlaceholderScreen title="Admin Panel" description="Statistics, users, glyphs, requests and admins." />;
}
