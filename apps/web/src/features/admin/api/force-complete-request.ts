import { useQueryClient, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** POST /api/admin/glyph-requests/{id}/force-complete with an empty body: in_progress → completed. */
export function forceCompleteRequest(id: string): Promise<unknown> {
  return api.post(`/admin/glyph-requests/${encodeURIComponent(id)}/force-complete`, {});
}

/** Force complete on the Requests tab. */
export function useForceCompleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forceCompleteRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
