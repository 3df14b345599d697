import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@glyphary/shared';
import { badRequest } from '../lib/errors.ts';


// A `.` or `..` segment, also when spelled with %2e (a URL parser cleans it away after our router has matched).
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;
// An encoded slash or backslash, a raw backslash or an encoded NUL: one router sees a segment boundary, another not.
const ENCODED_SEPARATOR = /%2f|%5c|%00|\\/i;
// Paths a second router (Better Auth's) parses again after ours. Elsewhere an encoded slash stays inside
// one route parameter, which its route validates (ids, file names) and answers 404 for, as before.
const REPARSED_PREFIX = '/api/auth/';

/**
 * True when a request path is ambiguous: a dot segment anywhere, or an encoded separator on a path that is
 * parsed twice. Fastify routes the raw path while Better Auth (and browsers, and proxies) clean it first,
 * so `/api/auth/./sign-in/email` once reached the library's sign-in past our throttles (issue 21).
 */
export function isAmbiguousPath(url: string): boolean {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (DOT_SEGMENT.test(path)) return true;
  return path.toLowerCase().startsWith(REPARSED_PREFIX.slice(0, -1)) && ENCODED_SEPARATOR.test(path);
}

/** Refuses ambiguous paths before any route (or the not-found handler) sees them. */
async function pathGuard(app: FastifyInstance) {
  // Callback style: it runs on every request, and an async hook costs a promise each time (issue 20).
  app.addHook('onRequest', (request, _reply, done) => {
    if (isAmbiguousPath(request.raw.url ?? request.url)) return done(badRequest(MSG.invalidPath, 'BAD_PATH'));
    done();
  });
}

export default fp(pathGuard, { name: 'path-guard' });
