import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { COMMUNITY_MSG, MSG, isValidEmail, validatePasswordLength, validateSignup } from '@glyphary/shared';
import type { AuthRepository } from './auth.repository.ts';
import { AppError, badRequest, conflict, tooManyRequests } from '../../lib/errors.ts';
import type { ThrottleStore } from '../../lib/throttle.ts';
import { CLIENT_IP_HEADER, type Auth } from './auth.ts';
import { isCommonPassword } from './common-passwords.ts';
import { verifyPassword } from './password-hash.ts';

export interface AuthRoutesOptions {
  auth: Auth;
  accounts: AuthRepository;
  baseUrl: string;
  throttle: ThrottleStore;
  genericLoginErrors: boolean;
  superAdminEmail?: string | undefined;
  limits: { ipLimit: number; ipWindowMs: number; emailFailureLimit: number; emailWindowMs: number };
}

/** Better Auth error codes → the spec's messages (spec §8) and our statuses. */
const ERROR_MAP: Record<string, { status?: number; message: string }> = {
  USER_ALREADY_EXISTS: { status: 409, message: MSG.emailInUse },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 409, message: MSG.emailInUse },
  INVALID_EMAIL: { status: 400, message: MSG.invalidEmail },
  PASSWORD_TOO_SHORT: { status: 400, message: MSG.passwordTooShort },
  PASSWORD_TOO_LONG: { status: 400, message: MSG.passwordTooLong },
  INVALID_PASSWORD: { status: 400, message: MSG.currentPasswordIncorrect },
  INVALID_TOKEN: { status: 400, message: 'This reset link is invalid or has expired.' },
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

  async function forward(request: FastifyRequest, reply: FastifyReply, body?: unknown) {
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
      const mapped = ERROR_MAP[code];
      throw new AppError(mapped?.status ?? response.status, code, mapped?.message ?? message);
    }
    reply.status(response.status);
    if (text.length === 0) return reply.send();
    return reply.type(response.headers.get('content-type') ?? 'application/json').send(text);
  }

  async function throttleIp(request: FastifyRequest) {
    const { count, resetAt } = await throttle.hit(`auth-ip:${request.ip}`, limits.ipWindowMs);
    if (count > limits.ipLimit) {
      request.log.warn({ ip: request.ip }, 'auth throttled by ip');
      throw tooManyRequests(MSG.tooManyAttempts, (resetAt - Date.now()) / 1000);
    }
  }

  async function throttleEmail(email: string) {
    const { count, resetAt } = await throttle.peek(`auth-email:${email}`);
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
      if (!options.superAdminEmail) await accounts.promoteFirstAccount(request.log);
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
    await throttleEmail(email);
    if (password.length === 0 || password.length > 1024) throw new AppError(401, 'INVALID_CREDENTIALS', MSG.loginWrongPassword);
    // One attempt per email at a time in this process: concurrent guesses all passed the failure counter
    // before the first failure was counted, each costing a password hash (load run L6, SECURITY "Throttling").
    if (signingIn.has(email)) throw tooManyRequests(MSG.tooManyAttempts, 1);
    signingIn.add(email);
    try {
      // Issue 19: a suspended account cannot sign in. Said only to someone who knows the password (no
      // oracle for guessers: a wrong one goes on to the usual 401), and no session is made.
      const suspendedHash = await accounts.suspendedPasswordHash(email);
      if (suspendedHash && (await verifyPassword({ hash: suspendedHash, password }))) {
        request.log.warn({ event: 'sign-in', outcome: 'suspended', email }, 'sign-in');
        throw new AppError(403, 'ACCOUNT_SUSPENDED', COMMUNITY_MSG.accountSuspended);
      }
      const result = await forward(request, reply, { email, password, rememberMe: true });
      // A success frees the email at once: the answer may already be on its way, and the same person may
      // sign in again right away (a failure keeps it until the failure is counted, in `finally`).
      signingIn.delete(email);
      await throttle.reset(`auth-email:${email}`);
      request.log.info({ event: 'sign-in', outcome: 'success', email }, 'sign-in');
      return result;
    } catch (caught) {
      if (!(caught instanceof AppError) || caught.statusCode !== 401) throw caught;
      await throttle.hit(`auth-email:${email}`, limits.emailWindowMs);
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
    return forward(request, reply, {
      currentPassword: readStringField(request.body, 'currentPassword'),
      newPassword,
      // Issue 8: other sessions are signed out on a password change.
      revokeOtherSessions: true,
    });
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

  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', ...authRoute, handler: (request, reply) => forward(request, reply) });
}
