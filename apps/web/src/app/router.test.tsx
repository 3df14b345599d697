import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { matchRoutes, MemoryRouter, Route, Routes, useLocation, useNavigate } from '../lib/router.tsx';
import { describe, expect, it } from 'vitest';
import { mockApi, sessionHandlers } from '../test/api-mock.ts';
import { makeGlyph } from '../test/glyph-fixture.ts';
import { renderApp } from '../test/render-app.tsx';
import { expectConsoleError } from '../test/setup.ts';
import { RouteErrorBoundary, shouldReloadForChunkError } from './layouts/route-error.tsx';
import { lazyRoute } from './lazy-route.tsx';
import { PAGES } from '@glyphary/shared';
import { appRoutes, exportName, preloadRoute } from './router.tsx';

describe('lazyRoute', () => {
  it('shows the loading bar over the fallback until the module loads, then the screen', async () => {
    let resolve: (component: ComponentType) => void = () => undefined;
    const Screen = lazyRoute(() => new Promise<ComponentType>((done) => (resolve = done)), <p>Waiting</p>);
    const { container } = render(<Screen />);
    expect(screen.getByText('Waiting')).toBeTruthy();
    expect(container.querySelector('.animate-pulse-dot')).not.toBeNull();
    await act(async () => resolve(() => <h1>Loaded</h1>));
    expect(screen.getByRole('heading', { name: 'Loaded' })).toBeTruthy();
    expect(container.querySelector('.animate-pulse-dot')).toBeNull();
  });

  it('renders a preloaded screen in the first commit, without the fallback', async () => {
    const Screen = lazyRoute(async () => () => <h1>Ready</h1>);
    await Screen.preload();
    render(<Screen />);
    expect(screen.getByRole('heading', { name: 'Ready' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('sends a failed import to the error screen (preload still resolves); the next navigation clears it', async () => {
    expectConsoleError(); // React reports the caught error
    const Broken = lazyRoute(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    await expect(Broken.preload()).resolves.toBeUndefined();
    function Harness() {
      const location = useLocation();
      const navigate = useNavigate();
      return (
        <>
          <button type="button" onClick={() => void navigate('/')}>
            Go home
          </button>
          <RouteErrorBoundary resetKey={location.key}>
            <Routes>
              <Route path="/" element={<h1>Home</h1>} />
              <Route path="/broken" element={<Broken />} />
            </Routes>
          </RouteErrorBoundary>
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Harness />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go home' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
  });
});

describe('a code chunk that failed to load', () => {
  const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/glyph-abc.js');
  function memoryStorage() {
    const items = new Map<string, string>();
    return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
  }

  it('reloads the page once, then leaves the error screen (with its retry) instead of reloading in a loop', () => {
    const storage = memoryStorage();
    expect(shouldReloadForChunkError(chunkError, storage, 1_000_000)).toBe(true);
    expect(shouldReloadForChunkError(chunkError, storage, 1_000_500)).toBe(false);
    // A later deploy, long after: one more reload.
    expect(shouldReloadForChunkError(chunkError, storage, 1_000_000 + 120_000)).toBe(true);
  });

  it('other errors never reload', () => {
    expect(shouldReloadForChunkError(new Error('Cannot read properties of undefined'), memoryStorage(), 1_000_000)).toBe(false);
    expect(shouldReloadForChunkError(chunkError, null, 1_000_000)).toBe(false);
  });
});

describe('app router', () => {
  it('every page of the shared page table has its route module and component, and the router serves it', () => {
    const modules = import.meta.glob<Record<string, unknown>>('./routes/*.tsx', { eager: true });
    for (const page of PAGES) {
      expect(typeof modules[`./routes/${page.module}.tsx`]?.[exportName(page.module)], page.module).toBe('function');
      const path = page.pattern.replace(/:\w+/g, 'x').replace('*', 'no-such-page');
      expect(matchRoutes(appRoutes, path)?.at(-1)?.route.path ?? '/', path).toBe(page.pattern === '/' ? '/' : page.pattern);
    }
  });

  it('preloadRoute loads the screen of a path so that it renders at once', async () => {
    await preloadRoute('/404');
    const NotFound = matchRoutes(appRoutes, '/404')?.at(-1)?.route.Component;
    if (!NotFound) throw new Error('no route for /404');
    render(
      <MemoryRouter>
        <NotFound />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Page not found', level: 1 })).toBeTruthy();
  });

  it('a link to another page scrolls to the top', async () => {
    mockApi(sessionHandlers(null));
    renderApp('/404');
    await screen.findByRole('heading', { name: 'Page not found', level: 1 });
    expect(window.scrollTo).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Log in', level: 1 });
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('issue 17: hovering a card starts loading its glyph page; opened before the data, it shows the card at once', async () => {
    const glyph = makeGlyph({ title: 'Tide Clock', images: ['/api/files/images/tide.webp'], thumbnails: ['/api/files/images/tide-thumb.webp'] });
    // The detail answer never comes within the test: what shows is the card's preview.
    const detailAnswered = new Promise<void>(() => undefined);
    const fetchMock = mockApi({
      ...sessionHandlers(null),
      'GET /api/get-glyphs': () => ({ body: { glyphs: [glyph], nextCursor: null } }),
      [`GET /api/get-glyph/${glyph.id}`]: async () => {
        await detailAnswered;
        return { body: { glyph } };
      },
    });
    const detailRequests = () => fetchMock.mock.calls.filter(([url]) => String(url).includes(`/api/get-glyph/${glyph.id}`)).length;
    renderApp('/');
    const link = await screen.findByRole('link', { name: 'Tide Clock' });
    expect(detailRequests()).toBe(0);
    await userEvent.hover(link);
    expect(detailRequests()).toBe(1);
    // Opened while the answer is on its way: the card's title and poster, not 'Loading...'.
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Tide Clock', level: 1 })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(document.querySelector('img[src="/api/files/images/tide-thumb.webp"]')).not.toBeNull();
    expect(screen.getByLabelText('Loading glyph').getAttribute('aria-busy')).toBe('true');
    // The preload's request is the page's request: none more.
    expect(detailRequests()).toBe(1);
  });
});
