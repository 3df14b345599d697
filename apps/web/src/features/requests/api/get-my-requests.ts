import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GlyphRequest } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';
import { requestKeys } from './keys.ts';

/** GET /api/my-glyph-requests?type=all → the caller's requests, each with `type` assigned | created. */
export async function fetchMyRequests(request?: RequestContext): Promise<GlyphRequest[]> {
  const data = await api.get<{ requests: GlyphRequest[] }>('/my-glyph-requests', { ...request, params: { type: 'all' } });
  return data.requests;
}

export function myRequestsQueryOptions() {
  return queryOptions({ queryKey: requestKeys.mine(), queryFn: (context) => fetchMyRequests(context) });
}

/** Both tabs of My Requests from one call, so both counts are right at once. */
export function useMyRequests() {
  return useQuery(myRequestsQueryOptions());
}
