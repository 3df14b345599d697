import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_LIST_LIMIT, type RequestList, type RequestStatus } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /api/glyph-requests?limit=1000&offset=0 (spec §7: 1000 for admin). */
export function fetchAdminRequests(request?: RequestContext): Promise<RequestList> {
  return api.get<RequestList>('/glyph-requests', { ...request, params: { limit: ADMIN_LIST_LIMIT, offset: 0 } });
}

export interface RequestCounts {
  total: number;
  open: number;
  in_progress: number;
  completed: number;
}

/** The four counts of the Requests tab, exact even beyond the first 1,000 (one `total` per status). */
export async function fetchRequestCounts(request?: RequestContext): Promise<RequestCounts> {
  const count = (status?: RequestStatus) =>
    api.get<RequestList>('/glyph-requests', { ...request, params: { limit: 1, offset: 0, status } }).then((list) => list.total);
  const [total, open, inProgress, completed] = await Promise.all([
    count(),
    count('open'),
    count('in_progress'),
    count('completed'),
  ]);
  return { total, open, in_progress: inProgress, completed };
}

export const adminRequestsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.requests(), queryFn: (context) => fetchAdminRequests(context) });
export const requestCountsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.requestCounts(), queryFn: (context) => fetchRequestCounts(context) });

/** Every request for the Requests tab. */
export function useAdminRequests() {
  return useQuery(adminRequestsQueryOptions());
}

/** Total, open, in progress and completed. */
export function useRequestCounts() {
  return useQuery(requestCountsQueryOptions());
}
