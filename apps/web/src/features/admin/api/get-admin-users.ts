import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_LIST_LIMIT, type UserProfile } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export interface AdminUserList {
  users: UserProfile[];
  total: number;
  hasMore: boolean;
}

/** GET /api/admin/users[?role=admin] → users with email and role (the only listing with emails). */
export function fetchAdminUsers(role: 'all' | 'admin', request?: RequestContext): Promise<AdminUserList> {
  return api.get<AdminUserList>('/admin/users', {
    ...request,
    params: { limit: ADMIN_LIST_LIMIT, role: role === 'admin' ? 'admin' : undefined },
  });
}

export const adminUsersQueryOptions = (role: 'all' | 'admin') =>
  queryOptions({ queryKey: adminKeys.users(role), queryFn: (context) => fetchAdminUsers(role, context) });

/** Every user (Users tab) or only the admins (Admins tab). */
export function useAdminUsers(role: 'all' | 'admin') {
  return useQuery(adminUsersQueryOptions(role));
}
