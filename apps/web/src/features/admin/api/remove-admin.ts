import { useQueryClient, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';
import type { RoleChange } from './make-admin.ts';

/** POST /api/admin/remove-admin/{id}: never the super admin. */
export function removeAdmin(id: string): Promise<RoleChange> {
  return api.post<RoleChange>(`/admin/remove-admin/${encodeURIComponent(id)}`);
}

/** Remove admin rights on the Admins tab. */
export function useRemoveAdmin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeAdmin, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
