import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { animations, files, follows, glyphs, releases, users } from '../../db/schema/index.ts';
import { animationJoin, apkFileJoin, creatorJoin, glyphColumns, isLive, type GlyphRow } from '../glyphs/glyphs.read-model.ts';
import type { PageCursor } from './cursor.ts';

interface ReleaseFacts {
  releaseVersionName: string | null;
  releaseVersionCode: number | null;
  releaseChangelog: string;
  releaseSignerChanged: boolean;
}

/** One Following entry: a new glyph, or a later release of a glyph (with the glyph it belongs to). */
export interface FollowingRow {
  kind: 'glyph' | 'release';
  /** The glyph's id for a glyph entry, the release's id for a release entry (the paging key's tie-break). */
  id: string;
  createdKey: string;
  glyph: GlyphRow;
  release: { id: string; versionName: string | null; versionCode: number | null; changelog: string; signerChanged: boolean } | null;
}

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

    /**
     * The Following feed: each live glyph of the creators the user follows ONCE (issue 48), at its latest
     * event: its newest published release after it was shared, else its sharing. Newest first,
     * keyset-paged on (time, entry id), where the entry id is that release's id or the glyph's. Release 1
     * is published with its glyph (same instant, also when backfilled), so `published_at > created_at`
     * leaves it to the glyph's entry.
     */
    async feed(userId: string, limit: number, cursor: PageCursor | null): Promise<FollowingRow[]> {
      const followed = sql`${glyphs.creatorId} in (select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${userId})`;
      const latest = db
        .select({
          id: releases.id,
          publishedAt: releases.publishedAt,
          versionName: releases.versionName,
          versionCode: releases.versionCode,
          changelog: releases.changelog,
          signerChanged: releases.signerChanged,
        })
        .from(releases)
        .where(and(eq(releases.glyphId, glyphs.id), eq(releases.state, 'published'), sql`${releases.publishedAt} > ${glyphs.createdAt}`))
        .orderBy(desc(releases.publishedAt), desc(releases.id))
        .limit(1)
        .as('latest_release');
      const at = sql`coalesce(${latest.publishedAt}, ${glyphs.createdAt})`;
      const entryId = sql`coalesce(${latest.id}, ${glyphs.id})`;
      const rows = (await db
        .select({
          ...glyphColumns,
          createdKey: sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
          entryId: sql<string>`${entryId}`,
          releaseId: latest.id,
          releaseVersionName: latest.versionName,
          releaseVersionCode: latest.versionCode,
          releaseChangelog: latest.changelog,
          releaseSignerChanged: latest.signerChanged,
        })
        .from(glyphs)
        .innerJoin(users, creatorJoin)
        .leftJoin(files, apkFileJoin)
        .leftJoin(animations, animationJoin)
        .leftJoinLateral(latest, sql`true`)
        .where(and(isLive, followed, cursor ? sql`(${at}, ${entryId}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : undefined))
        .orderBy(desc(at), desc(entryId))
        .limit(limit)) as Array<GlyphRow & { createdKey: string; entryId: string; releaseId: string | null } & Partial<ReleaseFacts>>;
      return rows.map(({ createdKey, entryId, releaseId, releaseVersionName, releaseVersionCode, releaseChangelog, releaseSignerChanged, ...glyph }) =>
        releaseId
          ? {
              kind: 'release' as const,
              id: entryId,
              createdKey,
              glyph,
              release: {
                id: releaseId,
                versionName: releaseVersionName ?? null,
                versionCode: releaseVersionCode === null || releaseVersionCode === undefined ? null : Number(releaseVersionCode),
                changelog: releaseChangelog ?? '',
                signerChanged: Boolean(releaseSignerChanged),
              },
            }
          : { kind: 'glyph' as const, id: entryId, createdKey, glyph, release: null },
      );
    },
  };
}

export type FollowsRepository = ReturnType<typeof createFollowsRepository>;
