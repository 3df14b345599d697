import { useQueryClient, useMutation } from '@tanstack/react-query';
import type { Glyph, LikeResult } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';
import { likeStatusQueryOptions } from './check-like-status.ts';
import { glyphQueryOptions } from './get-glyph.ts';

/** POST /api/toggle-like {glyphId} → {liked, totalLikes}. */
export async function toggleLike(glyphId: string): Promise<LikeResult> {
  return api.post<LikeResult>('/toggle-like', { glyphId });
}

/** Toggles the like and updates the page's counts without a reload. */
export function useToggleLike(glyphId: string, userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toggleLike(glyphId),
    onSuccess: async (result) => {
      // A status read sent before the toggle finished must not answer over it with the old state.
      const statusKey = likeStatusQueryOptions(glyphId, userId).queryKey;
      await queryClient.cancelQueries({ queryKey: statusKey });
      queryClient.setQueryData(statusKey, result.liked);
      queryClient.setQueryData(glyphQueryOptions(glyphId).queryKey, (glyph: Glyph | undefined) =>
        glyph ? { ...glyph, likes: result.totalLikes } : glyph,
      );
    },
  });
}
