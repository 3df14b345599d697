import { COMMON_MSG } from '@glyphary/shared';
import { formatDateTime } from '../lib/format-date-time.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAuditLog } from '../api/get-audit-log.ts';
import { auditActionLabel } from '../lib/metrics.ts';

function formatTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? COMMON_MSG.unknownDate
    : formatDateTime(date);
}

/** The audit log (issue 7): who did what to which target, and when, newest first. */
export function AuditTab() {
  const audit = useAuditLog();
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  if (audit.isPending) return <Skeleton className="h-40" />;
  if (entries.length === 0) return <EmptyState title="No admin actions yet" headingLevel={3} />;
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col divide-y divide-line rounded-[var(--radius-card)] border border-line">
        {entries.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-1 p-4 text-sm sm:flex-row sm:items-baseline sm:gap-4">
            <time dateTime={entry.createdAt} className="shrink-0 font-mono text-xs text-muted sm:w-44">
              {formatTime(entry.createdAt)}
            </time>
            <p className="min-w-0 flex-1 break-words">
              <span className="font-medium">@{entry.actorUsername ?? COMMON_MSG.unknownUser}</span> {auditActionLabel(entry.action)}{' '}
              <span className="text-muted">
                ({entry.targetType}
                {entry.targetId ? ` ${entry.targetId}` : ''})
              </span>
              {entry.detail ? <span className="block text-muted">{entry.detail}</span> : null}
            </p>
          </li>
        ))}
      </ol>
      {audit.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          onClick={() => void audit.fetchNextPage()}
          loading={audit.isFetchingNextPage}
        >
          Load more
        </Button>
      ) : null}
    </div>
  );
}
