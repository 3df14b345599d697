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

    /** The id of the account with this (lower-cased) email, if any. */
    async findUserIdByEmail(email: string): Promise<string | null> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return rows[0]?.id ?? null;
    },

    /** True when an account uses this (lower-cased) email. */
    async emailExists(email: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return rows.length > 0;
    },

    /** Issue 19: the password hash of a suspended account with this email (undefined when not suspended). */
    async suspendedPasswordHash(email: string): Promise<string | undefined> {
      const [row] = await queryRows<{ password: string | null }>(db, sql`
        select a.password from users u join accounts a on a.user_id = u.id and a.provider_id = 'credential'
        where u.email = ${email} and u.suspended_at is not null limit 1`);
      return row?.password ?? undefined;
    },

    /**
     * With no SUPER_ADMIN_EMAIL, the first account created becomes the super admin (DESIGN §4.6).
     * Only the account signing up can be promoted, and only while it is the oldest account and no super
     * admin exists: when the super admin leaves, the role never passes to the oldest remaining account
     * (issue 21). One statement, so two first sign-ups at once still make exactly one super admin.
     * @returns true when this call promoted someone.
     */
    async promoteFirstAccount(newUserId: string, logger: FastifyBaseLogger): Promise<boolean> {
      const [promoted] = await queryRows<{ email: string }>(db, sql`
        update users set is_super_admin = true, is_admin = true
        where id = ${newUserId}
          and id = (select id from users order by created_at asc, id asc limit 1)
          and not exists (select 1 from users where is_super_admin)
        returning email`);
      if (promoted) logger.warn({ email: promoted.email }, 'No SUPER_ADMIN_EMAIL set: the first account is now the super admin');
      return Boolean(promoted);
    },

    /**
     * Makes the verified SUPER_ADMIN_EMAIL account the super admin, when the link was opened from that
     * account's own session and no other account holds the role (issue 21); opened from no session or
     * another account's, the address is left unverified so the link can be opened again signed in.
     * @returns true when this call promoted the account.
     */
    async promoteVerifiedSuperAdmin(userId: string, signedInAs: string | null, logger: FastifyBaseLogger): Promise<boolean> {
      if (signedInAs !== userId) {
        // The link stays usable: the verification is undone, so the same link opened signed in as this
        // account (it lasts a day) still promotes it. Left verified, Better Auth would never run this again.
        await db.execute(sql`update users set email_verified = false where id = ${userId} and not is_super_admin`);
        logger.warn({ userId }, 'super admin address verified without that account signed in: not promoted, left unverified');
        return false;
      }
      const [promoted] = await queryRows<{ email: string }>(db, sql`
        update users set is_super_admin = true, is_admin = true
        where id = ${userId} and email_verified
          and not exists (select 1 from users where is_super_admin and id <> ${userId})
        returning email`);
      if (promoted) logger.warn({ email: promoted.email }, 'SUPER_ADMIN_EMAIL verified: this account is now the super admin');
      return Boolean(promoted);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
