import { vi } from 'vitest';
import type { UserProfile } from '@glyphary/shared';

export interface MockResponse {
  status?: number;
  body?: unknown;
}

export type MockHandler = (request: { method: string; url: URL; body: unknown }) => MockResponse | Promise<MockResponse>;

/**
 * Stubs fetch with handlers keyed by 'METHOD /api/path' (no query). Unknown calls answer 404.
 * @returns the fetch mock, to inspect calls.
 */
export function mockApi(handlers: Record<string, MockHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const handler = handlers[`${method} ${url.pathname}`];
    const result = handler ? await handler({ method, url, body }) : { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } };
    const text = result.body === undefined ? '' : JSON.stringify(result.body);
    return new Response(text, { status: result.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A valid profile for tests. */
export function makeProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    uid: 'user-1',
    username: 'dot_maker',
    displayName: 'Dot Maker',
    email: 'dot@example.com',
    profilePicture: null,
    bannerImage: null,
    bio: '',
    website: '',
    location: '',
    glyphsCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    isAdmin: false,
    isSuperAdmin: false,
    ...overrides,
  };
}

/** Handlers for a signed-in session with `profile` (or signed out when null). */
export function sessionHandlers(profile: UserProfile | null): Record<string, MockHandler> {
  return {
    'GET /api/auth/get-session': () =>
      profile
        ? { body: { session: { id: 's1', expiresAt: '2099-01-01' }, user: { id: profile.uid, email: profile.email, name: profile.displayName, username: profile.username } } }
        : { body: null },
    'GET /api/get-user/user-1': () => (profile ? { body: { user: profile } } : { status: 404, body: { error: 'User not found', code: 'NOT_FOUND' } }),
  };
}
