import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../../db/client.ts';
import { emailChanges, glyphRequests, users } from '../../db/schema/index.ts';
import { failpoint } from '../../lib/failpoints.ts';
import { storedFileUrlSql } from '../files/file-urls.ts';

export type UserRow = typeof users.$inferSelect;

/** What opening an email-change link did. */
export type EmailChangeOutcome = { outcome: 'confirmed'; userId: string; email: string } | { outcome: 'invalid' | 'expired' | 'taken' };

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}
export type UserPatch = Partial<
  Pick<UserRow, 'username' | 'name' | 'email' | 'bio' | 'website' | 'location' | 'image' | 'bannerImage' | 'isAdmin'>
> & { updatedAt: Date };

/** Data access for profiles (the `users` table shared with Better Auth). */
export function createUsersRepository(db: Db) {
  return {
    /** True when `path` is `/api/files/images/<name>` of a ready image uploaded by `ownerId` (issue 21). */
    async isOwnReadyImage(ownerId: string, path: string): Promise<boolean> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select id from files where owner_id = ${ownerId} and status = 'ready' and type = 'images' and ${storedFileUrlSql('files')} = ${path} limit 1`,
      );
      return rows.length > 0;
    },

    db,
    async findById(id: string, tx: DbOrTx = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** Case-insensitive lookup (DESIGN §4.4). */
    async findByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
      return row;
    },

    async isUsernameTaken(username: string, exceptId: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, exceptId)))
        .limit(1);
      return rows.length > 0;
    },

    async isEmailTaken(email: string, exceptId: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email.toLowerCase()), ne(users.id, exceptId)))
        .limit(1);
      return rows.length > 0;
    },

    /** The address an email change waits for, while its link is still valid. */
    async findPendingEmail(userId: string, now: Date): Promise<string | null> {
      const [row] = await db
        .select({ newEmail: emailChanges.newEmail })
        .from(emailChanges)
        .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, now)))
        .limit(1);
      return row?.newEmail ?? null;
    },

    /** Records (or replaces: one per account) a pending email change; the old link stops working. */
    async savePendingEmail(userId: string, newEmail: string, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
      await db
        .insert(emailChanges)
        .values({ userId, newEmail, tokenHash, expiresAt, createdAt: now })
        .onConflictDoUpdate({ target: emailChanges.userId, set: { newEmail, tokenHash, expiresAt, createdAt: now } });
    },

    /** Drops the account's pending email change, whatever its link (a password change or reset). */
    async cancelPendingEmail(userId: string): Promise<void> {
      await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
    },

    async deletePendingEmail(userId: string, tokenHash: string): Promise<void> {
      await db.delete(emailChanges).where(and(eq(emailChanges.userId, userId), eq(emailChanges.tokenHash, tokenHash)));
    },

    /**
     * Opens an email-change link: the pending row is taken (single use, even when the change then fails),
     * and the address is switched if it is still free. The unique index on users.email decides a race.
     */
    async confirmEmailChange(tokenHash: string, now: Date): Promise<EmailChangeOutcome> {
      const [pending] = await db.delete(emailChanges).where(eq(emailChanges.tokenHash, tokenHash)).returning();
      if (!pending) return { outcome: 'invalid' };
      if (pending.expiresAt.getTime() <= now.getTime()) return { outcome: 'expired' };
      if (await this.isEmailTaken(pending.newEmail, pending.userId)) return { outcome: 'taken' };
      try {
        // The new mailbox opened the link: the address is proven (verified), like a sign-up verification.
        const updated = await db
          .update(users)
          .set({ email: pending.newEmail, emailVerified: true, updatedAt: now })
          .where(eq(users.id, pending.userId))
          .returning({ id: users.id });
        if (updated.length === 0) return { outcome: 'invalid' };
      } catch (error) {
        if (isUniqueViolation(error)) return { outcome: 'taken' };
        throw error;
      }
      return { outcome: 'confirmed', userId: pending.userId, email: pending.newEmail };
    },

    async update(id: string, patch: UserPatch): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
      return row;
    },

    /**
     * Deletes an account and everything it owns in one transaction (issue 8, SECURITY R9):
     * the counts its likes, views and downloads added to other people's glyphs are taken back,
     * requests assigned to it go back to open, and the row's foreign keys cascade to sessions,
     * accounts, glyphs, likes, events, files and the requests it created.
     * Files on disk are removed after commit by the file sweeper.
     * @returns false when the account no longer exists.
     */
    async deleteAccount(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [locked] = await queryRows<{ id: string }>(tx, sql`select id from users where id = ${id} for update`);
        if (!locked) return false;
        await tx.execute(sql`
          update glyphs g set likes = greatest(g.likes - 1, 0)
          from glyph_likes l where l.glyph_id = g.id and l.user_id = ${id} and g.creator_id <> ${id}`);
        await tx.execute(sql`
          update glyphs g set views = greatest(g.views - 1, 0)
          from glyph_views v where v.glyph_id = g.id and v.user_id = ${id} and g.creator_id <> ${id}`);
        await tx.execute(sql`
          update glyphs g set downloads = greatest(g.downloads - 1, 0)
          from glyph_downloads d where d.glyph_id = g.id and d.user_id = ${id} and g.creator_id <> ${id}`);
        // Issue 19: the account's 'I want this too' votes are taken back (votes = count(request_votes)).
        await tx.execute(sql`
          update glyph_requests r set votes = greatest(r.votes - 1, 0)
          from request_votes v where v.request_id = r.id and v.user_id = ${id}`);
        await tx
          .update(glyphRequests)
          .set({ status: 'open', assignedTo: null, completedGlyphId: null, updatedAt: new Date() })
          .where(and(eq(glyphRequests.assignedTo, id), ne(glyphRequests.userId, id), sql`${glyphRequests.status} in ('in_progress', 'completed')`));
        // The user's glyphs go in two halves (the FK cascade would take them in one statement) so the
        // fault test can crash in between (SECURITY R9): one transaction, so it is all or nothing.
        const [own] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from glyphs where creator_id = ${id}`);
        const half = Math.ceil((own?.n ?? 0) / 2);
        if (half > 0) {
          await tx.execute(sql`delete from glyphs where id in (select id from glyphs where creator_id = ${id} order by id limit ${half})`);
          failpoint('account_half_glyphs_deleted');
        }
        await tx.delete(users).where(eq(users.id, id));
        return true;
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
