import { PlaceholderScreen } from '../../components/layout/placeholder-screen.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** spec §2 My Requests (/my-requests). Placeholder: the owning feature replaces this file (keep the export name). */
export function MyRequestsRoute() {
  useDocumentTitle('My Requests');
  return <PlaceholderScreen title="My Requests" description="Requests you have taken on and created." />;
}
