import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createAuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';

/** Sign-up, sign-in, sessions and password flows (better-auth is created with the app context). */
export default fp(
  async function authModule(app: FastifyInstance) {
    const { env, auth, publicUrl, throttle, secret, usersRepository, passwordHasher } = app.glyphary;
    await app.register(authRoutes, {
      auth,
      accounts: createAuthRepository(app.glyphary.database.db),
      baseUrl: publicUrl,
      throttle,
      genericLoginErrors: env.AUTH_GENERIC_LOGIN_ERRORS,
      onPasswordChanged: (userId) => usersRepository.cancelPendingEmail(userId),
      superAdminEmail: env.SUPER_ADMIN_EMAIL,
      secret,
      secureCookies: env.NODE_ENV === 'production',
      passwordHasher,
      limits: {
        ipLimit: env.AUTH_IP_LIMIT,
        ipWindowMs: env.AUTH_IP_WINDOW_MS,
        emailFailureLimit: env.AUTH_EMAIL_FAILURE_LIMIT,
        emailWindowMs: env.AUTH_EMAIL_WINDOW_MS,
      },
    });
  },
  { name: 'auth-module' },
);
