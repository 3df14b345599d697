import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/stats → spec §3 Admin stats. */
export function fetchAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return api.get<AdminStats>('/admin/stats', { signal });
}

export const adminStatsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.stats(), queryFn: ({ signal }) => fetchAdminStats(signal) });

/** Platform statistics for the Statistics tab. */
export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
