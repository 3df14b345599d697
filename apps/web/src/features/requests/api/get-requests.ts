import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { REQUESTS_PAGE_SIZE, type RequestList } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';
import { requestKeys } from './keys.ts';

/** GET /api/glyph-requests?limit=20&offset=…[&search=…] (spec §7, §9: page size 20, offset 0 first). */
export function fetchRequests(params: { offset: number; search: string }, signal?: AbortSignal): Promise<RequestList> {
  return api.get<RequestList>('/glyph-requests', {
    signal,
    params: { limit: REQUESTS_PAGE_SIZE, offset: params.offset, search: params.search || undefined },
  });
}

/** The board's pages: Load more asks for the next 20 while `hasMore` (DESIGN §4.12). */
export function requestsQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: requestKeys.list(search),
    queryFn: ({ pageParam, signal }) => fetchRequests({ offset: pageParam, search }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.reduce((n, page) => n + page.requests.length, 0) : undefined),
  });
}

/** The board for a (debounced) search term; the previous results stay on screen while the next load. */
export function useRequests(search: string) {
  return useInfiniteQuery({ ...requestsQueryOptions(search), placeholderData: keepPreviousData });
}
