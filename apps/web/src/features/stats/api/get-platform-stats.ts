import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStatsSeries, StatsRange } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';
import { statsKeys } from './keys.ts';

/** GET /api/admin/stats/series?days= → sign-ups, uploads, views, downloads and reports per day. */
export function fetchPlatformStats(days: StatsRange, request?: RequestContext): Promise<AdminStatsSeries> {
  return api.get<AdminStatsSeries>(`/admin/stats/series?days=${days}`, request);
}

export const platformStatsQueryOptions = (days: StatsRange) =>
  queryOptions({ queryKey: statsKeys.platform(days), queryFn: (context) => fetchPlatformStats(days, context) });

export function usePlatformStats(days: StatsRange) {
  return useQuery(platformStatsQueryOptions(days));
}
