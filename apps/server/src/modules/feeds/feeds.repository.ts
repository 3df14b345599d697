import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { glyphs, releases, users } from '../../db/schema/index.ts';

/** How many entries a feed carries: readers poll it; the newest matter. */
export const FEED_SIZE = 50;

export interface FeedGlyph {
  id: string;
  title: string;
  description: string;
  creatorUsername: string;
  creatorName: string;
  createdAt: Date;
  updatedAt: Date;
}

const feedGlyphColumns = {
  id: glyphs.id,
  title: glyphs.title,
  description: glyphs.description,
  creatorUsername: users.username,
  creatorName: users.name,
  createdAt: glyphs.createdAt,
  updatedAt: glyphs.updatedAt,
};

/** Reads for the Atom feeds (issue 18): live glyphs only, so deleted ones vanish from every feed. */
export function createFeedsRepository(db: Db) {
  return {
    async findLiveGlyph(id: string): Promise<FeedGlyph | undefined> {
      const [row] = await db
        .select(feedGlyphColumns)
        .from(glyphs)
        .innerJoin(users, eq(users.id, glyphs.creatorId))
        .where(and(eq(glyphs.id, id), isNull(glyphs.deletedAt)))
        .limit(1);
      return row;
    },

    /** A glyph's published releases, newest first. */
    async releasesOf(glyphId: string) {
      return db
        .select({
          id: releases.id,
          versionName: releases.versionName,
          versionCode: releases.versionCode,
          changelog: releases.changelog,
          signerChanged: releases.signerChanged,
          publishedAt: sql<Date>`coalesce(${releases.publishedAt}, ${releases.createdAt})`.mapWith((v: string | Date) => new Date(v)),
        })
        .from(releases)
        .where(and(eq(releases.glyphId, glyphId), eq(releases.state, 'published')))
        .orderBy(sql`${releases.versionCode} desc nulls last`, desc(releases.createdAt))
        .limit(FEED_SIZE);
    },

    async findUser(username: string): Promise<{ id: string; username: string; name: string } | undefined> {
      const [row] = await db
        .select({ id: users.id, username: users.username, name: users.name })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return row;
    },

    /** A creator's live glyphs, most recently updated first. */
    async glyphsOf(creatorId: string): Promise<FeedGlyph[]> {
      return db
        .select(feedGlyphColumns)
        .from(glyphs)
        .innerJoin(users, eq(users.id, glyphs.creatorId))
        .where(and(eq(glyphs.creatorId, creatorId), isNull(glyphs.deletedAt)))
        .orderBy(desc(glyphs.updatedAt), desc(glyphs.id))
        .limit(FEED_SIZE);
    },

    /** The newest live glyphs site-wide (glyphs_latest_idx). */
    async latestGlyphs(): Promise<FeedGlyph[]> {
      return db
        .select(feedGlyphColumns)
        .from(glyphs)
        .innerJoin(users, eq(users.id, glyphs.creatorId))
        .where(isNull(glyphs.deletedAt))
        .orderBy(sql`${glyphs.createdAt} desc nulls last`, sql`${glyphs.id} desc nulls last`)
        .limit(FEED_SIZE);
    },
  };
}

export type FeedsRepository = ReturnType<typeof createFeedsRepository>;
