import { useState } from 'react';
import { Link } from '../../../lib/router.tsx';
import {
  COMMUNITY_MSG,
  MODERATION_ACTIONS_BY_TARGET,
  MODERATION_ACTION_LABELS,
  REPORT_REASON_LABELS,
  formatDate,
  type ModerationAction,
  type ReportGroup,
  type ReportReason,
} from '@glyphary/shared';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useReportQueue, useResolveReport } from '../api/reports.ts';

/** The actions that make sense for a target in its current state. */
function actionsFor(group: ReportGroup, status: 'open' | 'resolved'): ModerationAction[] {
  const all = MODERATION_ACTIONS_BY_TARGET[group.targetType];
  return all.filter((action) => {
    if (action === 'restore') return group.target.hidden;
    if (action === 'unsuspend') return group.target.ownerSuspended;
    if (status === 'resolved') return false;
    if (action === 'hide') return group.target.exists && !group.target.hidden && !group.target.deleted;
    if (action === 'suspend') return !group.target.ownerSuspended && group.target.owner !== null;
    if (action === 'remove') return group.target.exists && !group.target.deleted;
    return true;
  });
}

/** Admin tab 'Reports' (issue 19): open reports grouped by target, with actions and a note for the creator. */
export function ReportsTab() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const queue = useReportQueue(status);
  return (
    <section aria-labelledby="reports-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reports-heading" className="font-display text-2xl font-bold">
          Reports
        </h2>
        <div role="group" aria-label="Show" className="flex gap-2">
          <Button size="sm" variant={status === 'open' ? 'primary' : 'secondary'} aria-pressed={status === 'open'} onClick={() => setStatus('open')}>
            Open
          </Button>
          <Button size="sm" variant={status === 'resolved' ? 'primary' : 'secondary'} aria-pressed={status === 'resolved'} onClick={() => setStatus('resolved')}>
            Resolved
          </Button>
        </div>
      </div>
      {queue.isPending ? <p className="text-sm text-muted">Loading reports...</p> : null}
      {queue.isError ? <p role="alert" className="text-sm text-accent">{errorMessage(queue.error, 'Failed to load reports')}</p> : null}
      {queue.data && queue.data.length === 0 ? <p className="text-sm text-muted">{status === 'open' ? 'No open reports' : 'No resolved reports'}</p> : null}
      <ul className="flex flex-col gap-4">
        {queue.data?.map((group) => (
          <ReportGroupCard key={`${group.targetType}:${group.targetId}`} group={group} status={status} />
        ))}
      </ul>
    </section>
  );
}

function ReportGroupCard({ group, status }: { group: ReportGroup; status: 'open' | 'resolved' }) {
  const resolve = useResolveReport();
  const toast = useToast();
  const [note, setNote] = useState('');
  // Every action asks first (issue 48): Warn and Dismiss tell people too.
  const [asking, setAsking] = useState<ModerationAction | null>(null);
  const title = group.target.title ?? `${group.targetType} ${group.targetId}`;
  const first = group.reports[0];
  const actions = actionsFor(group, status);

  function handleConfirm() {
    const action = asking;
    if (!first || !action) return;
    // mutateAsync, not mutate's callbacks: a resolved group leaves the open list (its query is refetched
    // before the promise settles), and callbacks given to mutate() never run once their card unmounted.
    resolve.mutateAsync({ id: first.id, action, note }).then(
      () => {
        setAsking(null);
        setNote('');
        toast.success(COMMUNITY_MSG.moderationDone(action, title));
      },
      (error: unknown) => {
        setAsking(null);
        toast.error(errorMessage(error, COMMUNITY_MSG.moderationFailed));
      },
    );
  }

  return (
    <li className="rounded-[var(--radius-card)] border border-line bg-surface p-4">
      <article aria-label={`Reports about ${title}`} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{group.targetType}</Badge>
          <h3 className="font-medium">
            {group.target.url && !group.target.hidden ? <Link to={group.target.url} className="underline underline-offset-2">{title}</Link> : title}
          </h3>
          <span className="text-sm text-muted">
            {group.count} {group.count === 1 ? 'report' : 'reports'}
          </span>
          {group.target.hidden ? <Badge tone="yellow">Hidden</Badge> : null}
          {group.target.deleted || !group.target.exists ? <Badge>Deleted</Badge> : null}
          {group.target.ownerSuspended ? <Badge tone="red">Owner suspended</Badge> : null}
        </div>
        {group.target.owner ? <p className="text-sm text-muted">By @{group.target.owner.username}</p> : null}
        {group.target.excerpt ? <p className="text-sm">{group.target.excerpt}</p> : null}
        {group.target.apk ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-muted">
            <dt>APK SHA-256</dt>
            <dd className="font-mono break-all">{group.target.apk.sha256}</dd>
            {group.target.apk.signatureStatus ? (
              <>
                <dt>Signature</dt>
                <dd>{group.target.apk.signatureStatus}</dd>
              </>
            ) : null}
            {group.target.apk.isGlyphToy !== null ? (
              <>
                <dt>Glyph Toy</dt>
                <dd>{group.target.apk.isGlyphToy ? 'Yes' : 'No'}</dd>
              </>
            ) : null}
            {group.target.apk.permissions.length > 0 ? (
              <>
                <dt>Permissions</dt>
                <dd className="break-all">{group.target.apk.permissions.join(', ')}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
        <ul className="flex flex-col gap-1 text-sm">
          {group.reports.map((report) => (
            <li key={report.id}>
              <span className="font-medium">{REPORT_REASON_LABELS[report.reason as ReportReason]}</span>
              {report.reporter ? <span className="text-muted"> · @{report.reporter.username}</span> : null}
              <span className="text-muted"> · {formatDate(report.createdAt)}</span>
              {report.details ? <span> — {report.details}</span> : null}
              {report.resolution ? <span className="text-muted"> · {MODERATION_ACTION_LABELS[report.resolution as ModerationAction] ?? report.resolution}</span> : null}
            </li>
          ))}
        </ul>
        {group.history.length > 0 ? (
          <details className="text-sm">
            <summary className="cursor-pointer text-muted">History ({group.history.length})</summary>
            <ul className="mt-1 flex flex-col gap-1">
              {group.history.map((entry, i) => (
                <li key={i}>
                  {entry.action} by @{entry.actorUsername ?? 'unknown'} · {formatDate(entry.createdAt)}
                  {entry.note ? ` — ${entry.note}` : ''}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        {actions.length > 0 ? (
          <>
            <Textarea label="Note to the creator" value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={1000} />
            <div className="flex flex-wrap gap-2">
              {actions.map((action) => (
                <Button
                  key={action}
                  size="sm"
                  variant={action === 'dismiss' ? 'secondary' : action === 'remove' || action === 'suspend' ? 'danger' : 'primary'}
                  disabled={resolve.isPending}
                  onClick={() => setAsking(action)}
                >
                  {MODERATION_ACTION_LABELS[action]}
                </Button>
              ))}
            </div>
          </>
        ) : null}
        <ConfirmDialog
          open={asking !== null}
          onOpenChange={(open) => {
            if (!open) setAsking(null);
          }}
          title={asking ? MODERATION_ACTION_LABELS[asking] : ''}
          description={asking ? COMMUNITY_MSG.moderationConfirm(asking, title) : ''}
          confirmLabel={asking ? MODERATION_ACTION_LABELS[asking] : ''}
          pendingLabel={COMMUNITY_MSG.moderationWorking}
          pending={resolve.isPending}
          destructive={asking === 'remove' || asking === 'suspend' || asking === 'hide'}
          onConfirm={handleConfirm}
        />
      </article>
    </li>
  );
}
