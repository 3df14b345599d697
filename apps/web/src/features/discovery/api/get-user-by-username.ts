import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';

/** GET /api/get-user-by-username/{username} → the profile. @throws ApiError 404 'User not found'. */
export async function fetchUserByUsername(username: string, request?: RequestContext): Promise<PublicUser> {
  const data = await api.get<{ user: PublicUser }>(`/get-user-by-username/${encodeURIComponent(username)}`, request);
  return data.user;
}

export const userByUsernameQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['user-by-username', username.toLowerCase()] as const,
    queryFn: (context) => fetchUserByUsername(username, context),
  });

/** The storefront's owner. */
export function useUserByUsername(username: string) {
  return useQuery(userByUsernameQueryOptions(username));
}
