import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserStats } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';

/** GET /api/get-user-stats/{id} → totals of glyphs, downloads and likes over ALL the creator's live glyphs. */
export function fetchUserStats(userId: string, request?: RequestContext): Promise<UserStats> {
  return api.get<UserStats>(`/get-user-stats/${encodeURIComponent(userId)}`, request);
}

export const userStatsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['user-stats', userId] as const,
    queryFn: (context) => fetchUserStats(userId, context),
  });

/** A creator's storefront totals (waits for the id). */
export function useUserStats(userId: string | undefined) {
  return useQuery({ ...userStatsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
