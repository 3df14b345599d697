import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { writeAudit, type AuditInput } from '../audit/audit.repository.ts';

export type AdminUserRow = typeof users.$inferSelect;
export type AdminUserPatch = Partial<
  Pick<AdminUserRow, 'username' | 'name' | 'bio' | 'website' | 'location' | 'image' | 'bannerImage'>
> & {
  updatedAt: Date;
};

export interface StatsRow {
  totalUsers: number;
  totalGlyphs: number;
  totalDownloads: number;
  totalViews: number;
  totalLikes: number;
  totalAdmins: number;
  uniqueViewers: number;
  uniqueDownloaders: number;
}

export interface TopGlyphRow {
  id: string;
  title: string;
  views: number;
  downloads: number;
  likes: number;
}

/**
 * Counts the distinct actors of an event table with a loose index scan over its `actor` index
 * (a recursive CTE that hops from one actor to the next): exact, and proportional to the number of
 * actors rather than the number of events (docs/decisions/0007-admin-stats.md).
 */
function distinctActors(table: 'glyph_views' | 'glyph_downloads') {
  const t = sql.raw(table);
  return sql`(
    with recursive actors(actor) as (
      (select actor from ${t} order by actor limit 1)
      union all
      select (select e.actor from ${t} e where e.actor > actors.actor order by e.actor limit 1)
      from actors where actors.actor is not null
    )
    select count(actor) from actors
  )`;
}

const num = (value: unknown): number => Number(value ?? 0);

/** Data access for the admin panel: platform statistics, the user list and admin rights. */
export function createAdminRepository(db: Db, kind: 'pglite' | 'postgres' = 'pglite') {
  return {
    /**
     * spec §3 Admin stats with aggregate SQL: three independent statements that run side by side on
     * PostgreSQL's pool (one after the other on PGlite), each with JIT off — compiling these small
     * plans costs more than running them (docs/decisions/0007-admin-stats.md).
     */
    /**
     * What waits for an admin (issue 48): reported items with an open report (the queue's groups) and
     * releases held for a signing key change on live glyphs. Both read small partial sets.
     */
    async queueCounts(): Promise<{ openReports: number; heldReleases: number }> {
      const [row] = await queryRows<{ open_reports: number | string; held_releases: number | string }>(
        db,
        sql`select
          (select count(*) from (select distinct target_type, target_id from reports where status = 'open') t) as open_reports,
          (select count(*) from releases r join glyphs g on g.id = r.glyph_id where r.state = 'pending' and g.deleted_at is null) as held_releases`,
      );
      return { openReports: Number(row?.open_reports ?? 0), heldReleases: Number(row?.held_releases ?? 0) };
    },

    async stats(): Promise<StatsRow> {
      const run = (query: SQL) =>
        db.transaction(async (tx) => {
          if (kind === 'postgres') await queryRows(tx, sql`set local jit = off`);
          const [row = {}] = await queryRows<Record<string, unknown>>(tx, query);
          return row;
        });
      const [totals, viewers, downloaders] = await Promise.all([
        run(sql`
          select
            (select count(*) from users) as total_users,
            (select count(*) from users where is_admin or is_super_admin) as total_admins,
            count(*) as total_glyphs,
            coalesce(sum(downloads), 0) as total_downloads,
            coalesce(sum(views), 0) as total_views,
            coalesce(sum(likes), 0) as total_likes
          from glyphs where deleted_at is null`),
        run(sql`select ${distinctActors('glyph_views')} as n`),
        run(sql`select ${distinctActors('glyph_downloads')} as n`),
      ]);
      return {
        totalUsers: num(totals.total_users),
        totalGlyphs: num(totals.total_glyphs),
        totalDownloads: num(totals.total_downloads),
        totalViews: num(totals.total_views),
        totalLikes: num(totals.total_likes),
        totalAdmins: num(totals.total_admins),
        uniqueViewers: num(viewers.n),
        uniqueDownloaders: num(downloaders.n),
      };
    },

    /** The first `limit` live glyphs by views, then downloads, likes and id. */
    async topGlyphs(limit: number): Promise<TopGlyphRow[]> {
      const rows = await db.transaction(async (tx) => {
        if (kind === 'postgres') await queryRows(tx, sql`set local jit = off`);
        return queryRows<Record<string, unknown>>(
          tx,
          sql`
        select id, title, views, downloads, likes from glyphs
        where deleted_at is null
        order by views desc, downloads desc, likes desc, id asc
        limit ${limit}`,
        );
      });
      return rows.map((row) => ({
        id: String(row.id),
        title: String(row.title),
        views: num(row.views),
        downloads: num(row.downloads),
        likes: num(row.likes),
      }));
    },

    async listUsers(options: {
      limit: number;
      offset: number;
      adminsOnly: boolean;
    }): Promise<{ rows: AdminUserRow[]; total: number }> {
      const where = options.adminsOnly ? or(eq(users.isAdmin, true), eq(users.isSuperAdmin, true)) : undefined;
      const rows = await db
        .select()
        .from(users)
        .where(where)
        // The super admin first, then admins, then everyone newest first.
        .orderBy(desc(users.isSuperAdmin), desc(users.isAdmin), desc(users.createdAt), asc(users.id))
        .limit(options.limit)
        .offset(options.offset);
      const [totalRow] = await db.select({ n: count() }).from(users).where(where);
      return { rows, total: Number(totalRow?.n ?? 0) };
    },

    async findUserById(id: string): Promise<AdminUserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** Emails are stored lower-cased by the identity layer; compare ignoring case anyway. */
    async findUserByEmail(email: string): Promise<AdminUserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    async isUsernameTaken(username: string, exceptId: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.username}) = lower(${username})`, sql`${users.id} <> ${exceptId}`))
        .limit(1);
      return rows.length > 0;
    },

    /** Applies an allow-listed profile patch and records it, in one transaction. */
    async updateUser(id: string, patch: AdminUserPatch, audit: AuditInput): Promise<AdminUserRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx.update(users).set(patch).where(eq(users.id, id)).returning();
        if (row) await writeAudit(tx, audit);
        return row;
      });
    },

    /**
     * Sets or clears `is_admin` only when it changes (idempotent), recording the change in the same
     * transaction. The super admin's row is never touched here.
     * @returns the row after the call and whether it changed; undefined when the user is gone.
     */
    async setAdmin(
      id: string,
      isAdmin: boolean,
      now: Date,
      audit: AuditInput,
    ): Promise<{ row: AdminUserRow; changed: boolean } | undefined> {
      return db.transaction(async (tx) => {
        const [changed] = await tx
          .update(users)
          .set({ isAdmin, updatedAt: now })
          .where(and(eq(users.id, id), eq(users.isAdmin, !isAdmin), eq(users.isSuperAdmin, false)))
          .returning();
        if (changed) {
          await writeAudit(tx, audit);
          return { row: changed, changed: true };
        }
        const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
        return row ? { row, changed: false } : undefined;
      });
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
