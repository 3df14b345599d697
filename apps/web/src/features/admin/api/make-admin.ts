import { useQueryClient, useMutation } from '@tanstack/react-query';
import type { UserProfile } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export interface RoleChange {
  success: true;
  changed: boolean;
  user: UserProfile;
}

/** POST /api/admin/make-admin/{id} (idempotent). */
export function makeAdmin(id: string): Promise<RoleChange> {
  return api.post<RoleChange>(`/admin/make-admin/${encodeURIComponent(id)}`);
}

/** Make Admin on the Users tab. */
export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: makeAdmin, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
