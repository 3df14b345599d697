import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { type UserProfile, COMMON_MSG } from '@glyphary/shared';
import { bootDataOf, type BootData } from '../../lib/boot-data.ts';
import { useQueryClient } from '@tanstack/react-query';
import { fetchProfile, fetchSession, postSignIn, SESSION_URL, type SessionResponse, type SessionUser } from './auth-api.ts';
import { AuthContext, type AuthContextValue } from './auth-context.ts';

type SessionState = { status: 'loading' } | { status: 'ready'; user: SessionUser | null };

/** Known at once when the page carries the session answer (docs/decisions/0013), otherwise loading. */
function initialSession(boot: BootData | undefined): SessionState {
  const embedded = boot?.peek(SESSION_URL);
  if (!embedded) return { status: 'loading' };
  return { status: 'ready', user: (embedded.body as SessionResponse | null)?.user ?? null };
}

/**
 * Holds the session and the profile (spec §4): nothing is rendered until the session is known; a
 * signed-in user triggers a profile load, a signed-out user clears it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<SessionState>(() => initialSession(bootDataOf(queryClient)));
  const [profile, setProfile] = useState<UserProfile | null>(null);
  // A user known from the page has their profile on its way (the effect below loads it).
  const [isProfileLoading, setProfileLoading] = useState(() => session.status === 'ready' && session.user !== null);
  const profileRequest = useRef(0);
  const user = session.status === 'ready' ? session.user : null;

  const loadProfile = useCallback(async (account: SessionUser | null): Promise<UserProfile | null> => {
    const requestId = ++profileRequest.current;
    if (!account) {
      setProfile(null);
      setProfileLoading(false);
      return null;
    }
    setProfileLoading(true);
    try {
      const loaded = await fetchProfile(account.id);
      if (requestId === profileRequest.current) setProfile(loaded);
      return loaded;
    } catch (error) {
      // spec §8: a profile fetch failure is logged and the user sees nothing.
      console.warn('Failed to load profile', error);
      if (requestId === profileRequest.current) setProfile(null);
      return null;
    } finally {
      if (requestId === profileRequest.current) setProfileLoading(false);
    }
  }, []);

  const applyUser = useCallback(
    async (account: SessionUser | null) => {
      setSession({ status: 'ready', user: account });
      await loadProfile(account);
    },
    [loadProfile],
  );

  useEffect(() => {
    const controller = new AbortController();
    fetchSession({ signal: controller.signal, boot: bootDataOf(queryClient) })
      .then((result) => applyUser(result?.user ?? null))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Failed to read the session', error);
        void applyUser(null);
      });
    return () => controller.abort();
  }, [applyUser, queryClient]);

  // Signing in, up and out load with their first use (auth-actions.ts).
  const signIn = useCallback<AuthContextValue['signIn']>(
    async (email, password) => {
      const account = await (await import('./auth-actions.ts')).signInAccount(email, password);
      queryClient.clear();
      await applyUser(account);
    },
    [applyUser, queryClient],
  );

  const signUp = useCallback<AuthContextValue['signUp']>(
    async (fields) => {
      const account = await (await import('./auth-actions.ts')).signUpAccount(fields);
      queryClient.clear();
      await applyUser(account);
    },
    [applyUser, queryClient],
  );

  const signOut = useCallback(async () => {
    await (await import('./auth-actions.ts')).signOutAccount();
    queryClient.clear();
    await applyUser(null);
  }, [applyUser, queryClient]);

  const reauthenticate = useCallback(
    async (password: string) => {
      if (!user) throw new Error(COMMON_MSG.unauthorized);
      await postSignIn(user.email, password);
    },
    [user],
  );

  const refreshProfile = useCallback(() => loadProfile(user), [loadProfile, user]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      profile,
      isProfileLoading,
      isAdmin: Boolean(profile?.isAdmin || profile?.isSuperAdmin),
      signIn,
      signUp,
      signOut,
      reauthenticate,
      refreshProfile,
    }),
    [user, profile, isProfileLoading, signIn, signUp, signOut, reauthenticate, refreshProfile],
  );

  // spec §4: while the sign-in state is being determined, nothing is shown.
  if (session.status === 'loading') return null;
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
