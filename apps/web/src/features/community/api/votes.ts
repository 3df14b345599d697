import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import type { VoteState } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';

/** GET /api/request-votes?ids=… → which of these requests the caller wants too. */
export const useMyVotes = (ids: string[], enabled: boolean) => {
  const key = ids.join(',');
  return useQuery({
    queryKey: communityKeys.votes(key),
    queryFn: async (context) => new Set((await api.get<{ voted: string[] }>('/request-votes', { ...context, params: { ids: key } })).voted),
    enabled: enabled && ids.length > 0,
  });
};

/** POST or DELETE /api/glyph-requests/{id}/vote. */
export function useSetVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, vote }: { id: string; vote: boolean }) =>
      vote ? api.post<VoteState>(`/glyph-requests/${encodeURIComponent(id)}/vote`) : api.delete<VoteState>(`/glyph-requests/${encodeURIComponent(id)}/vote`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['community', 'votes'] });
      void queryClient.invalidateQueries({ queryKey: ['requests'] });
    },
  });
}
