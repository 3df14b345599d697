import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DownloadSource } from '@glyphary/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { files, glyphDownloads, glyphs, releaseDownloads, releases, users } from '../../db/schema/index.ts';
import { writeAudit } from '../audit/audit.repository.ts';

export type ReleaseRow = typeof releases.$inferSelect;
export type NewReleaseRow = typeof releases.$inferInsert;

/** The glyph a release was published for, as its followers are told about it. */
export interface PublishedGlyph {
  id: string;
  title: string;
  creatorId: string;
  creatorUsername: string | null;
}

/** Runs inside a decision's transaction, with the decided release and its glyph. */
export type ReleaseHook = (tx: Tx, release: ReleaseRow, glyph: PublishedGlyph) => Promise<void>;

/** Newest first: by version code, then by time (migrated releases may lack a version code). */
const newestFirst = [sql`${releases.versionCode} desc nulls last`, desc(releases.createdAt), desc(releases.id)];

/** Thrown inside a transaction to roll it back when the glyph vanished meanwhile. */
class Gone extends Error {}

/** Points the glyph at its newest published release's file and marks it updated ('Recently updated'). */
async function pointGlyphAtLatest(tx: Tx, glyphId: string, now: Date): Promise<void> {
  const [latest] = await tx
    .select({ fileId: releases.fileId, apkUrl: releases.apkUrl })
    .from(releases)
    .where(and(eq(releases.glyphId, glyphId), eq(releases.state, 'published')))
    .orderBy(...newestFirst)
    .limit(1);
  if (!latest) return;
  await tx.update(glyphs).set({ apkUrl: latest.apkUrl, apkFileId: latest.fileId, updatedAt: now }).where(eq(glyphs.id, glyphId));
}

/** Data access for releases (issue 18) and their download events. */
export function createReleasesRepository(db: Db) {
  return {
    /** Runs `work` in one transaction. */
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Locks a glyph row for a publish or an approval (concurrent publishes serialize here). */
    async lockGlyph(tx: Tx, glyphId: string): Promise<{ id: string; creatorId: string; deletedAt: Date | null } | undefined> {
      const [row] = await tx
        .select({ id: glyphs.id, creatorId: glyphs.creatorId, deletedAt: glyphs.deletedAt })
        .from(glyphs)
        .where(eq(glyphs.id, glyphId))
        .for('update');
      return row;
    },

    /** A glyph's creator and state, without locking (access checks before validation). */
    async findGlyph(glyphId: string): Promise<{ id: string; creatorId: string; deletedAt: Date | null; title: string } | undefined> {
      const [row] = await db
        .select({ id: glyphs.id, creatorId: glyphs.creatorId, deletedAt: glyphs.deletedAt, title: glyphs.title })
        .from(glyphs)
        .where(eq(glyphs.id, glyphId))
        .limit(1);
      return row;
    },

    /** The published releases of a glyph, newest first. */
    async listPublished(glyphId: string): Promise<ReleaseRow[]> {
      return db
        .select()
        .from(releases)
        .where(and(eq(releases.glyphId, glyphId), eq(releases.state, 'published')))
        .orderBy(...newestFirst);
    },

    /** Every release of a glyph in any state, newest first (the creator's own view). */
    async listAll(glyphId: string, executor: DbOrTx = db): Promise<ReleaseRow[]> {
      return executor.select().from(releases).where(eq(releases.glyphId, glyphId)).orderBy(...newestFirst);
    },

    /** The newest published release of a live glyph. */
    async latestPublished(glyphId: string, executor: DbOrTx = db): Promise<ReleaseRow | undefined> {
      const [row] = await executor
        .select()
        .from(releases)
        .innerJoin(glyphs, eq(glyphs.id, releases.glyphId))
        .where(and(eq(releases.glyphId, glyphId), eq(releases.state, 'published'), isNull(glyphs.deletedAt)))
        .orderBy(...newestFirst)
        .limit(1);
      return row?.releases;
    },

    async findById(id: string, executor: DbOrTx = db): Promise<ReleaseRow | undefined> {
      const [row] = await executor.select().from(releases).where(eq(releases.id, id)).limit(1);
      return row;
    },

    /** A ready APK file the owner uploaded, by stored name. */
    async findOwnedApk(ownerId: string, filename: string): Promise<{ id: string; size: number; sha256: string } | undefined> {
      const [row] = await db
        .select({ id: files.id, size: files.size, sha256: files.sha256 })
        .from(files)
        .where(and(eq(files.ownerId, ownerId), eq(files.type, 'apks'), eq(files.filename, filename), eq(files.status, 'ready')))
        .limit(1);
      return row;
    },

    async insert(tx: Tx, values: NewReleaseRow): Promise<ReleaseRow> {
      const [row] = await tx.insert(releases).values(values).returning();
      if (!row) throw new Error('release insert returned nothing');
      return row;
    },

    /** Points the glyph at its newest published release's file and marks it updated ('Recently updated'). */
    pointGlyphAtLatest,

    /** Releases held for an admin's decision, oldest first, with the previous published signer. */
    async listPending(): Promise<(ReleaseRow & { glyphTitle: string; creatorUsername: string; previousSigner: string | null; previousFileId: string | null })[]> {
      const previous = (column: string) =>
        sql.raw(`(
            select p.${column} from releases p
             where p.glyph_id = "releases"."glyph_id" and p.state = 'published'
             order by p.version_code desc nulls last, p.created_at desc limit 1)`);
      const rows = await db
        .select({
          release: releases,
          glyphTitle: glyphs.title,
          creatorUsername: users.username,
          previousSigner: sql<string | null>`${previous('signer_sha256')}`,
          previousFileId: sql<string | null>`${previous('file_id')}`,
        })
        .from(releases)
        .innerJoin(glyphs, eq(glyphs.id, releases.glyphId))
        .innerJoin(users, eq(users.id, glyphs.creatorId))
        .where(and(eq(releases.state, 'pending'), isNull(glyphs.deletedAt)))
        .orderBy(asc(releases.createdAt));
      return rows.map((row) => ({
        ...row.release,
        glyphTitle: row.glyphTitle,
        creatorUsername: row.creatorUsername,
        previousSigner: row.previousSigner,
        previousFileId: row.previousFileId,
      }));
    },

    /**
     * Decides a pending release in one transaction with its audit row (issue 7 audit): approve →
     * published with signerChanged, and the glyph points at it; reject → rejected.
     * @returns the decided row, 'not-found', or 'not-pending'.
     */
    async decide(
      id: string,
      decision: 'approve' | 'reject',
      adminId: string,
      now: Date,
      hooks: { onApproved?: ReleaseHook | undefined; onDecided?: ReleaseHook | undefined } = {},
      note: string | null = null,
    ): Promise<ReleaseRow | 'not-found' | 'not-pending'> {
      return db.transaction(async (tx) => {
        // Glyph row first, then the release: the order publishing and the count sync lock them in.
        const [found] = await tx.select({ glyphId: releases.glyphId }).from(releases).where(eq(releases.id, id));
        if (!found) return 'not-found';
        const [glyph] = await tx
          .select({ deletedAt: glyphs.deletedAt, title: glyphs.title, creatorId: glyphs.creatorId })
          .from(glyphs)
          .where(eq(glyphs.id, found.glyphId))
          .for('update');
        if (!glyph || glyph.deletedAt !== null) return 'not-found';
        const [current] = await tx.select().from(releases).where(eq(releases.id, id)).for('update');
        if (!current) return 'not-found';
        if (current.state !== 'pending') return 'not-pending';
        const [row] = await tx
          .update(releases)
          .set(
            decision === 'approve'
              ? { state: 'published', signerChanged: true, publishedAt: now, decidedBy: adminId, decisionNote: note }
              : { state: 'rejected', decidedBy: adminId, decisionNote: note },
          )
          .where(eq(releases.id, id))
          .returning();
        if (!row) throw new Error('release update returned nothing');
        const [creator] = await tx.select({ username: users.username }).from(users).where(eq(users.id, glyph.creatorId));
        const published: PublishedGlyph = { id: current.glyphId, title: glyph.title, creatorId: glyph.creatorId, creatorUsername: creator?.username ?? null };
        if (decision === 'approve') {
          await pointGlyphAtLatest(tx, current.glyphId, now);
          await hooks.onApproved?.(tx, row, published);
        }
        await hooks.onDecided?.(tx, row, published);
        await writeAudit(tx, {
          actorId: adminId,
          action: decision === 'approve' ? 'release.approve-signer-change' : 'release.reject-signer-change',
          targetType: 'glyph',
          targetId: current.glyphId,
          detail: JSON.stringify({ releaseId: id, versionCode: current.versionCode, signer: current.signerSha256 }),
        });
        return row;
      });
    },

    /**
     * Counts a download of a release once per actor, and of its glyph once per actor, in ONE
     * transaction (DESIGN §4.1; glyphs.downloads stays the count of glyph_downloads, SECURITY I2).
     * @returns null when the release is not published or its glyph is deleted.
     */
    async recordDownload(
      releaseId: string,
      params: { actor: string; userId: string | null; source: DownloadSource },
    ): Promise<{ counted: boolean; downloads: number } | null> {
      try {
        return await db.transaction(async (tx) => {
          const [release] = await tx
            .select({ glyphId: releases.glyphId, downloads: releases.downloads })
            .from(releases)
            .innerJoin(glyphs, eq(glyphs.id, releases.glyphId))
            .where(and(eq(releases.id, releaseId), eq(releases.state, 'published'), isNull(glyphs.deletedAt)));
          if (!release) return null;
          const glyphCounted = await tx
            .insert(glyphDownloads)
            .values({ glyphId: release.glyphId, actor: params.actor, userId: params.userId, source: params.source })
            .onConflictDoNothing()
            .returning({ glyphId: glyphDownloads.glyphId });
          if (glyphCounted.length > 0) {
            const updated = await tx
              .update(glyphs)
              .set({ downloads: sql`${glyphs.downloads} + 1` })
              .where(and(eq(glyphs.id, release.glyphId), isNull(glyphs.deletedAt)))
              .returning({ id: glyphs.id });
            if (updated.length === 0) throw new Gone();
          }
          const counted = await countRelease(tx, releaseId, params);
          const [row] = await tx.select({ downloads: releases.downloads }).from(releases).where(eq(releases.id, releaseId));
          return { counted, downloads: row?.downloads ?? release.downloads };
        });
      } catch (error) {
        if (error instanceof Gone) return null;
        throw error;
      }
    },

    /** How many releases wait for an admin's decision. */
    async countPending(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(releases).where(eq(releases.state, 'pending'));
      return Number(row?.n ?? 0);
    },
  };
}

/**
 * Records one actor's download of one release; raises its counter only when the event is new.
 * Exported for the discovery module: a glyph download (record-download) is a download of its
 * newest release, counted in the same transaction.
 */
export async function countRelease(tx: Tx, releaseId: string, params: { actor: string; userId: string | null }): Promise<boolean> {
  const inserted = await tx
    .insert(releaseDownloads)
    .values({ releaseId, actor: params.actor, userId: params.userId })
    .onConflictDoNothing()
    .returning({ releaseId: releaseDownloads.releaseId });
  if (inserted.length === 0) return false;
  await tx
    .update(releases)
    .set({ downloads: sql`${releases.downloads} + 1` })
    .where(eq(releases.id, releaseId));
  return true;
}

/** The newest published release of a glyph inside a transaction (for counting a glyph download). */
export async function latestReleaseId(tx: Tx, glyphId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: releases.id })
    .from(releases)
    .where(and(eq(releases.glyphId, glyphId), eq(releases.state, 'published')))
    .orderBy(...newestFirst)
    .limit(1);
  return row?.id;
}

export type ReleasesRepository = ReturnType<typeof createReleasesRepository>;
