import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { glyphFilterConditions } from '../glyphs/glyphs.filters.ts';
import type { GlyphFilters } from '@glyphary/shared';
import { animations, files, glyphDownloads, glyphLikes, glyphs, glyphViews, users } from '../../db/schema/index.ts';
import { animationJoin, apkFileJoin, creatorJoin, glyphColumns, isLive, type GlyphRow } from '../glyphs/glyphs.read-model.ts';
import type { ListCursor, ListSort } from './discovery.cursor.ts';
import { countRelease, latestReleaseId } from '../releases/releases.repository.ts';

/** A glyph row plus the sort keys a cursor needs. */
export type KeyedGlyphRow = GlyphRow & { createdAtKey: string; updatedAtKey: string };

// UTC text with microseconds: the exact key the next page compares against (see discovery.cursor.ts).
const createdAtKey = sql<string>`to_char(${glyphs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const updatedAtKey = sql<string>`to_char(${glyphs.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Descending with NULLS LAST, exactly as the indexes are declared: PostgreSQL's default for DESC is
 * NULLS FIRST, and a mismatch makes the planner sort the whole table instead of reading the index.
 */
const descNullsLast = (column: AnyPgColumn): SQL => sql`${column} desc nulls last`;

/**
 * The ORDER BY of each sort and its keyset condition. Every ordering matches one of the partial
 * indexes on live glyphs (glyphs_latest_idx / popular / liked / viewed), so a page is an index
 * range scan over the whole catalogue, never a fetch-then-sort (docs/decisions/0004).
 */
const ORDERINGS: Record<ListSort, { orderBy: SQL[]; after: (c: ListCursor) => SQL }> = {
  latest: {
    orderBy: [descNullsLast(glyphs.createdAt), descNullsLast(glyphs.id)],
    after: (c) => sql`(${glyphs.createdAt}, ${glyphs.id}) < (${c.createdAt}::timestamptz, ${c.id}::uuid)`,
  },
  popular: {
    orderBy: [descNullsLast(glyphs.downloads), descNullsLast(glyphs.likes), descNullsLast(glyphs.createdAt), descNullsLast(glyphs.id)],
    after: (c) =>
      sql`(${glyphs.downloads}, ${glyphs.likes}, ${glyphs.createdAt}, ${glyphs.id}) < (${c.downloads}::int, ${c.likes}::int, ${c.createdAt}::timestamptz, ${c.id}::uuid)`,
  },
  liked: {
    orderBy: [descNullsLast(glyphs.likes), descNullsLast(glyphs.createdAt), descNullsLast(glyphs.id)],
    after: (c) => sql`(${glyphs.likes}, ${glyphs.createdAt}, ${glyphs.id}) < (${c.likes}::int, ${c.createdAt}::timestamptz, ${c.id}::uuid)`,
  },
  viewed: {
    orderBy: [descNullsLast(glyphs.views), descNullsLast(glyphs.createdAt), descNullsLast(glyphs.id)],
    after: (c) => sql`(${glyphs.views}, ${glyphs.createdAt}, ${glyphs.id}) < (${c.views}::int, ${c.createdAt}::timestamptz, ${c.id}::uuid)`,
  },
  // Issue 18 'Recently updated': glyphs_updated_idx.
  updated: {
    orderBy: [descNullsLast(glyphs.updatedAt), descNullsLast(glyphs.id)],
    after: (c) => sql`(${glyphs.updatedAt}, ${glyphs.id}) < (${c.updatedAt}::timestamptz, ${c.id}::uuid)`,
  },
};

/** The event tables a view or download is recorded in, with the counter each one feeds. */
const EVENT_TABLES = {
  view: { table: glyphViews, counter: 'views' },
  download: { table: glyphDownloads, counter: 'downloads' },
} as const;
export type CountedEvent = keyof typeof EVENT_TABLES;

/** Thrown inside a transaction to roll it back when the glyph was deleted meanwhile. */
class GlyphGone extends Error {}

/** Data access for lists, counters and likes (spec §7 discovery calls). */
export function createDiscoveryRepository(db: Db) {
  const selectGlyphs = (executor: Db | Tx = db) =>
    executor
      .select({ ...glyphColumns, createdAtKey, updatedAtKey })
      .from(glyphs)
      .innerJoin(users, creatorJoin)
      .leftJoin(files, apkFileJoin)
      .leftJoin(animations, animationJoin);
  // A repeated view (most views) is answered by this one read. Built and named once, like glyph_by_id:
  // building it cost drizzle more than the read costs Node, and a named statement is parsed and planned
  // once per connection instead of on every view.
  const repeatedView = db
    .select({ total: glyphs.views })
    .from(glyphs)
    .where(
      and(
        eq(glyphs.id, sql.placeholder('glyphId')),
        isLive,
        sql`exists (select 1 from ${glyphViews} where ${glyphViews.glyphId} = ${sql.placeholder('glyphId')} and ${glyphViews.actor} = ${sql.placeholder('actor')})`,
      ),
    )
    .prepare('repeated_view');

  return {
    /**
     * One page of live glyphs in `sort` order after `cursor`, optionally by one creator.
     * Reads `limit + 1` rows so the caller knows whether another page exists.
     */
    async listGlyphs(params: {
      sort: ListSort;
      limit: number;
      creatorId?: string | undefined;
      after?: ListCursor | undefined;
      filters?: GlyphFilters | undefined;
    }): Promise<KeyedGlyphRow[]> {
      const ordering = ORDERINGS[params.sort];
      const conditions: SQL[] = [isLive];
      if (params.creatorId) conditions.push(eq(glyphs.creatorId, params.creatorId));
      conditions.push(...glyphFilterConditions(params.filters));
      if (params.after) conditions.push(ordering.after(params.after));
      const rows = await selectGlyphs()
        .where(and(...conditions))
        .orderBy(...ordering.orderBy)
        .limit(params.limit + 1);
      return rows as KeyedGlyphRow[];
    },

    /**
     * Records a view or download once per actor (DESIGN §4.1) in ONE transaction: the glyph row is
     * locked, the dedup row inserted with ON CONFLICT DO NOTHING, and the counter raised only when a
     * row was inserted. Returns null for an unknown or deleted glyph.
     */
    async recordEvent(event: CountedEvent, params: { glyphId: string; actor: string; userId: string | null }): Promise<{ counted: boolean; total: number } | null> {
      const { table, counter } = EVENT_TABLES[event];
      const column = glyphs[counter];
      if (event === 'view') {
        // A repeated view — most of them — changes nothing: one read answers it, instead of a
        // transaction's four round trips. A first view, or one racing another, takes the path below,
        // which decides under the insert's conflict check. (Not for downloads: a repeated glyph
        // download may still be the first download of a newer release.)
        const [seen] = await repeatedView.execute({ glyphId: params.glyphId, actor: params.actor });
        if (seen) return { counted: false, total: seen.total };
      }
      try {
        return await db.transaction(async (tx) => {
          const [live] = await tx.select({ total: column }).from(glyphs).where(and(eq(glyphs.id, params.glyphId), isLive));
          if (!live) return null;
          // The dedup row's foreign key takes only a KEY SHARE lock on the glyph, so concurrent
          // recorders of one glyph do not queue behind each other until the counter update.
          const inserted = await tx
            .insert(table)
            .values({ glyphId: params.glyphId, actor: params.actor, userId: params.userId })
            .onConflictDoNothing()
            .returning({ glyphId: table.glyphId });
          // Issue 18: a glyph download is a download of its newest release, counted in the same transaction.
          if (event === 'download') {
            const releaseId = await latestReleaseId(tx, params.glyphId);
            if (releaseId) await countRelease(tx, releaseId, { actor: params.actor, userId: params.userId });
          }
          if (inserted.length === 0) {
            // A concurrent first event of the same actor won the insert and has committed by now (the
            // conflict check waited for it): read the total again so this answer includes it. Views reach
            // this only in such a race (a repeat takes the read above); every repeated download does, for one
            // primary-key read more.
            const [after] = await tx.select({ total: column }).from(glyphs).where(eq(glyphs.id, params.glyphId));
            return { counted: false, total: after?.total ?? live.total };
          }
          const [row] = await tx
            .update(glyphs)
            .set({ [counter]: sql`${column} + 1` })
            .where(and(eq(glyphs.id, params.glyphId), isLive))
            .returning({ total: column });
          // Deleted between our read and our update: undo the event row too.
          if (!row) throw new GlyphGone();
          return { counted: true, total: row.total };
        });
      } catch (error) {
        if (error instanceof GlyphGone) return null;
        throw error;
      }
    },

    /**
     * Toggles the caller's like and moves glyphs.likes with it, in one statement: the database
     * function `toggle_like` (migration 0019) locks the live glyph row first, so
     * concurrent toggles on one glyph serialize and `likes` always equals the number of like rows
     * (SECURITY I1, R4). Returns null for an unknown or deleted glyph.
     */
    async toggleLike(userId: string, glyphId: string): Promise<{ liked: boolean; totalLikes: number } | null> {
      const [row] = await queryRows<{ liked: boolean; likes: number }>(
        db,
        sql`select out_liked as liked, out_likes as likes from toggle_like(${userId}, ${glyphId}::uuid)`,
      );
      return row ? { liked: row.liked, totalLikes: row.likes } : null;
    },

    /** Whether the glyph is live, for reads that answer 404 on deleted glyphs. */
    async isLiveGlyph(glyphId: string): Promise<boolean> {
      const rows = await db.select({ id: glyphs.id }).from(glyphs).where(and(eq(glyphs.id, glyphId), isLive)).limit(1);
      return rows.length > 0;
    },

    /** Whether `userId` likes `glyphId`. */
    async hasLike(userId: string, glyphId: string): Promise<boolean> {
      const rows = await db
        .select({ glyphId: glyphLikes.glyphId })
        .from(glyphLikes)
        .where(and(eq(glyphLikes.userId, userId), eq(glyphLikes.glyphId, glyphId)))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * A page of the live glyphs `userId` likes, most recently liked first, in one joined query
     * (no N+1), after the (liked-at, glyph id) key `after`; reads `limit + 1` rows.
     */
    async listLikedGlyphs(userId: string, params: { limit: number; after?: { likedAt: string; id: string } | undefined }): Promise<(KeyedGlyphRow & { likedAtKey: string })[]> {
      const likedAtKey = sql<string>`to_char(${glyphLikes.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
      const conditions: SQL[] = [eq(glyphLikes.userId, userId), isLive];
      if (params.after) {
        conditions.push(sql`(${glyphLikes.createdAt}, ${glyphLikes.glyphId}) < (${params.after.likedAt}::timestamptz, ${params.after.id}::uuid)`);
      }
      const rows = await db
        .select({ ...glyphColumns, createdAtKey, updatedAtKey, likedAtKey })
        .from(glyphLikes)
        .innerJoin(glyphs, eq(glyphs.id, glyphLikes.glyphId))
        .innerJoin(users, creatorJoin)
        .leftJoin(files, apkFileJoin)
        .leftJoin(animations, animationJoin)
        .where(and(...conditions))
        .orderBy(desc(glyphLikes.createdAt), desc(glyphLikes.glyphId))
        .limit(params.limit + 1);
      return rows as (KeyedGlyphRow & { likedAtKey: string })[];
    },

    /** How many live glyphs `userId` likes. */
    async countLikedGlyphs(userId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(glyphLikes)
        .innerJoin(glyphs, eq(glyphs.id, glyphLikes.glyphId))
        .where(and(eq(glyphLikes.userId, userId), isLive));
      return row?.total ?? 0;
    },

    /** Whether a user id exists. */
    async userExists(userId: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      return rows.length > 0;
    },

    /** Storefront totals over ALL the creator's live glyphs (spec §2 Storefront), in one aggregate. */
    async creatorTotals(creatorId: string): Promise<{ glyphs: number; downloads: number; likes: number }> {
      const [row] = await db
        .select({
          glyphs: sql<number>`count(*)::int`,
          downloads: sql<number>`coalesce(sum(${glyphs.downloads}), 0)::bigint`,
          likes: sql<number>`coalesce(sum(${glyphs.likes}), 0)::bigint`,
        })
        .from(glyphs)
        .where(and(eq(glyphs.creatorId, creatorId), isLive));
      return { glyphs: Number(row?.glyphs ?? 0), downloads: Number(row?.downloads ?? 0), likes: Number(row?.likes ?? 0) };
    },
  };
}

export type DiscoveryRepository = ReturnType<typeof createDiscoveryRepository>;
