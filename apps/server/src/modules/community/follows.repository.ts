import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { animations, files, follows, glyphs, releases, users } from '../../db/schema/index.ts';
import { animationJoin, apkFileJoin, creatorJoin, glyphColumns, isLive, type GlyphRow } from '../glyphs/glyphs.read-model.ts';
import { pageWhere, timeKey, type PageCursor } from './cursor.ts';

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
     * The Following feed: live glyphs of the creators the user follows and the later published releases
     * of those glyphs, newest first, keyset-paged on (time, entry id). Release 1 is published with its
     * glyph (same instant, also when backfilled), so `published_at > glyph.created_at` leaves it to the
     * glyph's entry. Each source returns at most `limit` rows past the cursor; the merge keeps the
     * newest `limit`, so no entry is skipped or repeated across pages.
     */
    async feed(userId: string, limit: number, cursor: PageCursor | null): Promise<FollowingRow[]> {
      const followed = sql`${glyphs.creatorId} in (select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${userId})`;
      const newGlyphs = db
        .select({ ...glyphColumns, createdKey: timeKey(glyphs.createdAt), entryId: glyphs.id })
        .from(glyphs)
        .innerJoin(users, creatorJoin)
        .leftJoin(files, apkFileJoin)
        .leftJoin(animations, animationJoin)
        .where(and(isLive, followed, pageWhere(glyphs.createdAt, glyphs.id, cursor)))
        .orderBy(desc(glyphs.createdAt), desc(glyphs.id))
        .limit(limit);
      const newReleases = db
        .select({
          ...glyphColumns,
          createdKey: timeKey(releases.publishedAt),
          entryId: releases.id,
          releaseVersionName: releases.versionName,
          releaseVersionCode: releases.versionCode,
          releaseChangelog: releases.changelog,
          releaseSignerChanged: releases.signerChanged,
        })
        .from(releases)
        .innerJoin(glyphs, eq(glyphs.id, releases.glyphId))
        .innerJoin(users, creatorJoin)
        .leftJoin(files, apkFileJoin)
        .leftJoin(animations, animationJoin)
        .where(
          and(
            eq(releases.state, 'published'),
            sql`${releases.publishedAt} > ${glyphs.createdAt}`,
            isLive,
            followed,
            pageWhere(releases.publishedAt, releases.id, cursor),
          ),
        )
        .orderBy(desc(releases.publishedAt), desc(releases.id))
        .limit(limit);
      // One after the other: PGlite has a single connection.
      const glyphRows = (await newGlyphs) as Array<GlyphRow & { createdKey: string; entryId: string }>;
      const releaseRows = (await newReleases) as Array<GlyphRow & { createdKey: string; entryId: string } & ReleaseFacts>;
      const entries: FollowingRow[] = [
        ...glyphRows.map(({ createdKey, entryId, ...glyph }) => ({ kind: 'glyph' as const, id: entryId, createdKey, glyph, release: null })),
        ...releaseRows.map(({ createdKey, entryId, releaseVersionName, releaseVersionCode, releaseChangelog, releaseSignerChanged, ...glyph }) => ({
          kind: 'release' as const,
          id: entryId,
          createdKey,
          glyph,
          release: { id: entryId, versionName: releaseVersionName, versionCode: releaseVersionCode, changelog: releaseChangelog, signerChanged: releaseSignerChanged },
        })),
      ];
      // The keys are fixed-width UTC text and ids lower-case UUIDs: text order is time order.
      entries.sort((a, b) => (a.createdKey === b.createdKey ? (a.id < b.id ? 1 : -1) : a.createdKey < b.createdKey ? 1 : -1));
      return entries.slice(0, limit);
    },
  };
}

export type FollowsRepository = ReturnType<typeof createFollowsRepository>;
