import { useQueryClient, useMutation } from '@tanstack/react-query';
import type { GlyphRequest } from '@glyphary/shared';
import { requestKeys } from './keys.ts';

/** The answer of every request transition (take on, complete, cancel). */
export type TransitionResult = { success: true; request: GlyphRequest };

/** The path of a transition: /glyph-requests/{id}/{action}. */
export const transitionPath = (id: string, action: 'take-on' | 'complete' | 'cancel') =>
  `/glyph-requests/${encodeURIComponent(id)}/${action}`;

/** A request transition: stores the changed request and refreshes every request list. */
export function useRequestMutation<TInput>(mutationFn: (input: TInput) => Promise<GlyphRequest>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (request) => {
      queryClient.setQueryData(requestKeys.detail(request.id), request);
      return queryClient.invalidateQueries({ queryKey: requestKeys.all });
    },
  });
}
