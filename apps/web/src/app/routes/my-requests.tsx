import { PageHeader } from '../../components/layout/page-header.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';
import { MyRequestsView } from '../../features/requests/components/my-requests-view.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** spec §2 My Requests (/my-requests): requests taken on and created (signed-in only, guarded by the router). */
export function MyRequestsRoute() {
  useDocumentTitle('My Requests');
  const { user } = useAuth();
  return (
    <section>
      <PageHeader title="My Requests" description="Requests you have taken on and requests you have created." />
      {user ? <MyRequestsView userId={user.id} /> : null}
    </section>
  );
}
