import { useState } from 'react';
import { type SyncStatus, ADMIN_MSG, COMMON_MSG } from '@glyphary/shared';
import { formatDateTime } from '../lib/format-date-time.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSyncStatus } from '../api/get-sync-status.ts';
import { useSyncGlyphCounts } from '../api/sync-glyph-counts.ts';

const STATUS: Record<SyncStatus, { label: string; tone: BadgeTone }> = {
  running: { label: 'Running', tone: 'yellow' },
  completed: { label: 'Completed', tone: 'green' },
  idle: { label: 'Idle', tone: 'neutral' },
};

function formatTime(value: string | null): string {
  if (!value) return 'Never';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return COMMON_MSG.unknownDate;
  return formatDateTime(date);
}

/** spec §2 Data Synchronization: background status, last and next run, Sync All and its result. */
export function SyncCard() {
  const status = useSyncStatus();
  const syncAll = useSyncGlyphCounts();
  const toast = useToast();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const current = STATUS[status.data?.status ?? 'idle'];

  function handleSync() {
    setResult(null);
    syncAll.mutate(undefined, {
      onSuccess: (data) => setResult({ ok: true, text: data.message }),
      onError: (error) => {
        const message = errorMessage(error, ADMIN_MSG.syncFailed);
        setResult({ ok: false, text: `${ADMIN_MSG.syncFailed}: ${message}` });
        toast.error(`${ADMIN_MSG.syncFailed}: ${message}`);
      },
    });
  }

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <CardTitle>Data Synchronization</CardTitle>
          <CardDescription>Recounts downloads, views and likes from the event records every hour.</CardDescription>
        </div>
        <Badge tone={current.tone} dot>
          {current.label}
        </Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted">Last run</dt>
            <dd className="font-medium">{status.data ? formatTime(status.data.lastRun) : '—'}</dd>
          </div>
          <div>
            <dt className="text-muted">Next run</dt>
            <dd className="font-medium">{status.data ? formatTime(status.data.nextRun) : '—'}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            onClick={handleSync}
            disabled={syncAll.isPending}
            aria-busy={syncAll.isPending || undefined}
          >
            {syncAll.isPending ? ADMIN_MSG.syncing : ADMIN_MSG.syncAll}
          </Button>
          <p
            role="status"
            aria-live="polite"
            className={result?.ok === false ? 'text-sm text-accent-text' : 'text-sm text-success-text'}
          >
            {result?.text ?? ''}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
