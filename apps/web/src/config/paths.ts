import { routePatterns } from '@glyphary/shared';

/**
 * Every route of spec §2 (plus /reset-password and /request-glyphs/:id): `routePatterns` (the page
 * table's, packages/shared/src/pages.ts) for the router, `paths` for links. Never write a route path
 * by hand elsewhere.
 */
export { routePatterns };

const seg = (value: string) => encodeURIComponent(value);

export const paths = {
  home: '/',
  login: '/login',
  /** /login?redirect=… — `to` should be a same-origin path (read back through safeRedirectPath). */
  loginWithRedirect: (to: string) => (to && to !== '/' ? `/login?redirect=${encodeURIComponent(to)}` : '/login'),
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  glyph: (id: string) => `/glyph/${seg(id)}`,
  storefront: (username: string) => `/storefront/${seg(username)}`,
  upload: '/upload',
  /** /search, or /search?q={term}[&sort=…] (spec §2 Search). */
  search: (q?: string, sort?: string) => {
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (sort) params.set('sort', sort);
    const query = params.toString();
    return query ? `/search?${query}` : '/search';
  },
  requestGlyphs: '/request-glyphs',
  requestGlyph: (id: string) => `/request-glyphs/${seg(id)}`,
  myRequests: '/my-requests',
  liked: '/liked',
  settings: '/settings',
  admin: '/admin',
  notFound: '/404',
  following: '/following',
  install: '/install',
  dashboard: '/dashboard',
  dashboardGlyph: (glyphId: string) => `/dashboard/${seg(glyphId)}`,
} as const;
