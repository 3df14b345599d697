import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** The few account lookups the auth routes make before handing over to Better Auth. */
export function createAuthRepository(db: Db) {
  return {
    /** True when a username is taken, ignoring case (DESIGN §4.4). */
    async isUsernameTaken(username: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1);
      return rows.length > 0;
    },

    /** True when an account uses this (lower-cased) email. */
    async emailExists(email: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return rows.length > 0;
    },

    /**
     * Issue 19: when the account with this email is suspended, revokes its sessions (the one a
     * sign-in just made included) and returns true.
     */
    async refuseIfSuspended(email: string): Promise<boolean> {
      const rows = await queryRows<{ id: string }>(db, sql`
        delete from sessions where user_id in (select id from users where email = ${email} and suspended_at is not null)
        returning user_id as id`);
      if (rows.length > 0) return true;
      const [row] = await db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.email, email)).limit(1);
      return Boolean(row?.suspendedAt);
    },

    /**
     * With no SUPER_ADMIN_EMAIL, the first account created becomes the super admin (DESIGN §4.6).
     * One statement, so two first sign-ups at once still make exactly one super admin.
     * @returns true when this call promoted someone.
     */
    async promoteFirstAccount(logger: FastifyBaseLogger): Promise<boolean> {
      const [promoted] = await queryRows<{ email: string }>(db, sql`
        update users set is_super_admin = true, is_admin = true
        where id = (select id from users order by created_at asc, id asc limit 1)
          and not exists (select 1 from users where is_super_admin)
        returning email`);
      if (promoted) logger.warn({ email: promoted.email }, 'No SUPER_ADMIN_EMAIL set: the first account is now the super admin');
      return Boolean(promoted);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
