import { MSG } from '@glyphary/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfile, mockApi, sessionHandlers } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';

describe('route guards', () => {
  it.each(['/settings', '/upload', '/my-requests', '/admin'])('signed out: %s goes to /login with a redirect back', async (path) => {
    mockApi(sessionHandlers(null));
    const { router } = renderApp(path);
    await screen.findByRole('heading', { name: 'Log in', level: 1 });
    // The login page can render before the router's state has the new location (a loaded machine showed it once).
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(path);
  });

  it('signed out: /liked goes to /login like every protected page, which says why in the spec\'s words (decision 0081)', async () => {
    mockApi(sessionHandlers(null));
    const { router } = renderApp('/liked');
    await screen.findByText(MSG.likedLoginRequired);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/liked');
    expect(screen.getByRole('heading', { name: 'Log in', level: 1 })).toBeTruthy();
  });

  it.each(['/login', '/signup'])('signed in: %s goes to /', async (path) => {
    // / is the real home page: give it an empty catalogue to list.
    mockApi({ ...sessionHandlers(makeProfile()), 'GET /api/get-glyphs': () => ({ body: { glyphs: [], nextCursor: null } }) });
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await screen.findByRole('tab', { name: 'Latest' });
  });

  it('signed in with a same-origin redirect: /login goes there; an off-site one is ignored', async () => {
    mockApi(sessionHandlers(makeProfile()));
    const { router } = renderApp('/login?redirect=%2Fsettings');
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(router.state.location.pathname).toBe('/settings');
    await router.navigate('/login?redirect=%2F%2Fevil.example');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('a non-admin on /admin goes to /', async () => {
    mockApi(sessionHandlers(makeProfile({ isAdmin: false })));
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("shows 'Loading admin panel...' until the profile is known", async () => {
    let release: () => void = () => undefined;
    const profileKnown = new Promise<void>((resolve) => (release = resolve));
    const handlers = sessionHandlers(makeProfile({ isAdmin: true }));
    const loadProfile = handlers['GET /api/get-user/user-1'];
    mockApi({ ...handlers, 'GET /api/get-user/user-1': async (request) => (await profileKnown, loadProfile!(request)) });
    renderApp('/admin');
    await screen.findByText('Loading admin panel...');
    release();
    await screen.findByRole('heading', { name: 'Admin Panel', level: 1 });
  });

  it('an admin sees the admin panel', async () => {
    mockApi(sessionHandlers(makeProfile({ isAdmin: true })));
    const { router } = renderApp('/admin');
    await screen.findByRole('heading', { name: 'Admin Panel', level: 1 });
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('signed in: protected routes render', async () => {
    mockApi(sessionHandlers(makeProfile()));
    renderApp('/settings');
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(document.title).toBe('Settings · Glyphary');
  });

  it('unknown paths render the 404 page', async () => {
    mockApi(sessionHandlers(null));
    renderApp('/definitely/not/here');
    await screen.findByRole('heading', { name: 'Page not found', level: 1 });
    expect(document.title).toBe('Page not found · Glyphary');
  });
});
