import { useQueryClient, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** DELETE /api/admin/glyph-requests/{id}: any status (spec §4). */
export function deleteRequestAsAdmin(id: string): Promise<unknown> {
  return api.delete(`/admin/glyph-requests/${encodeURIComponent(id)}`);
}

/** Delete on the Requests tab. */
export function useDeleteRequestAsAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRequestAsAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
