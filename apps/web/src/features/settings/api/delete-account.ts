import { api } from '../../../lib/api-client.ts';

/** DELETE /api/delete-user-data: needs a fresh session (re-authenticate first). */
export function deleteAccountData(): Promise<{ success: true }> {
  return api.delete('/delete-user-data');
}
