import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { requestListParams, type GlyphDevice, type RequestList, type RequestSort, type RequestStatus } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';
import { requestKeys } from './keys.ts';

/** GET /api/glyph-requests?limit=20&offset=…[&search=…][&sort=votes][&status=…] (spec §7, §9: page size 20, offset 0 first). */
export function fetchRequests(
  params: { offset: number; search: string; sort?: RequestSort; status?: RequestStatus | undefined; device?: GlyphDevice | undefined },
  request?: RequestContext,
): Promise<RequestList> {
  // The builder the server's page preload uses too (packages/shared/src/pages.ts).
  return api.get<RequestList>('/glyph-requests', { ...request, params: requestListParams(params) });
}

/** The board's pages: Load more asks for the next 20 while `hasMore` (DESIGN §4.12). */
export function requestsQueryOptions(search: string, sort: RequestSort = 'latest', status?: RequestStatus, device?: GlyphDevice) {
  const key = sort === 'votes' ? [...requestKeys.list(search), 'votes'] : [...requestKeys.list(search)];
  const filters = { ...(status ? { status } : {}), ...(device ? { device } : {}) };
  return infiniteQueryOptions({
    queryKey: Object.keys(filters).length > 0 ? [...key, filters] : key,
    queryFn: ({ pageParam, ...context }) => fetchRequests({ offset: pageParam, search, sort, status, device }, context),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.reduce((n, page) => n + page.requests.length, 0) : undefined),
  });
}

/** The board for a (debounced) search term and a status (all when none); the previous results stay on screen while the next load. */
export function useRequests(search: string, sort: RequestSort = 'latest', status?: RequestStatus, device?: GlyphDevice) {
  return useInfiniteQuery({ ...requestsQueryOptions(search, sort, status, device), placeholderData: keepPreviousData });
}
