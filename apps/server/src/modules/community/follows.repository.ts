import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { animations, files, follows, glyphs, users } from '../../db/schema/index.ts';
import { animationJoin, apkFileJoin, creatorJoin, glyphColumns, isLive, type GlyphRow } from '../glyphs/glyphs.read-model.ts';
import { pageWhere, timeKey, type PageCursor } from './cursor.ts';

/** Data access for follows and the Following feed (issue 19). */
export function createFollowsRepository(db: Db) {
  return {
    async userExists(id: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
      return rows.length > 0;
    },

    async follow(followerId: string, followeeId: string): Promise<void> {
      await db.insert(follows).values({ followerId, followeeId }).onConflictDoNothing();
    },

    async unfollow(followerId: string, followeeId: string): Promise<void> {
      await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
    },

    async state(viewerId: string | null, followeeId: string): Promise<{ following: boolean; followers: number }> {
      const [total] = await db.select({ n: count() }).from(follows).where(eq(follows.followeeId, followeeId));
      const mine = viewerId
        ? await db
            .select({ one: sql<number>`1` })
            .from(follows)
            .where(and(eq(follows.followerId, viewerId), eq(follows.followeeId, followeeId)))
            .limit(1)
        : [];
      return { following: mine.length > 0, followers: Number(total?.n ?? 0) };
    },

    /** Live glyphs of the creators the user follows, newest first. */
    async feed(userId: string, limit: number, cursor: PageCursor | null): Promise<Array<GlyphRow & { createdKey: string }>> {
      const rows = await db
        .select({ ...glyphColumns, createdKey: timeKey(glyphs.createdAt) })
        .from(glyphs)
        .innerJoin(users, creatorJoin)
        .leftJoin(files, apkFileJoin)
        .leftJoin(animations, animationJoin)
        .where(
          and(
            isLive,
            sql`${glyphs.creatorId} in (select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${userId})`,
            pageWhere(glyphs.createdAt, glyphs.id, cursor),
          ),
        )
        .orderBy(desc(glyphs.createdAt), desc(glyphs.id))
        .limit(limit);
      return rows as Array<GlyphRow & { createdKey: string }>;
    },
  };
}

export type FollowsRepository = ReturnType<typeof createFollowsRepository>;
