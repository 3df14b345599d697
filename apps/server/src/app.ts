import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createCoreServices, trustedOriginsOf, type CoreDeps } from './context.ts';
import { createReadCache, createResponseCache } from './lib/response-cache.ts';
import { normaliseRequestTarget } from './lib/request-target.ts';
import { OneLineRequestLog } from './lib/request-log.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import accessPlugin from './plugins/access.ts';
import pathGuard from './plugins/path-guard.ts';
import requestLimits from './plugins/request-limits.ts';
import { securityHeaderOptions, securityHeadersPlugin } from './plugins/security-headers.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { ADMIN_STATS_TTL_MS, type AdminStats } from './modules/admin/admin.service.ts';
import type { FileStore } from './modules/files/file-store.ts';
import authModule from './modules/auth/auth.module.ts';
import healthModule from './modules/health/health.module.ts';
import filesModule from './modules/files/files.module.ts';
import usersModule from './modules/users/users.module.ts';
import requestsModule from './modules/requests/requests.module.ts';
import discoveryModule from './modules/discovery/discovery.module.ts';
import glyphsModule from './modules/glyphs/glyphs.module.ts';
import releasesModule from './modules/releases/releases.module.ts';
import feedsModule from './modules/feeds/feeds.module.ts';
import fdroidModule from './modules/fdroid/fdroid.module.ts';
import syncModule from './modules/sync/sync.module.ts';
import adminModule from './modules/admin/admin.module.ts';
import statsModule from './modules/stats/stats.module.ts';
import communityModule from './modules/community/community.module.ts';
import webModule from './modules/web/web.module.ts';

export { publicUrlOf, trustedOriginsOf } from './context.ts';
export { DEFAULT_WEB_DIST } from './modules/web/web.module.ts';

export interface AppDeps extends CoreDeps {
  logger?: FastifyServerOptions['logger'];
  /** Where uploaded files live; defaults to local disk under DATA_DIR/files (or S3_BUCKET). */
  fileStore?: FileStore;
}

/** Builds the app: the platform plugins, then each module in an order where providers come first. Never listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env } = deps;
  const app = Fastify({
    logger: deps.logger ?? {
      level: env.LOG_LEVEL,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.currentPassword', '*.newPassword', '*.token'],
        censor: '[redacted]',
      },
    },
    logController: new OneLineRequestLog(),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestTimeout: 120_000,
    return503OnClosing: true,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Before routing and every hook: path tests (limits, no-store, origin and auth-path guards) see one spelling.
    rewriteUrl: (request) => normaliseRequestTarget(request.url ?? '/'),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON routes accept JSON only (SECURITY "Origins"); multipart is added by the files module.
  app.removeContentTypeParser('text/plain');
  // The original client sends `Content-Type: application/json` on every call, bodiless ones too (take-on,
  // deletes, make-admin…): an empty JSON body means `{}` (issue 46). Anything else goes to the default parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, {});
    parseJson(request, body as string, done);
  });
  registerErrorHandler(app);
  // Dot segments and encoded slashes are refused before routing.
  await app.register(pathGuard);
  const core = createCoreServices(app, deps);
  const { auth, metrics, throttle } = core;

  await app.register(securityHeadersPlugin, securityHeaderOptions(env));
  // zstd first: a fresh page compresses ~6x faster than with brotli; br for Safari.
  await app.register(compress, { threshold: 1024, encodings: ['zstd', 'br', 'gzip'] });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Glyphary API', version: '1.0.0', description: 'The Glyphary marketplace API (spec §7).' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  // Metrics before the routes so every request is timed.
  const onSessionLookup = (seconds: number) => metrics.observePhase('session_lookup', seconds);
  await app.register(accessPlugin, { auth, trustedOrigins: trustedOriginsOf(env), onSessionLookup });
  await app.register(metricsPlugin, { metrics, token: env.METRICS_TOKEN });
  const onWriteLimit = (seconds: number) => metrics.observePhase('write_limit', seconds);
  await app.register(requestLimits, { auth, throttle, writesPerMinute: env.WRITE_RATE_LIMIT, readsPerMinute: env.READ_RATE_LIMIT, onWriteLimit });
  const caches = {
    publicReads: createReadCache({ clock: core.clock }),
    adminStats: createResponseCache<AdminStats>({ ttlMs: ADMIN_STATS_TTL_MS, maxEntries: 1, clock: core.clock }),
  };
  app.decorate('glyphary', { ...core, caches, metaResolvers: [] });

  // Each module reads what it needs from app.glyphary and adds what later ones use.
  const modules = [authModule, healthModule, filesModule, usersModule, requestsModule, discoveryModule, glyphsModule, releasesModule, feedsModule, fdroidModule, syncModule, adminModule, statsModule, communityModule];
  for (const module of modules) await app.register(module, { fileStore: deps.fileStore });
  await app.register(webModule);

  // Callback-style hook: an async hook costs a promise on every request.
  app.addHook('onSend', (request, reply, payload, done) => {
    // Private responses are never cached by shared caches (SECURITY "Headers").
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  return app;
}
