import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { UserLikes } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';

/** GET /api/get-user-likes → the caller's liked live glyphs, most recent like first, with the total. */
export function fetchUserLikes(cursor: string | null, request?: RequestContext): Promise<UserLikes> {
  return api.get<UserLikes>('/get-user-likes', { ...request, params: { cursor: cursor ?? undefined } });
}

export const userLikesQueryOptions = (userId: string | null) =>
  infiniteQueryOptions({
    queryKey: ['user-likes', userId] as const,
    queryFn: ({ pageParam, ...context }) => fetchUserLikes(pageParam, context),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(userId),
    // Likes change on other pages (the detail page's Like button): always reload on arrival.
    staleTime: 0,
  });

/** The signed-in user's liked glyphs, in pages. */
export function useUserLikes(userId: string | null) {
  return useInfiniteQuery(userLikesQueryOptions(userId));
}
