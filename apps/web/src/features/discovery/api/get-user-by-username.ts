import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';

/** GET /api/get-user-by-username/{username} → the profile. @throws ApiError 404 'User not found'. */
export async function fetchUserByUsername(username: string, signal?: AbortSignal): Promise<PublicUser> {
  const data = await api.get<{ user: PublicUser }>(`/get-user-by-username/${encodeURIComponent(username)}`, { signal });
  return data.user;
}

export const userByUsernameQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['user-by-username', username.toLowerCase()] as const,
    queryFn: ({ signal }) => fetchUserByUsername(username, signal),
  });

/** The storefront's owner. */
export function useUserByUsername(username: string) {
  return useQuery(userByUsernameQueryOptions(username));
}
