import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Env } from '../config/env.ts';

/**
 * The headers helmet sets for `options`, computed once, or null when a CSP directive is a function
 * (per-request values such as nonces) and helmet must run on every request.
 */
export function staticHelmetHeaders(options: HelmetOptions): Record<string, string> | null {
  const csp = options.contentSecurityPolicy;
  const directives = csp && typeof csp === 'object' ? (csp.directives ?? {}) : {};
  const dynamic = Object.values(directives).some(
    (value) => typeof value === 'function' || (Array.isArray(value) && value.some((item) => typeof item === 'function')),
  );
  if (dynamic) return null;
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

/**
 * Helmet's security headers (CSP, HSTS, frame, referrer, …) on every response (SECURITY "Headers").
 * Helmet's own middleware rebuilt the CSP text and made a dozen `setHeader` calls on every request
 * (the @fastify/helmet wrapper even rebuilt the middleware, issue 9); with static options the
 * headers never change, so they are computed once at boot and handed to Fastify with the reply
 * (issue 20: the per-request pipeline of a cached read). Options with per-request CSP values still
 * run helmet on each request.
 */
async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const fixed = staticHelmetHeaders(options);
  if (fixed) {
    app.addHook('onRequest', (_request, reply, done) => {
      void reply.headers(fixed);
      done();
    });
    return;
  }
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => {
      done(error instanceof Error ? error : undefined);
    });
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers' });

/** The app's CSP, HSTS (production only) and referrer policy. */
export function securityHeaderOptions(env: Env): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: env.NODE_ENV === 'production' ? [] : null,
      },
    },
    hsts: env.NODE_ENV === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}
