import { useEffect } from 'react';
import { Link } from '../../../lib/router.tsx';
import type { GlyphRequest } from '@glyphary/shared';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { useUrlTab } from '../../../lib/use-url-tab.ts';
import { useMyRequests } from '../api/get-my-requests.ts';
import { MyRequestCard } from './my-request-card.tsx';

function RequestGrid({ requests, userId, label }: { requests: GlyphRequest[]; userId: string; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-4 md:grid-cols-2">
      {requests.map((request) => (
        <li key={request.id}>
          <MyRequestCard request={request} userId={userId} />
        </li>
      ))}
    </ul>
  );
}

/** spec §2 My Requests: tabs 'Taken On (n)' and 'Created (n)', both counted from one load. */
const MY_REQUEST_TABS = ['taken', 'created'] as const;

export function MyRequestsView({ userId }: { userId: string }) {
  const query = useMyRequests();
  const [tab, setTab] = useUrlTab(MY_REQUEST_TABS);

  useEffect(() => {
    // spec §8: a failed load is logged and the lists become empty.
    if (query.error) console.error('Failed to load my requests', query.error);
  }, [query.error]);

  const all = query.data ?? [];
  const taken = all.filter((request) => request.type === 'assigned');
  const created = all.filter((request) => request.type === 'created');

  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading your requests" className="flex flex-col gap-6">
        <Skeleton className="h-11 w-72" round />
        <Skeleton className="h-48" />
      </div>
    );
  }

  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList aria-label="My requests">
        <TabsTrigger value="taken">Taken On ({taken.length})</TabsTrigger>
        <TabsTrigger value="created">Created ({created.length})</TabsTrigger>
      </TabsList>
      <TabsContent value="taken">
        {taken.length === 0 ? (
          <EmptyState
            title="No requests taken on yet"
            description="Browse available requests to take on"
            action={
              <Link to={paths.requestGlyphs} className={buttonClasses({ variant: 'outline' })}>
                Browse Requests
              </Link>
            }
          />
        ) : (
          <RequestGrid requests={taken} userId={userId} label="Requests taken on" />
        )}
      </TabsContent>
      <TabsContent value="created">
        {created.length === 0 ? (
          <EmptyState
            title="No requests created yet"
            description="Create your first glyph request!"
            action={
              <Link to={paths.requestGlyphs} className={buttonClasses({ variant: 'outline' })}>
                Create Request
              </Link>
            }
          />
        ) : (
          <RequestGrid requests={created} userId={userId} label="Requests created" />
        )}
      </TabsContent>
    </Tabs>
  );
}
