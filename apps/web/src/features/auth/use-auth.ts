import { useContext } from 'react';
import { MSG } from '@glyphary/shared';
import { AuthContext, type AuthContextValue } from './auth-context.ts';

/**
 * The auth state and actions.
 * @throws Error 'useAuth must be used within an AuthProvider' outside the provider (spec §8).
 */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error(MSG.authContextMissing);
  return context;
}
