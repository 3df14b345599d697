import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { matchRoutes, parsePath, useLocation, useRoutes, type RouteObject } from '../lib/router.tsx';
import { prefetchGlyph } from '../features/glyphs/api/get-glyph.ts';
import { PagePreloadContext, type PreloadPage } from '../lib/page-preload.ts';
import { routePatterns } from '../config/paths.ts';
import { AdminLoading, RequireAdmin, RequireAuth, SignedOutOnly } from './guards.tsx';
import { isLazyRoute, lazyRoute } from './lazy-route.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteErrorBoundary } from './layouts/route-error.tsx';

// Each screen lives in its own file under ./routes/ and is its own chunk; replace a screen by editing
// its file, not this table.
const Home = lazyRoute(() => import('./routes/home.tsx').then((m) => m.HomeRoute));
const Glyph = lazyRoute(() => import('./routes/glyph.tsx').then((m) => m.GlyphRoute));
const Storefront = lazyRoute(() => import('./routes/storefront.tsx').then((m) => m.StorefrontRoute));
const Search = lazyRoute(() => import('./routes/search.tsx').then((m) => m.SearchRoute));
const RequestGlyphs = lazyRoute(() => import('./routes/request-glyphs.tsx').then((m) => m.RequestGlyphsRoute));
const RequestGlyph = lazyRoute(() => import('./routes/request-glyph.tsx').then((m) => m.RequestGlyphRoute));
const Liked = lazyRoute(() => import('./routes/liked.tsx').then((m) => m.LikedRoute));
const ForgotPassword = lazyRoute(() => import('./routes/forgot-password.tsx').then((m) => m.ForgotPasswordRoute));
const ResetPassword = lazyRoute(() => import('./routes/reset-password.tsx').then((m) => m.ResetPasswordRoute));
const Login = lazyRoute(() => import('./routes/login.tsx').then((m) => m.LoginRoute));
const Signup = lazyRoute(() => import('./routes/signup.tsx').then((m) => m.SignupRoute));
const Upload = lazyRoute(() => import('./routes/upload.tsx').then((m) => m.UploadRoute));
const MyRequests = lazyRoute(() => import('./routes/my-requests.tsx').then((m) => m.MyRequestsRoute));
const Settings = lazyRoute(() => import('./routes/settings.tsx').then((m) => m.SettingsRoute));
const Admin = lazyRoute(() => import('./routes/admin.tsx').then((m) => m.AdminRoute), <AdminLoading />);
const Following = lazyRoute(() => import('./routes/following.tsx').then((m) => m.FollowingRoute));
const NotFound = lazyRoute(() => import('./routes/not-found.tsx').then((m) => m.NotFoundRoute));

/** Every route of spec §2, each screen loaded lazily (code-split). */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [
      { index: true, Component: Home },
      { path: routePatterns.glyph, Component: Glyph },
      { path: routePatterns.storefront, Component: Storefront },
      { path: routePatterns.search, Component: Search },
      { path: routePatterns.requestGlyphs, Component: RequestGlyphs },
      { path: routePatterns.requestGlyph, Component: RequestGlyph },
      // spec §2 Liked: a signed-out visitor sees 'Please log in to view your liked posts' with a Log In link.
      { path: routePatterns.liked, Component: Liked },
      { path: routePatterns.forgotPassword, Component: ForgotPassword },
      { path: routePatterns.resetPassword, Component: ResetPassword },
      {
        Component: SignedOutOnly,
        children: [
          { path: routePatterns.login, Component: Login },
          { path: routePatterns.signup, Component: Signup },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          { path: routePatterns.upload, Component: Upload },
          { path: routePatterns.myRequests, Component: MyRequests },
          { path: routePatterns.settings, Component: Settings },
          { path: routePatterns.following, Component: Following },
          { Component: RequireAdmin, children: [{ path: routePatterns.admin, Component: Admin }] },
        ],
      },
      { path: routePatterns.notFound, Component: NotFound },
      { path: '*', Component: NotFound },
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
