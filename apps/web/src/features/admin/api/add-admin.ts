import { useQueryClient, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';
import type { RoleChange } from './make-admin.ts';

/** POST /api/admin/add-admin {email} (case-insensitive). */
export function addAdmin(email: string): Promise<RoleChange> {
  return api.post<RoleChange>('/admin/add-admin', { email });
}

/** Add an admin by email on the Admins tab. */
export function useAddAdmin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addAdmin, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
