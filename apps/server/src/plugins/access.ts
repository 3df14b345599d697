import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { COMMUNITY_MSG, MSG } from '@glyphary/shared';
import type { Auth } from '../modules/auth/auth.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';

/** Who may call a route (SECURITY.md: every route declares one; a route without one fails at boot). */
export type Access = 'public' | 'user' | 'admin';

/** The signed-in caller, read from the session and the database on every request. */
export interface Viewer {
  id: string;
  email: string;
  username: string;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  sessionId: string;
  sessionCreatedAt: Date;
  /** Issue 19: a suspended account cannot post (its sessions are also revoked when suspended). */
  isSuspended: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A resource check that runs after the role check and before the body is parsed and validated (issue 21: 403 before
     * 400). It sees the raw params; it throws 403 for a resource the caller may not touch and returns
     * quietly when the resource is missing or the params are malformed (validation and the handler answer those).
     */
    authorize?: (request: FastifyRequest, viewer: Viewer) => Promise<void>;
  }
  interface FastifyRequest {
    viewerPromise: Promise<Viewer | null> | null;
  }
  interface FastifyInstance {
    /** Times each session lookup (the access plugin's `onSessionLookup`). */
    observeSessionLookup(seconds: number): void;
  }
}

/** Routes that are not ours to declare: Better Auth's passthrough and the file server's internals. */
const UNDECLARED_ALLOWED = [/^\/api\/auth\//, /^\/api\/docs/];

/**
 * Resolves the caller once per request (cookie session or `Authorization: Bearer`).
 * A bad, expired or revoked token counts as a visitor (SECURITY matrix).
 */
export function getViewer(request: FastifyRequest, auth: Auth): Promise<Viewer | null> {
  if (!request.viewerPromise) {
    request.viewerPromise = (async () => {
      const hasCredentials = Boolean(request.headers.authorization || request.headers.cookie);
      if (!hasCredentials) return null;
      let headers: Headers;
      try {
        headers = fromNodeHeaders(request.headers);
      } catch {
        // A header value fetch's Headers refuses (NUL, control characters): no valid credentials, a visitor.
        return null;
      }
      const startedAt = performance.now();
      let result: Awaited<ReturnType<Auth['api']['getSession']>>;
      try {
        result = await auth.api.getSession({ headers });
      } finally {
        // Failed lookups too (the database down): their wait is what an operator looks for.
        request.server.observeSessionLookup((performance.now() - startedAt) / 1000);
      }
      if (!result) return null;
      const user = result.user as typeof result.user & { username: string; isAdmin?: boolean; isSuperAdmin?: boolean; suspendedAt?: Date | string | null };
      return {
        id: user.id,
        email: user.email,
        username: user.username,
        isAdmin: Boolean(user.isAdmin || user.isSuperAdmin),
        isSuperAdmin: Boolean(user.isSuperAdmin),
        sessionId: result.session.id,
        sessionCreatedAt: new Date(result.session.createdAt),
        isSuspended: Boolean(user.suspendedAt),
      };
    })();
  }
  return request.viewerPromise;
}

export interface AccessOptions {
  auth: Auth;
  trustedOrigins: string[];
  /** Told how long each session lookup took, in seconds (the request metrics). */
  onSessionLookup?: (seconds: number) => void;
}

async function accessPlugin(app: FastifyInstance, options: AccessOptions) {
  app.decorateRequest('viewerPromise', null);
  app.decorate('observeSessionLookup', options.onSessionLookup ?? (() => undefined));

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (UNDECLARED_ALLOWED.some((pattern) => pattern.test(route.url))) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (access !== 'public' && access !== 'user' && access !== 'admin') {
      throw new Error(`Route ${route.method} ${route.url} declares no access level (public, user or admin)`);
    }
  });

  // Both hooks run on every request: callback style, so a public read pays no promise (issue 20).
  // Cookie-authenticated writes from a foreign page are refused (SECURITY.md "Origins").
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return done();
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return done();
    const origin = request.headers.origin;
    if (origin && request.headers.cookie && !options.trustedOrigins.includes(origin)) {
      return done(forbidden('Cross-origin request refused', 'BAD_ORIGIN'));
    }
    done();
  });

  // Before the body is even parsed: who may call comes before what they sent (401/403 before 400, 413
  // or 415; issue 21). The body stream waits meanwhile. Callback style, so a public read pays no promise.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return done(null, payload);
    checkAccess(request, access).then(() => done(null, payload), (error: Error) => done(error));
  });

  async function checkAccess(request: FastifyRequest, access: Access) {
    const viewer = await getViewer(request, options.auth);
    if (!viewer) throw unauthorized(MSG.unauthorized);
    // Issue 19: suspended until an admin lifts it — no signed-in route works meanwhile.
    if (viewer.isSuspended) throw forbidden(COMMUNITY_MSG.accountSuspended, 'ACCOUNT_SUSPENDED');
    if (access === 'admin' && !viewer.isAdmin) throw forbidden();
    await request.routeOptions.config.authorize?.(request, viewer);
  }
}

export default fp(accessPlugin, { name: 'access' });

/**
 * The signed-in caller on a `user` or `admin` route (the preParsing hook has already checked).
 * @throws AppError 401 when called on a request without a session.
 */
export async function requireViewer(request: FastifyRequest, auth: Auth): Promise<Viewer> {
  const viewer = await getViewer(request, auth);
  if (!viewer) throw unauthorized();
  return viewer;
}
