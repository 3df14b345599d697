import type { PublicUser, UserProfile } from '@glyphary/shared';
import type { UserRow } from './users.repository.ts';

/** Public projection: never email or isAdmin (SECURITY C14). */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    uid: row.id,
    username: row.username,
    displayName: row.name,
    profilePicture: row.image ?? null,
    bannerImage: row.bannerImage ?? null,
    bio: row.bio,
    website: row.website,
    location: row.location,
    glyphsCount: row.glyphsCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The full profile, for its owner and admins (spec §3), with an email change waiting for its link (issue 21). */
export function toUserProfile(row: UserRow, pendingEmail: string | null = null): UserProfile {
  return {
    ...toPublicUser(row),
    email: row.email,
    isAdmin: row.isAdmin || row.isSuperAdmin,
    isSuperAdmin: row.isSuperAdmin,
    pendingEmail,
  };
}
