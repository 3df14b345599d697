import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, frame, referrer, …) on every response (SECURITY "Headers").
 * The middleware is built once at boot: the @fastify/helmet wrapper rebuilt it, re-parsing the CSP,
 * on every request, which cost about 8% of a cached public read (bench/results, issue 9).
 */
async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => {
      done(error instanceof Error ? error : undefined);
    });
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers' });
