import type { UserProfile } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';

export interface UpdateProfileInput {
  displayName: string;
  username: string;
  email: string;
  bio: string;
  location: string;
  website: string;
  profilePicture: string | null;
  bannerImage: string | null;
}

/** POST /api/update-user → the saved profile. @throws ApiError (403 RECENT_LOGIN_REQUIRED for a stale email change). */
export async function updateProfile(input: UpdateProfileInput): Promise<UserProfile> {
  const data = await api.post<{ success: true; user: UserProfile }>('/update-user', input);
  return data.user;
}
