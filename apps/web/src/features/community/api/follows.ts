import { useInfiniteQuery, useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import type { FollowingPage, FollowState } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';

/** GET /api/users/{id}/follow → following (for the caller) and the follower count. */
export const useFollowState = (userId: string) =>
  useQuery({
    queryKey: communityKeys.follow(userId),
    queryFn: (context) => api.get<FollowState>(`/users/${encodeURIComponent(userId)}/follow`, context),
  });

/** POST or DELETE /api/users/{id}/follow. */
export function useSetFollow(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow ? api.post<FollowState>(`/users/${encodeURIComponent(userId)}/follow`) : api.delete<FollowState>(`/users/${encodeURIComponent(userId)}/follow`),
    onSuccess: async (state) => {
      // A read sent before the change finished must not answer over it with the old state.
      await queryClient.cancelQueries({ queryKey: communityKeys.follow(userId) });
      queryClient.setQueryData(communityKeys.follow(userId), state);
      void queryClient.invalidateQueries({ queryKey: communityKeys.following() });
    },
  });
}

/** GET /api/following → followed creators' new glyphs and releases, newest first. */
export const useFollowingFeed = () =>
  useInfiniteQuery({
    queryKey: communityKeys.following(),
    queryFn: ({ pageParam, ...context }) => api.get<FollowingPage>('/following', { ...context, params: { cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
