import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import type { ThrottleStore } from './lib/throttle.ts';
import { createRateLimitStore, createThrottleStore } from './lib/throttle-stores.ts';
import { createMetrics, metricsPlugin } from './plugins/metrics.ts';
import accessPlugin from './plugins/access.ts';
import pathGuard from './plugins/path-guard.ts';
import requestLimits from './plugins/request-limits.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { createAuth, type Auth } from './modules/auth/auth.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createDiscoveryRepository } from './modules/discovery/discovery.repository.ts';
import { createDiscoveryService } from './modules/discovery/discovery.service.ts';
import { createStorefrontMetaResolver, discoveryRoutes } from './modules/discovery/discovery.routes.ts';
import { createSearchIndexing, createSearchRepository } from './modules/search/search.repository.ts';
import { SEARCH_INDEX_MAX_LAG_MS, searchPageTtlMs, type SearchIndex } from './modules/search/search.index.ts';
import type { MetaResolver } from './modules/web/page-meta.ts';
import { webRoutes } from './modules/web/web.routes.ts';
import { createAdminRepository } from './modules/admin/admin.repository.ts';
import { createAuditRepository } from './modules/audit/audit.repository.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createSyncRepository } from './modules/sync/sync.repository.ts';
import { createSyncService } from './modules/sync/sync.service.ts';
import { syncRoutes } from './modules/sync/sync.routes.ts';
import { createCountSyncJob } from './jobs/count-sync.ts';
import { createLocalFileStore, type FileStore } from './modules/files/file-store.ts';
import { createS3FileStore, s3OptionsFromEnv } from './modules/files/s3-file-store.ts';
import { createFilesRepository } from './modules/files/files.repository.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { createAnimationsRepository } from './modules/animations/animations.repository.ts';
import { createAnimationsService } from './modules/animations/animations.service.ts';
import { createImageUrlNormalizer } from './modules/files/image-url.ts';
import { createGlyphsRepository } from './modules/glyphs/glyphs.repository.ts';
import { createGlyphsService } from './modules/glyphs/glyphs.service.ts';
import { createGlyphMetaResolver, glyphsRoutes } from './modules/glyphs/glyphs.routes.ts';
import { createRequestsRepository } from './modules/requests/requests.repository.ts';
import { createRequestsService } from './modules/requests/requests.service.ts';
import { requestsRoutes } from './modules/requests/requests.routes.ts';
import { createReleasesRepository } from './modules/releases/releases.repository.ts';
import { createReleasesService } from './modules/releases/releases.service.ts';
import { releasesRoutes } from './modules/releases/releases.routes.ts';
import { createApkFactsReader } from './modules/releases/apk-facts.ts';
import { actorOf } from './modules/discovery/discovery.actor.ts';
import { createFeedsRepository } from './modules/feeds/feeds.repository.ts';
import { createFeedsService } from './modules/feeds/feeds.service.ts';
import { feedsRoutes } from './modules/feeds/feeds.routes.ts';
import { createResponseCache, type ResponseCache } from './lib/response-cache.ts';
import readCachePlugin, { createEarlyAnswers, type ReadCache } from './plugins/read-cache.ts';
import type { AdminStats } from './modules/admin/admin.service.ts';
// Issue 19: community and moderation
import { createReportsRepository } from './modules/community/reports.repository.ts';
import { createReportsService } from './modules/community/reports.service.ts';
import { createCommentsRepository } from './modules/community/comments.repository.ts';
import { createCommentsService } from './modules/community/comments.service.ts';
import { createNotificationsRepository, notifyFollowers } from './modules/community/notifications.repository.ts';
import { createFollowsRepository } from './modules/community/follows.repository.ts';
import { createVotesRepository } from './modules/community/votes.repository.ts';
import { createCommunityService } from './modules/community/community.service.ts';
import { createRateLimiter } from './modules/community/rate-limit.ts';
import { communityRoutes } from './modules/community/community.routes.ts';
import { createCommunityJobs, type CommunityJobs } from './jobs/community-jobs.ts';
import { createFileLifetimeJob, type FileLifetimeJob } from './jobs/file-lifetimes.ts';
import { ADMIN_STATS_TTL_MS } from './modules/admin/admin.service.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

export interface AppDeps {
  env: Env;
  database: Database;
  /** Secret for sessions and keyed hashes; main.ts reads it from env or the data directory. */
  secret: string;
  clock?: Clock;
  mailer?: Mailer;
  throttle?: ThrottleStore;
  logger?: FastifyServerOptions['logger'];
  /** Where uploaded files live; defaults to local disk under DATA_DIR/files. */
  fileStore?: FileStore;
}

export interface AppContext {
  auth: Auth;
  publicUrl: string;
  /** In-process read caches (docs/decisions/0012-read-caching.md); tests clear them. */
  caches?: { publicReads: ReadCache; adminStats: ResponseCache<AdminStats> };
  /** Issue 19: stale requests and digests; tests run a pass with an injected clock. */
  communityJobs?: CommunityJobs;
  /** Issue 21: the sweep of uploads never attached; tests run a pass. */
  fileLifetimes?: FileLifetimeJob;
  /** Decision 0034: the in-process search index (absent with SEARCH_INDEX=off); tests read its counters. */
  searchIndex?: SearchIndex;
}

declare module 'fastify' {
  interface FastifyInstance {
    glyphary: AppContext;
  }
}

/** The public base URL: PUBLIC_URL, or the local address the server listens on. */
export function publicUrlOf(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

/**
 * The origins whose pages may write with cookies: PUBLIC_URL's origin; with no PUBLIC_URL outside
 * production, also the loopback spellings of the same port (issue 21: opening http://127.0.0.1:3000 on a
 * default install refused every sign-up with 'Invalid origin'). Production requires PUBLIC_URL and stays strict.
 */
export function trustedOriginsOf(env: Env): string[] {
  const origin = new URL(publicUrlOf(env)).origin;
  if (env.PUBLIC_URL || env.NODE_ENV === 'production') return [origin];
  return [origin, ...['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${env.PORT}`)].filter((o, i, all) => all.indexOf(o) === i);
}

/**
 * Builds the Fastify app with every plugin and module registered explicitly. Never listens:
 * main.ts does, tests use `inject()`.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database } = deps;
  const clock = deps.clock ?? systemClock;
  const publicUrl = publicUrlOf(env);
  // Decision 0047: fresh cached reads are answered in the server's own request handler, before Fastify;
  // the read-cache plugin turns that on. The server is otherwise the one Fastify would create.
  const early = createEarlyAnswers();
  const app = Fastify({
    serverFactory: (handler, options) => {
      // What Fastify's own HTTP/1 server gets from these options (its defaults are filled in by now).
      const { keepAliveTimeout, requestTimeout, connectionTimeout, maxRequestsPerSocket } = options as {
        keepAliveTimeout: number;
        requestTimeout: number;
        connectionTimeout: number;
        maxRequestsPerSocket: number;
      };
      const server = http.createServer(early.wrap(handler));
      server.keepAliveTimeout = keepAliveTimeout;
      server.requestTimeout = requestTimeout;
      server.setTimeout(connectionTimeout);
      if (maxRequestsPerSocket > 0) server.maxRequestsPerSocket = maxRequestsPerSocket;
      return server;
    },
    logger: deps.logger ?? {
      level: env.LOG_LEVEL,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.currentPassword', '*.newPassword', '*.token'],
        censor: '[redacted]',
      },
    },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestTimeout: 120_000,
    return503OnClosing: true,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON routes accept JSON only (SECURITY "Origins"); multipart is added by the files module.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  // Issue 21: dot segments and encoded slashes are refused before routing.
  await app.register(pathGuard);

  const mailer = deps.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger: app.log });
  const authAccounts = createAuthRepository(database.db);
  const usersRepository = createUsersRepository(database.db);
  const cancelPendingEmail = (userId: string) => usersRepository.cancelPendingEmail(userId);
  const auth = createAuth({
    db: database.db,
    secret: deps.secret,
    baseUrl: publicUrl,
    trustedOrigins: trustedOriginsOf(env),
    production: env.NODE_ENV === 'production',
    superAdminEmail: env.SUPER_ADMIN_EMAIL,
    mailer,
    logger: app.log,
    rateLimitStorage: database.kind === 'postgres' ? 'database' : 'memory',
    onSuperAdminVerified: async (userId, signedInAs) => {
      await authAccounts.promoteVerifiedSuperAdmin(userId, signedInAs, app.log);
    },
    onPasswordChanged: cancelPendingEmail,
  });
  app.decorate('glyphary', { auth, publicUrl });

  await app.register(securityHeadersPlugin, {
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
  });
  // zstd first (decision 0071): a fresh page compresses ~6x faster than with brotli; br for Safari.
  await app.register(compress, { threshold: 1024, encodings: ['zstd', 'br', 'gzip'] });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Glyphary API', version: '1.0.0', description: 'The Glyphary marketplace API (spec §7).' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  // Prometheus metrics (issue 11): registered before the routes so every request is timed; the access
  // plugin reports its session lookups to them (decision 0065).
  const metrics = createMetrics({ database });
  await app.register(accessPlugin, {
    auth,
    trustedOrigins: trustedOriginsOf(env),
    onSessionLookup: (seconds) => metrics.observePhase('session_lookup', seconds),
  });
  await app.register(metricsPlugin, { metrics, token: env.METRICS_TOKEN });

  // Scale-out (issue 11): Redis when REDIS_URL is set, PostgreSQL on PostgreSQL, memory on PGlite.
  let throttle = deps.throttle;
  if (!throttle) {
    const shared = createThrottleStore({ redisUrl: env.REDIS_URL, database });
    app.addHook('onClose', async () => shared.close());
    throttle = shared;
  }
  // Issue 21: WRITE_RATE_LIMIT and READ_RATE_LIMIT, counted where the auth throttles are.
  await app.register(requestLimits, {
    auth,
    throttle,
    writesPerMinute: env.WRITE_RATE_LIMIT,
    readsPerMinute: env.READ_RATE_LIMIT,
    onWriteLimit: (seconds) => metrics.observePhase('write_limit', seconds),
  });
  // Public reads ≤ 1 s old (DESIGN §5; decisions 0012, 0035). After the limits: its fast path answers
  // from onRequest, once the security headers, the path guard and the read limit have run.
  await app.register(readCachePlugin, { clock, early, trustProxy: env.TRUST_PROXY });
  const readCache = app.readCache;
  await app.register(authRoutes, {
    auth,
    accounts: authAccounts,
    baseUrl: publicUrl,
    throttle,
    genericLoginErrors: env.AUTH_GENERIC_LOGIN_ERRORS,
    onPasswordChanged: cancelPendingEmail,
    superAdminEmail: env.SUPER_ADMIN_EMAIL,
    secret: deps.secret,
    secureCookies: env.NODE_ENV === 'production',
    limits: {
      ipLimit: env.AUTH_IP_LIMIT,
      ipWindowMs: env.AUTH_IP_WINDOW_MS,
      emailFailureLimit: env.AUTH_EMAIL_FAILURE_LIMIT,
      emailWindowMs: env.AUTH_EMAIL_WINDOW_MS,
    },
  });
  await app.register(healthRoutes, { database });

  // files (issue 3): one FileStore (local disk by default), the sweeper, and spec §7 URL normalisation.
  let fileStore: FileStore;
  if (deps.fileStore) fileStore = deps.fileStore;
  else if (env.S3_BUCKET) {
    // Scale-out (issue 11): S3_BUCKET moves stored files to an S3-compatible bucket shared by every instance.
    const s3Store = createS3FileStore(s3OptionsFromEnv(env, env.S3_BUCKET));
    app.addHook('onClose', async () => s3Store.close());
    fileStore = s3Store;
  } else fileStore = createLocalFileStore(path.join(env.DATA_DIR, 'files'));
  const filesService = createFilesService({
    files: createFilesRepository(database.db),
    store: fileStore,
    scanCommand: env.FILE_SCAN_COMMAND,
    quotaBytes: env.UPLOAD_QUOTA_BYTES,
    clock,
  });
  const animationsService = createAnimationsService({ files: filesService, store: fileStore, animations: createAnimationsRepository(database.db), scanCommand: env.FILE_SCAN_COMMAND });
  const normalizeImageUrl = createImageUrlNormalizer(publicUrl);
  /** Removes stale temp files and stored files without a row (SECURITY I5, R1, R9); never fails the caller. */
  const sweepFiles = async (tempMaxAgeMs: number) => {
    try {
      await filesService.sweep({ now: clock.now(), tempMaxAgeMs });
    } catch (error) {
      app.log.warn({ err: error }, 'file sweep failed');
    }
  };
  // At boot nothing is uploading in this process: every temp file is a leftover (SECURITY R1).
  app.addHook('onReady', async () => sweepFiles(0));
  // Issue 21: uploads nothing attached go after a day (hourly; off under NODE_ENV=test unless FILE_LIFETIME_JOB=on).
  const fileLifetimes = createFileLifetimeJob({ files: filesService, clock, intervalMs: 60 * 60 * 1000, logger: app.log });
  app.glyphary.fileLifetimes = fileLifetimes;
  if (env.FILE_LIFETIME_JOB === 'on' || (env.FILE_LIFETIME_JOB === 'auto' && env.NODE_ENV !== 'test')) {
    app.addHook('onReady', async () => fileLifetimes.start());
  }
  app.addHook('onClose', async () => fileLifetimes.stop());

  const users = createUsersService({
    users: usersRepository,
    clock,
    mailer,
    publicUrl,
    logError: (error, message) => app.log.error({ err: error }, message),
    normalizeImageUrl,
    // The account's file rows went with it (FK cascade); its stored files go now (SECURITY R9).
    afterAccountDeleted: async () => sweepFiles(60 * 60 * 1000),
  });
  await app.register(usersRoutes, { users, auth });

  // ── feature modules (each registers its own routes; keep one block per module) ──

  // Admin stats: 5 s with single-flight (0007 "Amended"). Public reads: the read-cache plugin above; each
  // module owns its keys and what a count change forgets, writers report through these callbacks.
  const adminStats = createResponseCache<AdminStats>({ ttlMs: ADMIN_STATS_TTL_MS, maxEntries: 1, clock });
  app.glyphary.caches = { publicReads: readCache, adminStats };
  // Decision 0034: plain "Best match" searches from an in-process index of glyph_search, fresh before
  // every search through the search_changes feed, which also drops the cached cards of changed glyphs.
  const searchLagMs = env.SEARCH_INDEX_MAX_LAG_MS ?? (env.NODE_ENV === 'test' ? 0 : SEARCH_INDEX_MAX_LAG_MS);
  const searchIndexing =
    env.SEARCH_INDEX === 'off'
      ? undefined
      : createSearchIndexing(database.db, {
          onError: (error) => app.log.error({ err: error }, 'search index: load failed (searches run in SQL)'),
          maxLagMs: searchLagMs,
          // The app's clock, so the lag and the search page cache (decision 0057) run on one time.
          now: () => clock.now().getTime(),
        });
  const searchIndex = searchIndexing?.index;
  if (searchIndex) {
    app.glyphary.searchIndex = searchIndex;
    const wait = env.SEARCH_INDEX === 'wait' || (env.SEARCH_INDEX === 'auto' && env.NODE_ENV === 'test');
    const warmCards = env.SEARCH_CARDS_WARM === 'on' || (env.SEARCH_CARDS_WARM === 'auto' && env.NODE_ENV !== 'test');
    let closing = false;
    let warming: Promise<unknown> | undefined;
    app.addHook('onReady', async () => {
      const heapBefore = process.memoryUsage().heapUsed;
      const startedAt = performance.now();
      const loaded = searchIndex.start().then(() => {
        if (!searchIndex.ready) return;
        const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
        app.log.info({ ...searchIndex.stats(), loadMs: Math.round(performance.now() - startedAt), heapMb: Math.round(heapMb) }, 'search index ready');
        if (!warmCards || closing) return;
        // Decision 0053: the result cards next, in the background; until then (or without) they load as searched.
        const warmStartedAt = performance.now();
        warming = searchIndexing.cards.warm({ stopped: () => closing }).then(
          (cards) => app.log.info({ cards, warmMs: Math.round(performance.now() - warmStartedAt) }, 'search cards ready'),
          (error: unknown) => app.log.warn({ err: error }, 'search cards: warming stopped (cards load as searched)'),
        );
      });
      if (wait) await loaded;
    });
    app.addHook('onClose', async () => {
      closing = true;
      await warming; // ends after the batch in flight
      searchIndex.stop();
    });
    // Decision 0045: this instance's own writes are searchable at once although searches may skip the
    // feed read for up to maxLagMs. Every write here is a request with an unsafe method and has committed
    // by the time its response is sent (onSend); writers that run outside a request (jobs) report through
    // the read cache's signals, and otherwise show within maxLagMs like another instance's.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') searchIndex.noteWrite();
      done(null, payload);
    });
    readCache.onContentChange(() => searchIndex.noteWrite());
    readCache.onCountChange(() => searchIndex.noteWrite());
  }
  const searchRepository = createSearchRepository(database.db, searchIndexing);
  const clearPublicReads = readCache.contentChanged;

  // glyph requests (issue 6)
  const requests = createRequestsService({ requests: createRequestsRepository(database.db), clock });
  await app.register(requestsRoutes, { requests, auth });

  // discovery: lists, counting, likes, storefront totals (issue 4)
  const discovery = createDiscoveryService({
    discovery: createDiscoveryRepository(database.db),
    search: searchRepository,
    secret: deps.secret,
    onCountChange: readCache.countChanged,
  });
  // Decision 0057: a search page lives what the index's lag leaves of the second (SQL-path pages: the second).
  await app.register(discoveryRoutes, { discovery, auth, readCache, searchPageTtlMs: searchIndexing ? searchPageTtlMs(searchLagMs) : 1000 });

  // files and glyphs (issue 3). `glyphs` is the one glyph service: the admin module deletes through it too.
  // Scale-out (issue 11): the upload limit counts in the shared throttle store when that store is shared.
  const rateLimitStore = database.kind === 'postgres' || env.REDIS_URL ? createRateLimitStore(throttle) : undefined;
  await app.register(filesRoutes, { files: filesService, animations: animationsService, store: fileStore, auth, uploadsPerHour: env.UPLOAD_RATE_LIMIT, rateLimitStore, readCache });
  // Issue 18: releases read an APK's version and signer from its stored report (issue 15).
  const readApkFacts = createApkFactsReader(database.db);
  const glyphs = createGlyphsService({
    glyphs: createGlyphsRepository(database.db),
    clock,
    normalizeImageUrl,
    onChange: clearPublicReads,
    readApkFacts,
    // Issue 19: followers hear about a new glyph in the upload's own transaction, once each.
    afterInsert: (tx, glyph) =>
      notifyFollowers(tx, glyph.creatorId, 'new_glyph', `glyph:${glyph.id}:new`, { glyphId: glyph.id, title: glyph.title, actorUsername: glyph.creatorUsername }),
  });
  await app.register(glyphsRoutes, { glyphs, auth, readCache });

  // releases (issue 18, decision 0021): versions, the latest-APK link, signer-change approval.
  const releases = createReleasesService({
    releases: createReleasesRepository(database.db),
    clock,
    readApkFacts,
    normalizeUrl: normalizeImageUrl,
    onChange: clearPublicReads,
    // Issue 19: followers hear about a release when it goes public (published, or approved after a
    // signer change), in that transaction, once each.
    onPublished: (tx, release, glyph) =>
      notifyFollowers(tx, glyph.creatorId, 'new_release', `release:${release.id}:published`, {
        glyphId: glyph.id,
        releaseId: release.id,
        title: glyph.title,
        version: release.versionName,
        actorUsername: glyph.creatorUsername,
      }),
  });
  await app.register(releasesRoutes, {
    releases,
    auth,
    actorOf: (input) => actorOf(input, deps.secret),
    onDownload: (glyphId) => readCache.countChanged(glyphId, 'downloads'),
  });

  await app.register(feedsRoutes, { feeds: createFeedsService({ feeds: createFeedsRepository(database.db), publicUrl }) });

  // admin panel and count sync (issue 7): admin glyph deletes go through the glyph service above.
  const trackedSync = metrics.trackSync(createSyncService({ sync: createSyncRepository(database.db, database.kind), intervalMs: env.SYNC_INTERVAL_MS, startedAt: clock.now() })); // trackSync: issue 11 metrics
  // A sync run (manual or hourly) may move every counter: cached stats and public reads go (0012).
  const sync: typeof trackedSync = {
    ...trackedSync,
    run: async (options) => {
      try {
        return await trackedSync.run(options);
      } finally {
        adminStats.clear();
        readCache.contentChanged();
      }
    },
  };
  await app.register(syncRoutes, { sync, auth });
  const admin = createAdminService({
    admin: createAdminRepository(database.db, database.kind),
    audit: createAuditRepository(database.db),
    glyphs,
    clock,
    normalizeImageUrl,
    statsCache: adminStats,
    onChange: clearPublicReads,
  });
  await app.register(adminRoutes, { admin, auth });
  // The hourly run lives and dies with the app; off under NODE_ENV=test unless SYNC_JOB=on.
  const syncJob = createCountSyncJob({ sync, intervalMs: env.SYNC_INTERVAL_MS, logger: app.log });
  if (env.SYNC_JOB === 'on' || (env.SYNC_JOB === 'auto' && env.NODE_ENV !== 'test')) {
    app.addHook('onReady', async () => syncJob.start());
  }
  app.addHook('onClose', async () => {
    await syncJob.stop();
    await sync.settled();
  });

  // community and moderation (issue 19): reports, the moderation queue, comments, follows, notifications, votes
  const limiter = createRateLimiter(throttle, { report: env.REPORT_RATE_LIMIT, comment: env.COMMENT_RATE_LIMIT });
  const reportsService = createReportsService({
    reports: createReportsRepository(database.db),
    clock,
    limiter,
    mailer,
    publicUrl,
    onChange: () => {
      clearPublicReads();
      adminStats.clear();
    },
    log: app.log,
  });
  const community = createCommunityService({
    notifications: createNotificationsRepository(database.db),
    follows: createFollowsRepository(database.db),
    votes: createVotesRepository(database.db),
    clock,
    secret: deps.secret,
    publicUrl,
    mailer,
  });
  await app.register(communityRoutes, {
    auth,
    reports: reportsService,
    comments: createCommentsService({ comments: createCommentsRepository(database.db), clock, limiter }),
    community,
  });
  const communityJobs = createCommunityJobs({ community, intervalMs: 60 * 60 * 1000, logger: app.log });
  app.glyphary.communityJobs = communityJobs;
  if (env.COMMUNITY_JOB === 'on' || (env.COMMUNITY_JOB === 'auto' && env.NODE_ENV !== 'test')) {
    app.addHook('onReady', async () => communityJobs.start());
  }
  app.addHook('onClose', async () => communityJobs.stop());

  // ── end of feature modules ──

  const metaResolvers: MetaResolver[] = [createGlyphMetaResolver(glyphs), createStorefrontMetaResolver({ users, discovery })];
  await app.register(webRoutes, { distDir: env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST, publicUrl, metaResolvers });

  // Callback-style hooks on the per-request path: an async hook costs a promise on every request (issue 20).
  app.addHook('onSend', (request, reply, payload, done) => {
    // Private responses are never cached by shared caches (SECURITY "Headers").
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
  return app;
}
