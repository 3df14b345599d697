import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PublicUserSchema, UpdateUserInputSchema, UserProfileSchema, MSG, isValidEmail } from '@glyphary/shared';
import { getViewer, requireViewer } from '../../plugins/access.ts';
import type { Auth } from '../auth/auth.ts';
import { toPublicUser, toUserProfile } from './users.presenter.ts';
import { CONFIRM_EMAIL_CHANGE_PATH, type UsersService } from './users.service.ts';
import type { UserRow } from './users.repository.ts';

const UserResponse = z.object({ user: z.union([UserProfileSchema, PublicUserSchema]) });
const UpdateBody = UpdateUserInputSchema.extend({
  email: z
    .string()
    .trim()
    .refine((v) => isValidEmail(v), MSG.invalidEmail)
    .optional(),
});

/** Profile routes of spec §7: get-user, get-user-by-username, update-user, delete-user-data. */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; auth: Auth }> = async (app, { users, auth }) => {
  async function present(request: Parameters<typeof getViewer>[0], row: UserRow) {
    const viewer = await getViewer(request, auth);
    // Own, admin and super admin get the full profile; everyone else the public projection.
    return viewer && (viewer.id === row.id || viewer.isAdmin) ? toUserProfile(row, await users.pendingEmailOf(row.id)) : toPublicUser(row);
  }

  app.get(
    '/api/get-user/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['users'], params: z.object({ id: z.string() }), response: { 200: UserResponse } },
    },
    async (request) => ({ user: await present(request, await users.getById(request.params.id)) }),
  );

  app.get(
    '/api/get-user-by-username/:username',
    {
      config: { access: 'public' },
      schema: { tags: ['users'], params: z.object({ username: z.string() }), response: { 200: UserResponse } },
    },
    async (request) => ({ user: await present(request, await users.getByUsername(request.params.username)) }),
  );

  app.post(
    '/api/update-user',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        body: UpdateBody,
        response: { 200: z.object({ success: z.literal(true), user: UserProfileSchema }) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      const updated = await users.updateOwnProfile(viewer, request.body);
      return { success: true as const, user: toUserProfile(updated, await users.pendingEmailOf(viewer.id)) };
    },
  );

  // Issue 21: the link mailed to a new address. Opened in any browser, signed in or not
  // (holding the mailbox is the proof); the answer is a redirect to Settings, which shows the outcome.
  app.get(
    CONFIRM_EMAIL_CHANGE_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'Open an email-change link: switches the address, then redirects to /settings?emailChange=<outcome>',
        querystring: z.object({ token: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const { outcome } = await users.confirmEmailChange(request.query.token ?? '');
      if (outcome === 'confirmed') request.log.info({ event: 'email-change', outcome }, 'email change confirmed');
      void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return reply.redirect(`/settings?emailChange=${outcome}`, 303);
    },
  );

  app.delete(
    '/api/delete-user-data',
    {
      config: { access: 'user' },
      schema: { tags: ['users'], response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, auth);
      await users.deleteOwnAccount(viewer);
      // The session row is gone with the account; clear the browser's cookie too.
      void reply.header('set-cookie', [
        'glyphary.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
        '__Secure-glyphary.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
      ]);
      return { success: true as const };
    },
  );
};
