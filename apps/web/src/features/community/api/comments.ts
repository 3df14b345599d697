import { useInfiniteQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import type { Comment, CommentPage } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';

/** GET /api/glyphs/{id}/comments → a page, newest first. */
export async function fetchComments(glyphId: string, cursor: string | null, request?: RequestContext): Promise<CommentPage> {
  return api.get<CommentPage>(`/glyphs/${encodeURIComponent(glyphId)}/comments`, { ...request, params: { cursor } });
}

export const useComments = (glyphId: string) =>
  useInfiniteQuery({
    queryKey: communityKeys.comments(glyphId),
    queryFn: ({ pageParam, ...context }) => fetchComments(glyphId, pageParam, context),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

function useCommentMutation<T>(glyphId: string, fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.comments(glyphId) }) });
}

/** POST /api/glyphs/{id}/comments. */
export const usePostComment = (glyphId: string) =>
  useCommentMutation(glyphId, async (body: string) => (await api.post<{ comment: Comment }>(`/glyphs/${encodeURIComponent(glyphId)}/comments`, { body })).comment);

/** PUT /api/comments/{id} (own, within 15 minutes). */
export const useEditComment = (glyphId: string) =>
  useCommentMutation(glyphId, async ({ id, body }: { id: string; body: string }) => api.put(`/comments/${encodeURIComponent(id)}`, { body }));

/** DELETE /api/comments/{id}. */
export const useDeleteComment = (glyphId: string) => useCommentMutation(glyphId, async (id: string) => api.delete(`/comments/${encodeURIComponent(id)}`));

/** PUT /api/glyphs/{id}/comment-settings (the glyph's creator). */
export const useSetCommentsEnabled = (glyphId: string) =>
  useCommentMutation(glyphId, async (enabled: boolean) => api.put(`/glyphs/${encodeURIComponent(glyphId)}/comment-settings`, { enabled }));
