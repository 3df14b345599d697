import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RequestContext } from '../../../lib/api-client.ts';

/** GET /api/check-like-status?glyphId= → whether the caller likes the glyph. */
export async function fetchLikeStatus(glyphId: string, request?: RequestContext): Promise<boolean> {
  const data = await api.get<{ liked: boolean }>('/check-like-status', { ...request, params: { glyphId } });
  return Boolean(data.liked);
}

export const likeStatusQueryOptions = (glyphId: string, userId: string | null) =>
  queryOptions({
    queryKey: ['like-status', glyphId, userId] as const,
    queryFn: (context) => fetchLikeStatus(glyphId, context),
    enabled: Boolean(userId),
  });

/** The signed-in user's like state for a glyph (false for visitors). */
export function useLikeStatus(glyphId: string, userId: string | null) {
  return useQuery(likeStatusQueryOptions(glyphId, userId));
}

