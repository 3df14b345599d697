import { useCallback, type ComponentType, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { matchRoutes, parsePath, useLocation, useRoutes, type RouteObject } from '../lib/router.tsx';
import { prefetchGlyph } from '../features/glyphs/api/get-glyph.ts';
import { PagePreloadContext, type PreloadPage } from '../lib/page-preload.ts';
import { PAGES, routePatterns, type PageAccess } from '@glyphary/shared';
import { AdminLoading, RequireAdmin, RequireAuth, SignedOutOnly } from './guards.tsx';
import { isLazyRoute, lazyRoute, type LazyRoute } from './lazy-route.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteErrorBoundary } from './layouts/route-error.tsx';

// Each screen lives in its own file under ./routes/ and is its own chunk; which file serves which
// path, and who may see it, is the shared page table (packages/shared/src/pages.ts), which the server
// reads too for the chunks and data it preloads with a page.
// (Test files beside them are not routes: without the exclusion the build made a chunk of one.)
const routeModules = import.meta.glob<Record<string, ComponentType>>(['./routes/*.tsx', '!./routes/*.test.tsx']);

/** home → HomeRoute, request-glyphs → RequestGlyphsRoute: the component a route module exports. */
export const exportName = (module: string) => `${module.replace(/(^|-)([a-z])/g, (_m, _dash: string, letter: string) => letter.toUpperCase())}Route`;

const fallbacks: Partial<Record<string, ReactNode>> = { admin: <AdminLoading /> };
const screens = new Map<string, LazyRoute>();
function screenOf(module: string): LazyRoute {
  let screen = screens.get(module);
  if (!screen) {
    const load = routeModules[`./routes/${module}.tsx`];
    if (!load) throw new Error(`No route module ./routes/${module}.tsx`);
    screen = lazyRoute(() => load().then((m) => m[exportName(module)] as ComponentType), fallbacks[module]);
    screens.set(module, screen);
  }
  return screen;
}

const routesFor = (access: PageAccess): RouteObject[] =>
  PAGES.filter((page) => page.access === access && page.pattern !== '*').map((page) =>
    page.pattern === '/' ? { index: true, Component: screenOf(page.module) } : { path: page.pattern, Component: screenOf(page.module) },
  );

/** Every route of spec §2, each screen loaded lazily (code-split), behind its access guard. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [
      ...routesFor('public').filter((route) => route.path !== routePatterns.notFound),
      { Component: SignedOutOnly, children: routesFor('signed-out') },
      {
        Component: RequireAuth,
        children: [...routesFor('signed-in'), { Component: RequireAdmin, children: routesFor('admin') }],
      },
      { path: routePatterns.notFound, Component: screenOf('not-found') },
      { path: '*', Component: screenOf('not-found') },
    ],
  },
];

/** What a page renders first, fetched ahead when a link to it is seen, hovered or focused (issue 17). */
const pageData: Partial<Record<string, (queryClient: QueryClient, params: Record<string, string>, preview: unknown) => void>> = {
  [routePatterns.glyph]: (queryClient, { id }, preview) => {
    if (id) prefetchGlyph(queryClient, id, preview);
  },
};

/** Loads a page's route module and its first data ahead of a navigation (issue 17). */
export function preloadPage(queryClient: QueryClient, path: string, preview?: unknown): void {
  const { pathname } = parsePath(path);
  void preloadRoute(pathname);
  const leaf = matchRoutes(appRoutes, pathname)?.at(-1);
  if (leaf?.route.path) pageData[leaf.route.path]?.(queryClient, leaf.params, preview);
}

/** The app's routes under the error boundary; render inside a router (BrowserRouter, MemoryRouter in tests). */
export function AppRoutes() {
  const location = useLocation();
  const routes = useRoutes(appRoutes);
  const queryClient = useQueryClient();
  const preload = useCallback<PreloadPage>((path, preview) => preloadPage(queryClient, path, preview), [queryClient]);
  return (
    <PagePreloadContext value={preload}>
      <RouteErrorBoundary resetKey={location.key}>{routes}</RouteErrorBoundary>
    </PagePreloadContext>
  );
}

/**
 * Loads the code of the screen matching `pathname`, so that a render after it shows that screen in
 * its first commit (no loading fallback). Resolves on a failed import or no match too.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const screens = (matchRoutes(appRoutes, pathname) ?? []).map(({ route }) => route.Component).filter(isLazyRoute);
  await Promise.all(screens.map((screen) => screen.preload()));
}
