import { useState } from 'react';
import { formatDate, statusLabel, type GlyphRequest, type RequestStatus, ADMIN_MSG, COMMON_MSG } from '@glyphary/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useDeleteRequestAsAdmin } from '../api/delete-request.ts';
import { useForceCompleteRequest } from '../api/force-complete-request.ts';
import { useAdminRequests, useRequestCounts } from '../api/get-admin-requests.ts';
import { useResetRequest } from '../api/reset-request.ts';
import { StatCard } from './stat-card.tsx';

/** spec §4 badge colours: open green, in_progress yellow, completed blue, cancelled red. */
const TONES: Record<RequestStatus, BadgeTone> = { open: 'green', in_progress: 'yellow', completed: 'blue', cancelled: 'red' };

type Action = 'force-complete' | 'reset' | 'delete';

const ACTIONS: Record<
  Action,
  { title: string; description: string; confirm: string; pending: string; success: string; failure: string }
> = {
  'force-complete': {
    title: 'Force complete',
    description: ADMIN_MSG.requestForceCompleteConfirm,
    confirm: 'Mark as completed',
    pending: 'Completing...',
    success: COMMON_MSG.requestCompleted,
    failure: COMMON_MSG.requestCompleteFailed,
  },
  reset: {
    title: 'Reset to open',
    description: ADMIN_MSG.requestResetConfirm,
    confirm: 'Reset to open',
    pending: 'Resetting...',
    success: ADMIN_MSG.requestReset,
    failure: ADMIN_MSG.requestResetFailed,
  },
  delete: {
    title: 'Delete request',
    description: ADMIN_MSG.requestDeleteConfirm,
    confirm: 'Delete',
    pending: 'Deleting...',
    success: ADMIN_MSG.requestDeleted,
    failure: ADMIN_MSG.requestDeleteFailed,
  },
};

/** spec §2 Requests: the four counts and the table with force-complete, reset and delete (each confirmed). */
export function RequestsTab() {
  const requests = useAdminRequests();
  const counts = useRequestCounts();
  const forceComplete = useForceCompleteRequest();
  const reset = useResetRequest();
  const remove = useDeleteRequestAsAdmin();
  const toast = useToast();
  const [pending, setPending] = useState<{ action: Action; request: GlyphRequest } | null>(null);
  const mutations = { 'force-complete': forceComplete, reset, delete: remove };
  const list = requests.data?.requests ?? [];

  function handleConfirm() {
    if (!pending) return;
    const texts = ACTIONS[pending.action];
    mutations[pending.action].mutate(pending.request.id, {
      onSuccess: () => toast.success(texts.success),
      onError: () => toast.error(texts.failure),
      onSettled: () => setPending(null),
    });
  }

  const dialog = pending ? ACTIONS[pending.action] : null;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total Requests" value={counts.data?.total ?? null} />
        <StatCard label="Open" value={counts.data?.open ?? null} />
        <StatCard label="In Progress" value={counts.data?.in_progress ?? null} />
        <StatCard label="Completed" value={counts.data?.completed ?? null} />
      </div>
      {requests.isPending ? (
        <Skeleton className="h-40" />
      ) : list.length === 0 ? (
        <EmptyState title={COMMON_MSG.noRequestsFound} headingLevel={3} />
      ) : (
        <div
          className="overflow-x-auto rounded-[var(--radius-card)] border border-line"
          role="region"
          aria-label="Requests"
          tabIndex={0}
        >
          <table className="w-full min-w-[720px] text-left text-sm">
            <thead className="border-b border-line text-muted">
              <tr>
                {['Title', 'Status', 'Requester', 'Assigned To', 'Created', 'Actions'].map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-3 font-medium">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {list.map((request) => (
                <tr key={request.id}>
                  <td className="max-w-[16rem] truncate px-4 py-3 font-medium">{request.title}</td>
                  <td className="px-4 py-3">
                    <Badge tone={TONES[request.status]} dot>
                      {statusLabel(request.status)}
                    </Badge>
                  </td>
                  <td className="px-4 py-3">{request.user?.username ?? COMMON_MSG.unknownUser}</td>
                  <td className="px-4 py-3">{request.assigned_user?.username ?? '—'}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{formatDate(request.created_at)}</td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap gap-2">
                      {request.status === 'in_progress' ? (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setPending({ action: 'force-complete', request })}
                          aria-label={`Force complete ${request.title}`}
                        >
                          Force complete
                        </Button>
                      ) : null}
                      {request.status === 'in_progress' || request.status === 'completed' ? (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setPending({ action: 'reset', request })}
                          aria-label={`Reset ${request.title}`}
                        >
                          Reset
                        </Button>
                      ) : null}
                      <Button
                        size="sm"
                        variant="danger"
                        onClick={() => setPending({ action: 'delete', request })}
                        aria-label={`Delete ${request.title}`}
                      >
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={dialog?.title ?? ''}
        description={dialog?.description ?? ''}
        confirmLabel={dialog?.confirm ?? 'Confirm'}
        pendingLabel={dialog?.pending}
        destructive={pending?.action === 'delete'}
        pending={pending ? mutations[pending.action].isPending : false}
        onConfirm={handleConfirm}
      />
    </div>
  );
}
