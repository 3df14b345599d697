import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/stats → spec §3 Admin stats. */
export function fetchAdminStats(request?: RequestContext): Promise<AdminStats> {
  return api.get<AdminStats>('/admin/stats', request);
}

export const adminStatsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.stats(), queryFn: (context) => fetchAdminStats(context) });

/** Platform statistics for the Statistics tab. */
export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
