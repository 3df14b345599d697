/**
 * The app's router: the one import point for routing (ESLint forbids 'react-router' elsewhere;
 * docs/decisions/0031-light-initial-javascript.md). It keeps react-router's names and behaviour for
 * what the app uses — a route table with nested layouts, `:param` and `*` segments, Link, Navigate,
 * Outlet, useLocation/useNavigate/useParams/useSearchParams/useNavigationType, Browser/Memory/Static
 * routers — in about 2.5 KB gzip instead of react-router's ~16 KB, which did not fit the 90 KB budget
 * of initial JavaScript per page (DESIGN §5).
 */
import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** Unique per history entry ('default' for the first one), as react-router's. */
  key: string;
}
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

interface History {
  action: NavigationType;
  location: Location;
  push(to: string, state?: unknown): void;
  replace(to: string, state?: unknown): void;
  go(delta: number): void;
  listen(listener: () => void): () => void;
}

/** `/a/b?c=d#e` → its parts (react-router's parsePath). */
export function parsePath(path: string): { pathname: string; search: string; hash: string } {
  let rest = path;
  let hash = '';
  let search = '';
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) [rest, hash] = [rest.slice(0, hashAt), rest.slice(hashAt)];
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) [rest, search] = [rest.slice(0, searchAt), rest.slice(searchAt)];
  return { pathname: rest, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

const createPath = ({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>) => pathname + search + hash;
const newKey = () => Math.random().toString(36).slice(2, 10);

/** `to` against the current location: absolute paths as they are, '?…' and '#…' on the current path. */
function resolve(to: string, from: Location): { pathname: string; search: string; hash: string } {
  const parsed = parsePath(to);
  if (to.startsWith('?')) return { ...parsed, pathname: from.pathname };
  if (to.startsWith('#')) return { ...parsed, pathname: from.pathname, search: from.search };
  return { ...parsed, pathname: parsed.pathname || from.pathname };
}

function createBrowserHistory(): History {
  const read = (): Location => {
    const state = (window.history.state ?? {}) as { usr?: unknown; key?: string };
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: state.usr ?? null, key: state.key ?? 'default' };
  };
  const listeners = new Set<() => void>();
  const history: History = {
    action: 'POP',
    location: read(),
    push: (to, state) => change('PUSH', to, state),
    replace: (to, state) => change('REPLACE', to, state),
    go: (delta) => window.history.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const notify = () => listeners.forEach((listener) => listener());
  function change(action: NavigationType, to: string, state: unknown) {
    const next = resolve(to, history.location);
    const entry = { usr: state ?? null, key: newKey() };
    if (action === 'PUSH') window.history.pushState(entry, '', createPath(next));
    else window.history.replaceState(entry, '', createPath(next));
    history.action = action;
    history.location = read();
    notify();
  }
  window.addEventListener('popstate', () => {
    history.action = 'POP';
    history.location = read();
    notify();
  });
  return history;
}

function createMemoryHistory(initialEntries: string[]): History {
  const entries: Location[] = (initialEntries.length > 0 ? initialEntries : ['/']).map((entry, i) => ({
    ...parsePath(entry),
    state: null,
    key: i === 0 ? 'default' : newKey(),
  }));
  let index = entries.length - 1;
  const listeners = new Set<() => void>();
  const history: History = {
    action: 'POP',
    location: entries[index] as Location,
    push(to, state) {
      entries.splice(index + 1, entries.length, { ...resolve(to, history.location), state: state ?? null, key: newKey() });
      index += 1;
      set('PUSH');
    },
    replace(to, state) {
      entries[index] = { ...resolve(to, history.location), state: state ?? null, key: newKey() };
      set('REPLACE');
    },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      set('POP');
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  function set(action: NavigationType) {
    history.action = action;
    history.location = entries[index] as Location;
    listeners.forEach((listener) => listener());
  }
  return history;
}

/** Server rendering: one fixed location; navigating does nothing. */
function createStaticHistory(url: string): History {
  const location = { ...parsePath(url), state: null, key: 'default' };
  return { action: 'POP', location, push: () => undefined, replace: () => undefined, go: () => undefined, listen: () => () => undefined };
}

interface RouterState {
  location: Location;
  navigationType: NavigationType;
  navigate: NavigateFunction;
}
const RouterContext = createContext<RouterState | null>(null);

function useRouter(): RouterState {
  const router = use(RouterContext);
  if (!router) throw new Error('Router hooks must be used inside a router');
  return router;
}

// Effects do not run on the server; layout effects warn there.
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

function Router({ history, children }: { history: History; children: ReactNode }) {
  const [state, setState] = useState({ location: history.location, navigationType: history.action });
  // As react-router's BrowserRouter: a navigation is a transition, so the page on screen stays
  // until the next one can render (a screen already shown never flashes back to a fallback).
  useIsomorphicLayoutEffect(
    () => history.listen(() => startTransition(() => setState({ location: history.location, navigationType: history.action }))),
    [history],
  );
  const navigate = useCallback<NavigateFunction>(
    (to, options = {}) => {
      if (typeof to === 'number') return history.go(to);
      if (options.replace) history.replace(to, options.state);
      else history.push(to, options.state);
    },
    [history],
  );
  const value = useMemo(() => ({ ...state, navigate }), [state, navigate]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({ children, initialEntries = ['/'] }: { children: ReactNode; initialEntries?: string[] }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export function StaticRouter({ children, location }: { children: ReactNode; location: string }) {
  const [history] = useState(() => createStaticHistory(location));
  return <Router history={history}>{children}</Router>;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigationType = (): NavigationType => useRouter().navigationType;
export const useNavigate = (): NavigateFunction => useRouter().navigate;

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | ((current: URLSearchParams) => URLSearchParams), options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: URLSearchParams | ((current: URLSearchParams) => URLSearchParams), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      const query = value.toString();
      navigate(`${location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [navigate, params, location.pathname],
  );
  return [params, setParams];
}

/** A same-origin link that navigates in the app (other clicks — new tab, modifiers — as the browser does). */
export function Link({
  to,
  replace,
  state,
  onClick,
  target,
  ref,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string; replace?: boolean; state?: unknown; ref?: React.Ref<HTMLAnchorElement> }) {
  const { location, navigate } = useRouter();
  const href = createPath(resolve(to, location));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // As react-router: a link to where we already are replaces the entry instead of stacking one.
    navigate(href, { replace: replace ?? href === createPath(location), state });
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}

/** Navigates once rendered (redirects of the route guards). */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const { navigate } = useRouter();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

// ── route table ──

export interface RouteObject {
  path?: string;
  index?: boolean;
  Component?: ComponentType | null;
  element?: ReactNode;
  children?: RouteObject[];
}
export interface RouteMatch {
  route: RouteObject;
  params: Record<string, string>;
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The branch of `routes` that `pathname` matches, root first, or null. Routes are tried in table
 * order (the app lists `*` last); a child's path is relative to its parent's (a leading '/' under the
 * root '/' route means the same); static segments match case-insensitively, as in react-router.
 */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const segments = pathname.split('/').filter(Boolean);
  const walk = (list: RouteObject[], rest: string[], params: Record<string, string>): RouteMatch[] | null => {
    for (const route of list) {
      if (route.index) {
        if (rest.length === 0) return [{ route, params }];
        continue;
      }
      let remaining = rest;
      const own = { ...params };
      let matched = true;
      for (const part of (route.path ?? '').split('/').filter(Boolean)) {
        if (part === '*') {
          own['*'] = remaining.map(decode).join('/');
          remaining = [];
          break;
        }
        const [segment, ...after] = remaining;
        if (segment === undefined) matched = false;
        else if (part.startsWith(':')) own[part.slice(1)] = decode(segment);
        else if (part.toLowerCase() !== decode(segment).toLowerCase()) matched = false;
        if (!matched) break;
        remaining = after;
      }
      if (!matched) continue;
      if (route.children) {
        const branch = walk(route.children, remaining, own);
        if (branch) return [{ route, params: branch[0]?.params ?? own }, ...branch];
      }
      if (remaining.length === 0 && route.path !== undefined) return [{ route, params: own }];
    }
    return null;
  };
  const branch = walk(routes, segments, {});
  // Every level sees the params of the whole branch, as in react-router.
  const params = branch?.at(-1)?.params ?? {};
  return branch?.map((match) => ({ ...match, params })) ?? null;
}

interface OutletState {
  outlet: ReactNode;
  params: Record<string, string>;
}
const OutletContext = createContext<OutletState>({ outlet: null, params: {} });

export const Outlet = () => use(OutletContext).outlet;
export const useParams = (): Readonly<Partial<Record<string, string>>> => use(OutletContext).params;

/** The element of the route branch matching the current location (null when none matches). */
export function useRoutes(routes: RouteObject[]): ReactElement | null {
  const { pathname } = useLocation();
  const branch = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  if (!branch) return null;
  return branch.reduceRight<ReactElement | null>((outlet, { route, params }) => {
    const content = route.element ?? (route.Component ? <route.Component /> : <Outlet />);
    return <OutletContext value={{ outlet, params }}>{content}</OutletContext>;
  }, null);
}

/** `<Route>` elements as a route table (tests and small harnesses). */
export function Route(_props: { path?: string; index?: boolean; element?: ReactNode; children?: ReactNode }): ReactElement | null {
  return null;
}
function routesOf(children: ReactNode): RouteObject[] {
  return Children.toArray(children)
    .filter((child): child is ReactElement<{ path?: string; index?: boolean; element?: ReactNode; children?: ReactNode }> => isValidElement(child))
    .map(({ props }) => ({ path: props.path, index: props.index, element: props.element, children: props.children ? routesOf(props.children) : undefined }));
}
export function Routes({ children }: { children: ReactNode }) {
  const routes = useMemo(() => routesOf(children), [children]);
  return useRoutes(routes);
}
