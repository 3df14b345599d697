import type { FastifyInstance } from 'fastify';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import type { ReadCache, ResponseCache } from './lib/response-cache.ts';
import type { ThrottleStore } from './lib/throttle.ts';
import { createThrottleStore } from './lib/throttle-stores.ts';
import type { IntervalJob } from './lib/jobs.ts';
import { createMetrics, type Metrics } from './plugins/metrics.ts';
import { createAuth, type Auth } from './modules/auth/auth.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createPasswordHasher, type PasswordHasher } from './modules/auth/password-hash.ts';
import type { AdminStats } from './modules/admin/admin.service.ts';
import type { CommunityJobs } from './modules/community/community.jobs.ts';
import type { DiscoveryService } from './modules/discovery/discovery.service.ts';
import type { AnimationsService } from './modules/animations/animations.service.ts';
import type { FileStore } from './modules/files/file-store.ts';
import type { FilesService } from './modules/files/files.service.ts';
import type { GlyphsService } from './modules/glyphs/glyphs.service.ts';
import type { ReleasesService } from './modules/releases/releases.service.ts';
import type { RepoKey } from './modules/fdroid/fdroid.keys.ts';
import type { UsersService } from './modules/users/users.service.ts';
import { createUsersRepository, type UsersRepository } from './modules/users/users.repository.ts';
import { createImageUrlNormalizer } from './modules/files/image-url.ts';
import type { MetaResolver } from './modules/web/page-meta.ts';

/**
 * What the modules share, as `app.glyphary`. The first block exists before any module registers; each
 * module adds what later modules use (app.ts registers them in that order) and `need()` says so when
 * the order is wrong.
 */
export interface AppContext {
  env: Env;
  database: Database;
  /** Secret for sessions and keyed hashes. */
  secret: string;
  clock: Clock;
  mailer: Mailer;
  throttle: ThrottleStore;
  auth: Auth;
  passwordHasher: PasswordHasher;
  publicUrl: string;
  metrics: Metrics;
  usersRepository: UsersRepository;
  /** Turns a stored file URL into the public one (spec §7). */
  normalizeImageUrl: (url: string) => string;
  /** In-process read caches; tests clear them. */
  caches: { publicReads: ReadCache; adminStats: ResponseCache<AdminStats> };
  /** Page metadata for server-rendered pages; modules add theirs, the web module reads them. */
  metaResolvers: MetaResolver[];

  files?: { service: FilesService; animations: AnimationsService; store: FileStore; sweep: (tempMaxAgeMs: number) => Promise<void> };
  users?: UsersService;
  discovery?: DiscoveryService;
  glyphs?: GlyphsService;
  releases?: ReleasesService;
  /** The F-Droid repository's signing key (generated on first use unless configured). */
  fdroid?: { key: () => Promise<RepoKey> };
  /** Jobs tests run a pass of directly. */
  communityJobs?: CommunityJobs;
  fileLifetimes?: IntervalJob<{ removed: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    glyphary: AppContext;
  }
}

/** A part of the context an earlier module provides; throws at boot if that module is missing or later. */
export function need<K extends keyof AppContext>(app: FastifyInstance, key: K): NonNullable<AppContext[K]> {
  const value = app.glyphary[key];
  if (value === undefined) throw new Error(`app.glyphary.${key} is not set: register the module that provides it first`);
  return value as NonNullable<AppContext[K]>;
}

/** Creates the shared services every module starts from (mail, throttles, auth, metrics). */
export function createCoreServices(app: FastifyInstance, deps: CoreDeps): Omit<AppContext, 'caches' | 'metaResolvers'> {
  const { env, database } = deps;
  const publicUrl = publicUrlOf(env);
  const mailer = deps.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger: app.log });
  const usersRepository = createUsersRepository(database.db);
  const authAccounts = createAuthRepository(database.db);
  // Redis when REDIS_URL is set, PostgreSQL on PostgreSQL, memory on PGlite.
  const throttle = deps.throttle ?? sharedThrottle(app, env.REDIS_URL, database);
  const passwordHasher = deps.passwordHasher ?? createPasswordHasher();
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
    passwordHasher,
    onSuperAdminVerified: async (userId, signedInAs) => {
      await authAccounts.promoteVerifiedSuperAdmin(userId, signedInAs, app.log);
    },
    onPasswordChanged: (userId) => usersRepository.cancelPendingEmail(userId),
    // The keys auth.routes' failureKey gives: the email's own count and each known device's.
    clearSignInLocks: async (email) => {
      await throttle.reset(`auth-email:${email}`);
      await throttle.resetPrefix(`auth-device:${email}:`);
    },
  });
  return {
    env,
    database,
    secret: deps.secret,
    clock: deps.clock ?? systemClock,
    mailer,
    throttle,
    auth,
    passwordHasher,
    publicUrl,
    metrics: createMetrics({ database }),
    usersRepository,
    normalizeImageUrl: createImageUrlNormalizer(publicUrl),
  };
}

export interface CoreDeps {
  env: Env;
  database: Database;
  secret: string;
  clock?: Clock | undefined;
  mailer?: Mailer | undefined;
  throttle?: ThrottleStore | undefined;
  /** Better Auth's parameters unless given (the in-process test apps pass a cheaper one). */
  passwordHasher?: PasswordHasher | undefined;
}

/** The throttle store this app owns (closed with the app). */
function sharedThrottle(app: FastifyInstance, redisUrl: string | undefined, database: Database): ThrottleStore {
  const shared = createThrottleStore({ redisUrl, database });
  app.addHook('onClose', async () => shared.close());
  return shared;
}

/** The public base URL: PUBLIC_URL, or the local address the server listens on. */

export function publicUrlOf(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

/**
 * The origins whose pages may write with cookies: PUBLIC_URL's origin; with no PUBLIC_URL outside
 * production, also the loopback spellings of the same port (so opening http://127.0.0.1:3000 on a default
 * install can sign up). Production requires PUBLIC_URL and stays strict.
 */
export function trustedOriginsOf(env: Env): string[] {
  const origin = new URL(publicUrlOf(env)).origin;
  if (env.PUBLIC_URL || env.NODE_ENV === 'production') return [origin];
  return [origin, ...['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${env.PORT}`)].filter((o, i, all) => all.indexOf(o) === i);
}
