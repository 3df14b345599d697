import { createBrowserRouter, type RouteObject } from 'react-router';
import { routePatterns } from '../config/paths.ts';
import { AdminLoading, RequireAdmin, RequireAuth, SignedOutOnly } from './guards.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteError } from './layouts/route-error.tsx';
import { PageLoading } from './layouts/page-loading.tsx';

/**
 * Every route of spec §2. Each screen lives in its own file under ./routes/ and is loaded lazily
 * (code-split); replace a screen by editing its file, not this table.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { index: true, lazy: () => import('./routes/home.tsx').then((m) => ({ Component: m.HomeRoute })) },
      { path: routePatterns.glyph, lazy: () => import('./routes/glyph.tsx').then((m) => ({ Component: m.GlyphRoute })) },
      { path: routePatterns.storefront, lazy: () => import('./routes/storefront.tsx').then((m) => ({ Component: m.StorefrontRoute })) },
      { path: routePatterns.search, lazy: () => import('./routes/search.tsx').then((m) => ({ Component: m.SearchRoute })) },
      { path: routePatterns.requestGlyphs, lazy: () => import('./routes/request-glyphs.tsx').then((m) => ({ Component: m.RequestGlyphsRoute })) },
      { path: routePatterns.requestGlyph, lazy: () => import('./routes/request-glyph.tsx').then((m) => ({ Component: m.RequestGlyphRoute })) },
      // spec §2 Liked: a signed-out visitor sees 'Please log in to view your liked posts' with a Log In link.
      { path: routePatterns.liked, lazy: () => import('./routes/liked.tsx').then((m) => ({ Component: m.LikedRoute })) },
      { path: routePatterns.forgotPassword, lazy: () => import('./routes/forgot-password.tsx').then((m) => ({ Component: m.ForgotPasswordRoute })) },
      { path: routePatterns.resetPassword, lazy: () => import('./routes/reset-password.tsx').then((m) => ({ Component: m.ResetPasswordRoute })) },
      {
        Component: SignedOutOnly,
        children: [
          { path: routePatterns.login, lazy: () => import('./routes/login.tsx').then((m) => ({ Component: m.LoginRoute })) },
          { path: routePatterns.signup, lazy: () => import('./routes/signup.tsx').then((m) => ({ Component: m.SignupRoute })) },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          { path: routePatterns.upload, lazy: () => import('./routes/upload.tsx').then((m) => ({ Component: m.UploadRoute })) },
          { path: routePatterns.myRequests, lazy: () => import('./routes/my-requests.tsx').then((m) => ({ Component: m.MyRequestsRoute })) },
          { path: routePatterns.settings, lazy: () => import('./routes/settings.tsx').then((m) => ({ Component: m.SettingsRoute })) },
          {
            Component: RequireAdmin,
            hydrateFallbackElement: <AdminLoading />,
            children: [{ path: routePatterns.admin, lazy: () => import('./routes/admin.tsx').then((m) => ({ Component: m.AdminRoute })) }],
          },
        ],
      },
      { path: routePatterns.notFound, lazy: () => import('./routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute })) },
      { path: '*', lazy: () => import('./routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
];

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
