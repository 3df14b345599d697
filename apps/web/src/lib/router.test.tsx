import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Link, matchRoutes, MemoryRouter, Outlet, useLocation, useParams, useRoutes, useSearchParams, type RouteObject } from './router.tsx';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}

function Glyph() {
  const { id } = useParams();
  return <h1>Glyph {id}</h1>;
}

const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <main>
        <Outlet />
      </main>
    ),
    children: [
      { index: true, element: <h1>Home</h1> },
      { path: '/glyph/:id', Component: Glyph },
      { children: [{ path: '/settings', element: <h1>Settings</h1> }] },
      { path: '*', element: <h1>Not found</h1> },
    ],
  },
];

function App() {
  return (
    <>
      {useRoutes(routes)}
      <Where />
      <Link to="/glyph/a%20b">Open</Link>
    </>
  );
}

describe('router', () => {
  it('matches nested, index, pathless and catch-all routes; params are decoded; static segments ignore case', () => {
    const leaf = (path: string) => matchRoutes(routes, path)?.at(-1);
    expect(leaf('/')?.route.index).toBe(true);
    expect(leaf('/glyph/a%20b')?.params).toEqual({ id: 'a b' });
    expect(leaf('/SETTINGS/')?.route.path).toBe('/settings');
    expect(leaf('/glyph/x/y')?.params).toEqual({ '*': 'glyph/x/y' });
    expect(matchRoutes(routes, '/settings')?.length).toBe(3);
  });

  it('a link navigates in the app; a modified click is left to the browser', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open' });
    expect(link.getAttribute('href')).toBe('/glyph/a%20b');
    const modified = fireEvent.click(link, { ctrlKey: true });
    expect(modified).toBe(true); // not prevented: a new tab
    expect(screen.getByLabelText('location').textContent).toBe('/');
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Glyph a b' })).toBeTruthy();
    expect(screen.getByLabelText('location').textContent).toBe('/glyph/a%20b');
  });

  it('useSearchParams reads the query and its setter keeps the path', async () => {
    function Tabs() {
      const [params, setParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setParams((current) => (current.set('tab', 'b'), current))}>
          tab {params.get('tab') ?? 'none'}
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={['/settings?x=1']}>
        <Tabs />
        <Where />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'tab none' }));
    expect(await screen.findByRole('button', { name: 'tab b' })).toBeTruthy();
    expect(screen.getByLabelText('location').textContent).toBe('/settings?x=1&tab=b');
  });
});
