import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { need } from '../../context.ts';
import { createUsersService } from './users.service.ts';
import { usersRoutes } from './users.routes.ts';

export default fp(
  async function usersModule(app: FastifyInstance) {
    const { usersRepository, clock, mailer, publicUrl, normalizeImageUrl, auth } = app.glyphary;
    const files = need(app, 'files');
    const users = createUsersService({
      users: usersRepository,
      clock,
      mailer,
      publicUrl,
      logError: (error, message) => app.log.error({ err: error }, message),
      normalizeImageUrl,
      // The account's file rows went with it (FK cascade); its stored files go now (SECURITY R9).
      afterAccountDeleted: async () => files.sweep(60 * 60 * 1000),
    });
    app.glyphary.users = users;
    await app.register(usersRoutes, { users, auth });
  },
  { name: 'users-module' },
);
