// The one page table of the SPA (issue 22): route patterns, the route module of each page and who may
// see it. The web router (apps/web/src/app/router.tsx), the web links (apps/web/src/config/paths.ts)
// and the server's boot data and modulepreloads (apps/server/src/modules/web/page-preloads.ts) all
// read it; the API GETs a page's first render makes are page-preloads.ts, beside it (the browser's
// shell loads this table, only the server those). The API URLs come from the builders
// below and in list-params.ts, which the web API files use too, so a page's boot data is keyed
// exactly as the client asks.
import { REQUESTS_PAGE_SIZE, type GlyphSort, type RequestSort, type RequestStatus } from './constants.ts';
import type { GlyphDevice } from './apk/devices.ts';

/** Query parameters as the web client sends them: in this order, `undefined` and `null` left out. */
export type ApiParams = Record<string, string | number | boolean | null | undefined>;

/** `/api` + `path` + `params`: the URL the web client requests, and the key of a page's boot data. */
export function apiUrl(path: string, params?: ApiParams): string {
  const url = `/api${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null) search.set(key, String(value));
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

/** GET /api/auth/get-session: the session every page asks for first. */
export const SESSION_API_PATH = '/auth/get-session';

/** GET /api/get-glyph/{id}. */
export const glyphApiPath = (id: string) => `/get-glyph/${encodeURIComponent(id)}`;

/** GET /api/get-glyphs?sort=&limit=&creator_id=&cursor= (home lists, storefront, liked). */
export const glyphListParams = (params: {
  sort: GlyphSort;
  limit: number;
  creatorId?: string | undefined;
  cursor?: string | null | undefined;
}): ApiParams => ({
  sort: params.sort,
  limit: params.limit,
  creator_id: params.creatorId,
  cursor: params.cursor ?? undefined,
});

/** GET /api/glyph-requests?limit=20&offset=[&search=][&sort=votes][&status=][&device=] (sort only when not the default). */
export const requestListParams = (params: {
  offset: number;
  search: string;
  sort?: RequestSort | undefined;
  status?: RequestStatus | undefined;
  /** Issue 48: only requests for this phone. */
  device?: GlyphDevice | undefined;
}): ApiParams => ({
  limit: REQUESTS_PAGE_SIZE,
  offset: params.offset,
  search: params.search || undefined,
  sort: params.sort === 'votes' ? 'votes' : undefined,
  status: params.status,
  device: params.device,
});

/** Every route of spec §2 (plus /reset-password and /request-glyphs/:id). Never write a route path by hand elsewhere. */
export const routePatterns = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  glyph: '/glyph/:id',
  storefront: '/storefront/:username',
  upload: '/upload',
  search: '/search',
  requestGlyphs: '/request-glyphs',
  requestGlyph: '/request-glyphs/:id',
  myRequests: '/my-requests',
  liked: '/liked',
  settings: '/settings',
  admin: '/admin',
  notFound: '/404',
  following: '/following',
  install: '/install',
  dashboard: '/dashboard',
  dashboardGlyph: '/dashboard/:glyphId',
} as const;

/** Who sees a page: anyone, only signed-out visitors (else to /), signed-in people (else to /login), admins. */
export type PageAccess = 'public' | 'signed-out' | 'signed-in' | 'admin';

export interface Page {
  pattern: string;
  /** apps/web/src/app/routes/{module}.tsx, which exports `{Module}Route` (home → HomeRoute). */
  module: string;
  access: PageAccess;
  /** Pre-rendered by the server, with its route chunks preloaded (docs/decisions/0014-prerendered-pages.md). */
  prerendered?: boolean;
}

/** In matching order: the first page whose pattern matches a path is the page. */
export const PAGES: readonly Page[] = [
  {
    pattern: routePatterns.home,
    module: 'home',
    access: 'public',
    prerendered: true,
  },
  {
    pattern: routePatterns.glyph,
    module: 'glyph',
    access: 'public',
    prerendered: true,
  },
  { pattern: routePatterns.storefront, module: 'storefront', access: 'public', prerendered: true },
  {
    pattern: routePatterns.search,
    module: 'search',
    access: 'public',
    prerendered: true,
  },
  {
    pattern: routePatterns.requestGlyphs,
    module: 'request-glyphs',
    access: 'public',
    prerendered: true,
  },
  { pattern: routePatterns.requestGlyph, module: 'request-glyph', access: 'public', prerendered: true },
  // Issue 49: adding the F-Droid repository and Obtainium on a phone.
  { pattern: routePatterns.install, module: 'install', access: 'public' },
  { pattern: routePatterns.forgotPassword, module: 'forgot-password', access: 'public' },
  { pattern: routePatterns.resetPassword, module: 'reset-password', access: 'public' },
  { pattern: routePatterns.login, module: 'login', access: 'signed-out' },
  { pattern: routePatterns.signup, module: 'signup', access: 'signed-out' },
  { pattern: routePatterns.upload, module: 'upload', access: 'signed-in' },
  { pattern: routePatterns.myRequests, module: 'my-requests', access: 'signed-in' },
  { pattern: routePatterns.settings, module: 'settings', access: 'signed-in' },
  { pattern: routePatterns.following, module: 'following', access: 'signed-in' },
  // spec §2 Liked: signed out, /login says 'Please log in to view your liked posts' (decision 0081).
  { pattern: routePatterns.liked, module: 'liked', access: 'signed-in' },
  // Issue 51: the creator's statistics, and one toy's.
  { pattern: routePatterns.dashboard, module: 'dashboard', access: 'signed-in' },
  { pattern: routePatterns.dashboardGlyph, module: 'dashboard-glyph', access: 'signed-in' },
  { pattern: routePatterns.admin, module: 'admin', access: 'admin' },
  { pattern: routePatterns.notFound, module: 'not-found', access: 'public' },
  { pattern: '*', module: 'not-found', access: 'public' },
];

/**
 * The page a path shows and the params of its pattern (`:name` segments, decoded; `*` the rest), or
 * null. Static segments match case-insensitively and a trailing slash is ignored, as the web router.
 */
export function matchPage(pathname: string): { page: Page; params: Record<string, string> } | null {
  const segments = pathname.split('/').filter(Boolean);
  for (const page of PAGES) {
    const parts = page.pattern.split('/').filter(Boolean);
    const params: Record<string, string> = {};
    let matched = true;
    for (const [i, part] of parts.entries()) {
      const segment = segments[i];
      if (part === '*') {
        params['*'] = segments.slice(i).join('/');
        break;
      }
      if (segment === undefined) matched = false;
      else if (part.startsWith(':')) params[part.slice(1)] = safeDecode(segment);
      else if (part.toLowerCase() !== safeDecode(segment).toLowerCase()) matched = false;
      if (!matched) break;
    }
    if (matched && (parts.includes('*') || parts.length === segments.length)) return { page, params };
  }
  return null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
