import { createContext } from 'react';
import type { SignupFields, UserProfile } from '@glyphary/shared';
import type { SessionUser } from './auth-api.ts';

export interface AuthContextValue {
  /** The signed-in account, or null. */
  user: SessionUser | null;
  /** The signed-in user's profile (spec §4), or null while loading, on failure, or when signed out. */
  profile: UserProfile | null;
  /** True while the profile of a signed-in user is being fetched. */
  isProfileLoading: boolean;
  /** spec §6: profile isAdmin (the super admin is always an admin). */
  isAdmin: boolean;
  /** @throws Error with the spec §8 login message. */
  signIn: (email: string, password: string) => Promise<void>;
  /** Validates (spec §5 order) then creates the account. @throws Error with the §5/§8 message. */
  signUp: (fields: SignupFields & { confirmPassword: string }) => Promise<void>;
  signOut: () => Promise<void>;
  /** Confirms the current password, giving a fresh session (account deletion, email change). */
  reauthenticate: (password: string) => Promise<void>;
  /** Reloads the profile (after a save, the top bar shows it at once). */
  refreshProfile: () => Promise<UserProfile | null>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
