import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/index.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { failpoint } from '../../lib/failpoints.ts';
import type { PasswordHasher } from './password-hash.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PRODUCT_NAME } from '@glyphary/shared';

/** The header our server sets (after dropping any client value) to tell Better Auth the trusted client IP. */
export const CLIENT_IP_HEADER = 'x-glyphary-client-ip';
/** A session younger than this counts as fresh: account deletion and email changes need one. */
export const FRESH_SESSION_SECONDS = 10 * 60;

export interface AuthOptions {
  db: Db;
  secret: string;
  baseUrl: string;
  /** Origins whose pages may call the API with cookies (trustedOriginsOf in app.ts). */
  trustedOrigins: string[];
  production: boolean;
  superAdminEmail?: string | undefined;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  rateLimitStorage: 'memory' | 'database';
  /** Better Auth's format, on the thread pool (password-hash.ts). */
  passwordHasher: PasswordHasher;
  /**
   * Makes a verified SUPER_ADMIN_EMAIL account the super admin (auth.repository promoteVerifiedSuperAdmin);
   * `signedInAs` is the account whose session opened the link, if any.
   */
  onSuperAdminVerified?: (userId: string, signedInAs: string | null) => Promise<void>;
  /**
   * Runs after a password reset (and, from auth.routes, a password change): the pending email change is
   * cancelled, so a link requested by whoever held the old password cannot move the account away.
   */
  onPasswordChanged?: (userId: string) => Promise<void>;
  /**
   * Runs after a password reset with the account's email (trimmed, lower case, as the sign-in throttle
   * keys it): whoever proved the mailbox is no longer held back by the sign-in lock the attempts left.
   */
  clearSignInLocks?: (email: string) => Promise<void>;
}

/** True when an address is the configured super admin address (any letter case). */
export function isSuperAdminEmail(email: string, superAdminEmail: string | undefined): boolean {
  return Boolean(superAdminEmail && email.trim().toLowerCase() === superAdminEmail.trim().toLowerCase());
}

/**
 * Builds the Better Auth instance (DESIGN §1 Accounts): email + password, cookie sessions for the
 * browser and bearer tokens for API clients, the profile stored on the user row.
 */
export function createAuth(options: AuthOptions) {
  const { db, logger } = options;
  // The instance itself, for the verification hook to read the session of whoever opened the link.
  let self: { api: { getSession(input: { headers: Headers }): Promise<{ user: { id: string } } | null> } } | null = null;
  const auth = betterAuth({
    appName: PRODUCT_NAME,
    baseURL: options.baseUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      transaction: true,
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // Better Auth's hash format, computed on the thread pool instead of the event loop (password-hash.ts).
      password: { hash: options.passwordHasher.hash, verify: options.passwordHasher.verify },
      revokeSessionsOnPasswordReset: true,
      async onPasswordReset({ user }) {
        await options.onPasswordChanged?.(user.id);
        await options.clearSignInLocks?.(user.email.trim().toLowerCase());
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, url }) {
        await options.mailer.send({
          to: user.email,
          subject: `Reset your ${PRODUCT_NAME} password`,
          text: `Someone asked to reset the password of your ${PRODUCT_NAME} account.\n\nOpen this link within an hour to choose a new password:\n${url}\n\nIf it was not you, ignore this email: your password stays the same.`,
        });
      },
    },
    // Issue 21: the SUPER_ADMIN_EMAIL account becomes the super admin only once it proves the address, by
    // opening the link mailed at sign-up while signed in as that account (a stranger who signed up with
    // the address first cannot be promoted by the owner clicking the link signed out).
    emailVerification: {
      sendOnSignUp: false,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        await options.mailer.send({
          to: user.email,
          subject: `Confirm your ${PRODUCT_NAME} administrator address`,
          text: `This address is the ${PRODUCT_NAME} super administrator's.\n\nSign in to ${PRODUCT_NAME} with the account you just created, then open this link within a day to confirm it:\n${url}\n\nIf you did not create an account, ignore this email: nothing changes.`,
        });
      },
      async afterEmailVerification(user, request) {
        if (!isSuperAdminEmail(user.email, options.superAdminEmail) || !options.onSuperAdminVerified) return;
        const session = request && self ? await self.api.getSession({ headers: request.headers }).catch(() => null) : null;
        await options.onSuperAdminVerified(user.id, session?.user.id ?? null);
      },
    },
    user: {
      additionalFields: {
        username: { type: 'string', required: true, input: true },
        bio: { type: 'string', required: false, defaultValue: '', input: false },
        website: { type: 'string', required: false, defaultValue: '', input: false },
        location: { type: 'string', required: false, defaultValue: '', input: false },
        bannerImage: { type: 'string', required: false, input: false },
        isAdmin: { type: 'boolean', required: false, defaultValue: false, input: false },
        isSuperAdmin: { type: 'boolean', required: false, defaultValue: false, input: false },
        glyphsCount: { type: 'number', required: false, defaultValue: 0, input: false },
        // Issue 19: read by the access layer on every request (suspended accounts cannot post).
        suspendedAt: { type: 'date', required: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      freshAge: FRESH_SESSION_SECONDS,
    },
    rateLimit: {
      enabled: true,
      storage: options.rateLimitStorage,
      window: 60,
      max: 100,
      customRules: {
        // Sign-in and sign-up are throttled by our own limiter, shared and with the spec's message (DESIGN §4.7).
        '/sign-in/email': false,
        '/sign-up/email': false,
        '/request-password-reset': { window: 60, max: 5 },
        '/change-password': { window: 60, max: 10 },
      },
    },
    advanced: {
      // Better Auth turns its origin and callback/redirect URL checks off when NODE_ENV=test; keep them on
      // everywhere so the test suite exercises what production runs (a foreign redirectTo on a password
      // reset would otherwise mail a link that hands the token to another site).
      disableOriginCheck: false,
      cookiePrefix: 'glyphary',
      useSecureCookies: options.production,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: options.production },
    },
    plugins: [bearer()],
    logger: {
      log(level, message) {
        logger[level]({ component: 'auth' }, message);
      },
    },
    databaseHooks: {
      user: {
        create: {
          // DESIGN §4.6: the SUPER_ADMIN_EMAIL account is the super admin once verified (see emailVerification
          // above); with none configured the first account is promoted after sign-up (promoteFirstAccount).
          // No query may run here, because this hook runs inside the adapter's transaction.
          async before(user) {
            // Never a role at creation (issue 21): the SUPER_ADMIN_EMAIL account is promoted once verified.
            return { data: { ...user, isSuperAdmin: false, isAdmin: false, bio: '', website: '', location: '', glyphsCount: 0 } };
          },
        },
      },
      account: {
        create: {
          // SECURITY R2: a crash here (user row written, credential account not yet) must lose the whole sign-up.
          async before() {
            failpoint('auth_user_created');
          },
        },
      },
    },
  });
  self = auth as unknown as typeof self;
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

