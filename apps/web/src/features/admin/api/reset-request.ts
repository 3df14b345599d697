import { useQueryClient, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** POST /api/admin/glyph-requests/{id}/reset with an empty body: in_progress | completed → open, unassigned. */
export function resetRequest(id: string): Promise<unknown> {
  return api.post(`/admin/glyph-requests/${encodeURIComponent(id)}/reset`, {});
}

/** Reset on the Requests tab. */
export function useResetRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetRequest, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
