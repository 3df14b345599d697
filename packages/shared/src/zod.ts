import { z } from 'zod';

/**
 * zod's settings for this package, imported for its effect by every schema module before it builds a
 * schema (a dependency runs before its importers; package.json lists this file under sideEffects).
 * In a browser, zod's fast object parser probes `Function('')` when a schema is built; the app's CSP
 * has no 'unsafe-eval', so that probe is reported as a violation on every page. The browser parses
 * little, so there zod runs without the compiled fast path; the server keeps it.
 */
if ('document' in globalThis) z.config({ jitless: true });
