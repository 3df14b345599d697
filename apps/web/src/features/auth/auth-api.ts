import { apiUrl, SESSION_API_PATH, type UserProfile } from '@glyphary/shared';
import { api, type RequestContext } from '../../lib/api-client.ts';

/** The account as the identity layer (Better Auth) reports it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  username?: string;
  image?: string | null;
}

export interface SessionResponse {
  session: { id: string; expiresAt: string };
  user: SessionUser;
}

/** The session call's URL as the client sends it (the server embeds its answer under this key). */
export const SESSION_URL = apiUrl(SESSION_API_PATH);

/** GET /api/auth/get-session → the current session, or null when signed out. */
export function fetchSession(request?: RequestContext): Promise<SessionResponse | null> {
  return api.get<SessionResponse | null>(SESSION_API_PATH, request);
}

/** GET /api/get-user/{id} → the full profile (own) or the public one. */
export async function fetchProfile(id: string): Promise<UserProfile> {
  const data = await api.get<{ user: UserProfile }>(`/get-user/${encodeURIComponent(id)}`);
  return data.user;
}

export function postSignIn(email: string, password: string): Promise<{ token: string; user: SessionUser }> {
  return api.post('/auth/sign-in/email', { email, password });
}

export function postSignUp(input: { email: string; password: string; name: string; username: string }): Promise<{ token: string; user: SessionUser }> {
  return api.post('/auth/sign-up/email', input);
}

export function postSignOut(): Promise<unknown> {
  return api.post('/auth/sign-out', {});
}

/** Sends the reset mail; the link lands on /reset-password?token=… */
export function postRequestPasswordReset(email: string): Promise<unknown> {
  return api.post('/auth/request-password-reset', { email, redirectTo: '/reset-password' });
}

export function postResetPassword(newPassword: string, token: string): Promise<unknown> {
  return api.post('/auth/reset-password', { newPassword, token });
}
