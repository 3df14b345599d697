import { useContext } from 'react';
import { COMMON_MSG } from '@glyphary/shared';
import { AuthContext, type AuthContextValue } from './auth-context.ts';

/**
 * The auth state and actions.
 * @throws Error 'useAuth must be used within an AuthProvider' outside the provider (spec §8).
 */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error(COMMON_MSG.authContextMissing);
  return context;
}
