import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorStats, StatsRange } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';
import { statsKeys } from './keys.ts';

/** GET /api/creator/stats?days= → the signed-in creator's days, toys and releases. */
export function fetchCreatorStats(days: StatsRange, request?: RequestContext): Promise<CreatorStats> {
  return api.get<CreatorStats>(`/creator/stats?days=${days}`, request);
}

export const creatorStatsQueryOptions = (days: StatsRange) =>
  queryOptions({ queryKey: statsKeys.creator(days), queryFn: (context) => fetchCreatorStats(days, context) });

export function useCreatorStats(days: StatsRange) {
  return useQuery(creatorStatsQueryOptions(days));
}
