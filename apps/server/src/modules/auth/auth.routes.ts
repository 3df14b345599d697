import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import {
  COMMUNITY_MSG,
  MSG,
  isErrorCode,
  isValidEmail,
  validatePasswordLength,
  validateSignup,
  type ErrorCode,
} from '@glyphary/shared';
import type { AuthRepository } from './auth.repository.ts';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import type { ThrottleStore } from '../../lib/throttle.ts';
import { CLIENT_IP_HEADER, isSuperAdminEmail, type Auth } from './auth.ts';
import { isCommonPassword } from './common-passwords.ts';
import { issueDeviceCookie, knownDeviceId } from './known-device.ts';
import type { PasswordHasher } from './password-hash.ts';
import { getViewer } from '../../plugins/access.ts';

export interface AuthRoutesOptions {
  auth: Auth;
  accounts: AuthRepository;
  baseUrl: string;
  throttle: ThrottleStore;
  genericLoginErrors: boolean;
  superAdminEmail?: string | undefined;
  /** Signs known-device cookies (known-device.ts). */
  secret: string;
  /** Secure cookies (production). */
  secureCookies: boolean;
  /** Checks a suspended account's password before saying it is suspended. */
  passwordHasher: PasswordHasher;
  limits: { ipLimit: number; ipWindowMs: number; emailFailureLimit: number; emailWindowMs: number };
  /** After a successful password change: cancels the pending email change (auth.ts `onPasswordChanged`). */
  onPasswordChanged: (userId: string) => Promise<void>;
}

/** Better Auth error codes → the spec's messages (spec §8) and our statuses. */
const ERROR_MAP: Partial<Record<ErrorCode, { status?: number; message: string }>> = {
  USER_ALREADY_EXISTS: { status: 409, message: MSG.emailInUse },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 409, message: MSG.emailInUse },
  INVALID_EMAIL: { status: 400, message: MSG.invalidEmail },
  PASSWORD_TOO_SHORT: { status: 400, message: MSG.passwordTooShort },
  PASSWORD_TOO_LONG: { status: 400, message: MSG.passwordTooLong },
  INVALID_PASSWORD: { status: 400, message: MSG.currentPasswordIncorrect },
  INVALID_TOKEN: { status: 400, message: MSG.resetLinkInvalid },
  FAILED_TO_CREATE_USER: { status: 500, message: MSG.signupFailed },
  TOO_MANY_REQUESTS: { status: 429, message: MSG.tooManyAttempts },
};

function readStringField(body: unknown, key: string): string {
  const value = (body as Record<string, unknown> | null | undefined)?.[key];
  return typeof value === 'string' ? value : '';
}

/**
 * Mounts Better Auth at /api/auth/* behind our own checks: the spec's signup validation in order,
 * unique usernames ignoring case, common-password refusal, shared sign-in/sign-up throttles
 * (DESIGN §4.7) and `{error, code}` bodies with the spec's messages.
 */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { auth, accounts, throttle, limits } = options;

  async function forward(
    request: FastifyRequest,
    reply: FastifyReply,
    body?: unknown,
    shape?: (answer: unknown) => unknown,
    /** Set-Cookie values added when Better Auth answers success. */
    successCookies: string[] = [],
    /** Runs when Better Auth answers success, before the answer is sent (the caller sees its effect at once). */
    afterSuccess?: () => Promise<void>,
  ) {
    const url = new URL(request.url, options.baseUrl);
    const headers = fromNodeHeaders(request.headers);
    headers.delete('content-length');
    headers.delete(CLIENT_IP_HEADER);
    headers.set(CLIENT_IP_HEADER, request.ip);
    const payload = body ?? request.body;
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && payload !== undefined && payload !== null;
    if (hasBody) headers.set('content-type', 'application/json');
    const response = await auth.handler(
      new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(payload) : undefined }),
    );
    const cookies = response.headers.getSetCookie();
    if (response.status < 400) cookies.push(...successCookies);
    response.headers.forEach((value, key) => {
      if (key === 'set-cookie' || key === 'content-length' || key === 'content-encoding') return;
      void reply.header(key, value);
    });
    if (cookies.length > 0) void reply.header('set-cookie', cookies);
    void reply.header('cache-control', 'no-store');
    const text = await response.text();
    if (response.status >= 400) {
      let code = 'AUTH_ERROR';
      let message: string = MSG.internal;
      try {
        const parsed = JSON.parse(text) as { code?: string; message?: string };
        code = parsed.code ?? code;
        message = parsed.message ?? message;
      } catch {
        // not JSON: keep the generic message
      }
      // Codes in our vocabulary (ErrorCode) keep their name and get the spec's message where mapped; any
      // other Better Auth code is reported as AUTH_ERROR with Better Auth's message, so clients only ever
      // see codes the shared union names.
      const known: ErrorCode = isErrorCode(code) ? code : 'AUTH_ERROR';
      const mapped = ERROR_MAP[known];
      throw new AppError(mapped?.status ?? response.status, known, mapped?.message ?? message);
    }
    await afterSuccess?.();
    reply.status(response.status);
    if (text.length === 0) return reply.send();
    if (shape && (response.headers.get('content-type') ?? '').includes('application/json')) {
      return reply.type('application/json').send(JSON.stringify(shape(JSON.parse(text) as unknown)));
    }
    return reply.type(response.headers.get('content-type') ?? 'application/json').send(text);
  }

  async function throttleIp(request: FastifyRequest) {
    const { count, resetAt } = await throttle.hit(`auth-ip:${request.ip}`, limits.ipWindowMs);
    if (count > limits.ipLimit) {
      request.log.warn({ ip: request.ip }, 'auth throttled by ip');
      throw tooManyRequests(MSG.tooManyAttempts, (resetAt - Date.now()) / 1000);
    }
  }

  /**
   * The key that counts an email's sign-in failures: the email's own, or, from a known device, that
   * device's, so a stranger's guesses cannot lock the owner out of a device they used before.
   */
  function failureKey(email: string, deviceId: string | null): string {
    return deviceId ? `auth-device:${email}:${deviceId}` : `auth-email:${email}`;
  }

  async function throttleEmail(email: string, deviceId: string | null = null) {
    const { count, resetAt } = await throttle.peek(failureKey(email, deviceId));
    if (count >= limits.emailFailureLimit) throw tooManyRequests(MSG.tooManyAttempts, (resetAt - Date.now()) / 1000);
  }

  function checkNewPassword(password: string) {
    const lengthError = validatePasswordLength(password);
    if (lengthError) throw badRequest(lengthError);
    if (isCommonPassword(password)) throw badRequest(MSG.weakPasswordCommon, 'WEAK_PASSWORD');
  }

  const authRoute = { config: { access: 'public' as const }, schema: { hide: true } };
  /** Emails with a sign-in in progress in this process (see the sign-in route). */
  const signingIn = new Set<string>();

  app.post('/api/auth/sign-up/email', authRoute, async (request, reply) => {
    const fields = {
      email: readStringField(request.body, 'email').trim().toLowerCase(),
      username: readStringField(request.body, 'username').trim(),
      displayName: readStringField(request.body, 'name').trim(),
      password: readStringField(request.body, 'password'),
    };
    await throttleIp(request);
    await throttleEmail(fields.email);
    // spec §5: checked in this order (no confirmation field on the API).
    const error = validateSignup(fields);
    if (error) throw badRequest(error);
    // A NUL in the display name reached PostgreSQL and answered 500 (found by the trust sweep).
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(fields.displayName)) throw badRequest(MSG.controlCharacters);
    if (isCommonPassword(fields.password)) throw badRequest(MSG.weakPasswordCommon, 'WEAK_PASSWORD');
    if (await accounts.isUsernameTaken(fields.username)) throw conflict(MSG.usernameTaken, 'USERNAME_TAKEN');
    // Only these fields reach Better Auth: isAdmin and friends in the body are dropped.
    try {
      const sent = await forward(request, reply, {
        email: fields.email,
        password: fields.password,
        name: fields.displayName,
        username: fields.username,
      });
      const userId = await accounts.findUserIdByEmail(fields.email);
      if (userId && !options.superAdminEmail) await accounts.promoteFirstAccount(userId, request.log);
      if (userId && isSuperAdminEmail(fields.email, options.superAdminEmail)) {
        // The role waits for the address to be proven (issue 21): the link goes to that mailbox.
        await auth.api.sendVerificationEmail({ body: { email: fields.email, callbackURL: '/' } }).catch((error: unknown) => {
          request.log.error({ err: error }, 'super admin verification email failed');
        });
      }
      return sent;
    } catch (caught) {
      if (caught instanceof AppError && caught.statusCode >= 500) {
        // A concurrent signup took the username between our check and the insert.
        if (await accounts.isUsernameTaken(fields.username)) throw conflict(MSG.usernameTaken, 'USERNAME_TAKEN');
        throw new AppError(500, 'SIGNUP_FAILED', MSG.signupFailed);
      }
      throw caught;
    }
  });

  app.post('/api/auth/sign-in/email', authRoute, async (request, reply) => {
    const email = readStringField(request.body, 'email').trim().toLowerCase();
    const password = readStringField(request.body, 'password');
    await throttleIp(request);
    if (!isValidEmail(email)) throw badRequest(MSG.invalidEmail, 'INVALID_EMAIL');
    const deviceId = knownDeviceId(options.secret, email, request.headers.cookie);
    await throttleEmail(email, deviceId);
    if (password.length === 0 || password.length > 1024) throw new AppError(401, 'INVALID_CREDENTIALS', MSG.loginWrongPassword);
    // One attempt per email at a time in this process: concurrent guesses all passed the failure counter
    // before the first failure was counted, each costing a password hash (load run L6, SECURITY "Throttling").
    if (signingIn.has(email)) throw tooManyRequests(MSG.tooManyAttempts, 1);
    signingIn.add(email);
    try {
      // Issue 19: a suspended account cannot sign in. Said only to someone who knows the password (no
      // oracle for guessers: a wrong one goes on to the usual 401), and no session is made.
      const suspendedHash = await accounts.suspendedPasswordHash(email);
      if (suspendedHash && (await options.passwordHasher.verify({ hash: suspendedHash, password }))) {
        request.log.warn({ event: 'sign-in', outcome: 'suspended', email }, 'sign-in');
        throw new AppError(403, 'ACCOUNT_SUSPENDED', COMMUNITY_MSG.accountSuspended);
      }
      // A success makes (or keeps) this a known device for the account.
      const device = deviceId ? null : issueDeviceCookie(options.secret, email, options.secureCookies);
      const result = await forward(
        request,
        reply,
        { email, password, rememberMe: true },
        undefined,
        device ? [device.header] : [],
      );
      // A success frees the email at once: the answer may already be on its way, and the same person may
      // sign in again right away (a failure keeps it until the failure is counted, in `finally`).
      signingIn.delete(email);
      // Only this device's count: a success on a known device leaves strangers' count where it is.
      await throttle.reset(failureKey(email, deviceId));
      request.log.info({ event: 'sign-in', outcome: 'success', email }, 'sign-in');
      return result;
    } catch (caught) {
      if (!(caught instanceof AppError) || caught.statusCode !== 401) throw caught;
      await throttle.hit(failureKey(email, deviceId), limits.emailWindowMs);
      request.log.warn({ event: 'sign-in', outcome: 'failure', email }, 'sign-in');
      if (options.genericLoginErrors) throw new AppError(401, 'INVALID_CREDENTIALS', MSG.loginFailed);
      // DESIGN §4.7: distinct messages, same status.
      throw (await accounts.emailExists(email))
        ? new AppError(401, 'INVALID_PASSWORD', MSG.loginWrongPassword)
        : new AppError(401, 'USER_NOT_FOUND', MSG.loginUserNotFound);
    } finally {
      signingIn.delete(email);
    }
  });

  app.post('/api/auth/change-password', authRoute, async (request, reply) => {
    const newPassword = readStringField(request.body, 'newPassword');
    checkNewPassword(newPassword);
    // Read before the change: the session stays, but the viewer is what the change is about.
    const viewer = await getViewer(request, auth);
    return forward(
      request,
      reply,
      {
        currentPassword: readStringField(request.body, 'currentPassword'),
        newPassword,
        // Issue 8: other sessions are signed out on a password change.
        revokeOtherSessions: true,
      },
      undefined,
      [],
      async () => {
        if (viewer) await options.onPasswordChanged(viewer.id);
      },
    );
  });

  app.post('/api/auth/reset-password', authRoute, async (request, reply) => {
    const newPassword = readStringField(request.body, 'newPassword');
    checkNewPassword(newPassword);
    return forward(request, reply);
  });

  // Account deletion goes through DELETE /api/delete-user-data (one transaction over every table).
  app.post('/api/auth/delete-user', authRoute, async () => {
    throw new AppError(404, 'NOT_FOUND', 'Use DELETE /api/delete-user-data');
  });

  // Issue 21: only these Better Auth endpoints are reachable. Everything else the library offers (its
  // update-user, change-email, sign-in by other means…) answers 404: profile writes go through our
  // validated routes, and a new library endpoint stays closed until someone decides to open it here.
  const passthrough = (request: FastifyRequest, reply: FastifyReply) => forward(request, reply);
  app.get('/api/auth/get-session', authRoute, (request, reply) => forward(request, reply, undefined, withoutSessionTokens));
  app.get('/api/auth/list-sessions', authRoute, (request, reply) => forward(request, reply, undefined, withoutSessionTokens));
  app.post('/api/auth/sign-out', authRoute, passthrough);
  app.post('/api/auth/revoke-other-sessions', authRoute, passthrough);
  app.post('/api/auth/revoke-sessions', authRoute, passthrough);
  app.post('/api/auth/request-password-reset', authRoute, passthrough);
  // The link of the super admin's verification email (issue 21).
  app.get('/api/auth/verify-email', authRoute, async (request, reply) => {
    try {
      return await forward(request, reply);
    } catch (error) {
      // The shared INVALID_TOKEN message speaks of a reset link; this one is the address confirmation.
      if (error instanceof AppError && error.code === 'INVALID_TOKEN')
        throw new AppError(400, 'INVALID_TOKEN', MSG.verifyLinkInvalid);
      throw error;
    }
  });
  // The link of the reset email: Better Auth checks the token and redirects to the reset page.
  app.get('/api/auth/reset-password/:token', authRoute, passthrough);
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/auth/*',
    ...authRoute,
    handler: async () => {
      throw notFound();
    },
  });
}

/**
 * Drops session tokens from get-session and list-sessions answers (issue 21): a script in the page could
 * otherwise read the httpOnly cookie's value. API clients get their token from sign-in and sign-up.
 */
export function withoutSessionTokens(body: unknown): unknown {
  const strip = (session: unknown) => {
    if (!session || typeof session !== 'object') return session;
    const { token: _token, ...rest } = session as Record<string, unknown>;
    return rest;
  };
  if (Array.isArray(body)) return body.map(strip);
  if (body && typeof body === 'object' && 'session' in body) {
    const { session, ...rest } = body as Record<string, unknown>;
    return { ...rest, session: strip(session) };
  }
  return body;
}
