import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SyncStatusResult } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/sync-status → {status, lastRun, nextRun} (spec §3). */
export function fetchSyncStatus(request?: RequestContext): Promise<SyncStatusResult> {
  return api.get<SyncStatusResult>('/admin/sync-status', request);
}

export const syncStatusQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.syncStatus(),
    queryFn: (context) => fetchSyncStatus(context),
    // Poll while a run is going (here or on another instance), otherwise once a minute.
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 3000 : 60_000),
  });

/** The background sync's status for the Data Synchronization card. */
export function useSyncStatus() {
  return useQuery(syncStatusQueryOptions());
}
