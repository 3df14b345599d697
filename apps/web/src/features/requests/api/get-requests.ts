import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { requestListParams, type RequestList, type RequestSort } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';
import { requestKeys } from './keys.ts';

/** GET /api/glyph-requests?limit=20&offset=…[&search=…] (spec §7, §9: page size 20, offset 0 first). */
export function fetchRequests(params: { offset: number; search: string; sort?: RequestSort }, signal?: AbortSignal): Promise<RequestList> {
  // Issue 19: sort=votes only when asked, so the default URL stays the one pages preload.
  return api.get<RequestList>('/glyph-requests', { signal, params: requestListParams(params) });
}

/** The board's pages: Load more asks for the next 20 while `hasMore` (DESIGN §4.12). */
export function requestsQueryOptions(search: string, sort: RequestSort = 'latest') {
  return infiniteQueryOptions({
    queryKey: sort === 'votes' ? [...requestKeys.list(search), 'votes'] : requestKeys.list(search),
    queryFn: ({ pageParam, signal }) => fetchRequests({ offset: pageParam, search, sort }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.reduce((n, page) => n + page.requests.length, 0) : undefined),
  });
}

/** The board for a (debounced) search term; the previous results stay on screen while the next load. */
export function useRequests(search: string, sort: RequestSort = 'latest') {
  return useInfiniteQuery({ ...requestsQueryOptions(search, sort), placeholderData: keepPreviousData });
}
