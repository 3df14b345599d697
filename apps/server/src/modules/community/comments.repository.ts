import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { comments, glyphs, users } from '../../db/schema/index.ts';
import { writeAudit, type AuditInput } from '../audit/audit.repository.ts';
import { insertNotification, type NotificationInput } from './notifications.repository.ts';
import { pageWhere, timeKey, type PageCursor } from './cursor.ts';

export interface CommentRow {
  id: string;
  glyphId: string;
  body: string;
  authorId: string;
  authorUsername: string;
  authorDisplayName: string;
  authorImage: string | null;
  createdAt: Date;
  editedAt: Date | null;
  createdKey: string;
}

export interface CommentGlyph {
  id: string;
  title: string;
  creatorId: string;
  live: boolean;
  commentsEnabled: boolean;
}

const columns = {
  id: comments.id,
  glyphId: comments.glyphId,
  body: comments.body,
  authorId: comments.authorId,
  authorUsername: users.username,
  authorDisplayName: users.name,
  authorImage: users.image,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
  createdKey: timeKey(comments.createdAt),
};

/** Data access for glyph comments (issue 19). */
export function createCommentsRepository(db: Db) {
  async function findById(id: string): Promise<CommentRow | undefined> {
    const [row] = await db.select(columns).from(comments).innerJoin(users, eq(users.id, comments.authorId)).where(eq(comments.id, id)).limit(1);
    return row;
  }

  return {
    findById,

    async findGlyph(id: string): Promise<CommentGlyph | undefined> {
      const [row] = await db
        .select({ id: glyphs.id, title: glyphs.title, creatorId: glyphs.creatorId, deletedAt: glyphs.deletedAt, commentsEnabled: glyphs.commentsEnabled })
        .from(glyphs)
        .where(eq(glyphs.id, id))
        .limit(1);
      return row ? { id: row.id, title: row.title, creatorId: row.creatorId, live: row.deletedAt === null, commentsEnabled: row.commentsEnabled } : undefined;
    },

    /** A page of a glyph's comments, newest first. */
    async list(glyphId: string, limit: number, cursor: PageCursor | null): Promise<CommentRow[]> {
      return db
        .select(columns)
        .from(comments)
        .innerJoin(users, eq(users.id, comments.authorId))
        .where(and(eq(comments.glyphId, glyphId), pageWhere(comments.createdAt, comments.id, cursor)))
        .orderBy(desc(comments.createdAt), desc(comments.id))
        .limit(limit);
    },

    /**
     * Posts a comment on a live glyph with comments on, and notifies the glyph's creator in the same
     * transaction. @returns the id, or null when the glyph went away or comments were turned off meanwhile.
     */
    async insert(values: { glyphId: string; authorId: string; body: string; createdAt: Date }, notify: (commentId: string) => NotificationInput | null): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [row] = await queryRows<{ id: string }>(
          tx,
          sql`insert into ${comments} (glyph_id, author_id, body, created_at)
              select ${values.glyphId}::uuid, ${values.authorId}, ${values.body}, ${values.createdAt.toISOString()}::timestamptz
              where exists (select 1 from ${glyphs} where ${glyphs.id} = ${values.glyphId} and ${glyphs.deletedAt} is null and ${glyphs.commentsEnabled})
              returning id`,
        );
        if (!row) return null;
        const notification = notify(row.id);
        if (notification) await insertNotification(tx, notification);
        return row.id;
      });
    },

    /** Edits the author's own comment while the edit window is open. @returns false when it no longer matched. */
    async update(id: string, authorId: string, body: string, now: Date, editableSince: Date): Promise<boolean> {
      const rows = await db
        .update(comments)
        .set({ body, editedAt: now })
        .where(and(eq(comments.id, id), eq(comments.authorId, authorId), sql`${comments.createdAt} > ${editableSince.toISOString()}::timestamptz`))
        .returning({ id: comments.id });
      return rows.length > 0;
    },

    /** Deletes a comment; `audit` (an admin removing someone else's) is written in the same transaction. */
    async remove(id: string, audit: AuditInput | null): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
        if (rows.length === 0) return false;
        if (audit) await writeAudit(tx, audit);
        return true;
      });
    },

    async setEnabled(glyphId: string, creatorId: string, enabled: boolean): Promise<boolean> {
      const rows = await db
        .update(glyphs)
        .set({ commentsEnabled: enabled })
        .where(and(eq(glyphs.id, glyphId), eq(glyphs.creatorId, creatorId), sql`${glyphs.deletedAt} is null`))
        .returning({ id: glyphs.id });
      return rows.length > 0;
    },
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
