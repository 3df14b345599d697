import { useQueryClient, type InfiniteData, useMutation } from '@tanstack/react-query';
import type { LikeResult, UserLikes } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';

/** POST /api/toggle-like {glyphId} → {liked, totalLikes} (spec §7). */
export function toggleLike(glyphId: string): Promise<LikeResult> {
  return api.post<LikeResult>('/toggle-like', { glyphId });
}

/** Unlike from the /liked list: the card leaves the list at once and the total drops. */
export function useUnlike(userId: string | null) {
  const queryClient = useQueryClient();
  const key = ['user-likes', userId] as const;
  return useMutation({
    mutationFn: async (glyphId: string) => {
      const result = await toggleLike(glyphId);
      // The like was already gone (another tab): toggling re-liked it, so toggle once more.
      return result.liked ? toggleLike(glyphId) : result;
    },
    onSuccess: async (_result, glyphId) => {
      // A list read sent before the unlike finished would bring the card back.
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<InfiniteData<UserLikes, string | null>>(key, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => {
                const glyphs = page.glyphs.filter((g) => g.id !== glyphId);
                const removed = page.glyphs.length - glyphs.length;
                return { ...page, glyphs, total: Math.max(0, page.total - (removed > 0 ? 1 : 0)) };
              }),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: ['like-status', glyphId] });
      void queryClient.invalidateQueries({ queryKey: ['glyph', glyphId] });
    },
  });
}
