import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/change-password. @throws ApiError 'Current password is incorrect' (400). */
export function changePassword(currentPassword: string, newPassword: string): Promise<unknown> {
  return api.post('/auth/change-password', { currentPassword, newPassword });
}
