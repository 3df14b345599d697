import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RequestStatus } from '@glyphary/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { files, glyphRequests, glyphs, users } from '../../db/schema/index.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import { insertNotification } from '../community/notifications.repository.ts';

const requester = alias(users, 'requester');
const assignee = alias(users, 'assignee');
const completedGlyph = alias(glyphs, 'completed_glyph');
const completedCreator = alias(users, 'completed_creator');

/** The columns every request read needs: the row, its requester and assignee as {id, username}, the linked glyph. */
const requestColumns = {
  id: glyphRequests.id,
  title: glyphRequests.title,
  description: glyphRequests.description,
  tags: glyphRequests.tags,
  referenceImages: glyphRequests.referenceImages,
  referenceFiles: glyphRequests.referenceFiles,
  status: glyphRequests.status,
  userId: glyphRequests.userId,
  requesterUsername: requester.username,
  assignedTo: glyphRequests.assignedTo,
  assigneeUsername: assignee.username,
  completedGlyphId: glyphRequests.completedGlyphId,
  completedGlyphTitle: completedGlyph.title,
  completedGlyphDeleted: sql<boolean | null>`${completedGlyph.deletedAt} is not null`,
  completedGlyphImage: sql<string | null>`${completedGlyph.images} ->> 0`,
  completedGlyphCreator: completedCreator.username,
  device: glyphRequests.device,
  createdAt: glyphRequests.createdAt,
  updatedAt: glyphRequests.updatedAt,
  votes: glyphRequests.votes,
};

export interface RequestRow {
  id: string;
  title: string;
  description: string;
  tags: string[];
  referenceImages: string[];
  referenceFiles: string[];
  status: string;
  userId: string;
  requesterUsername: string | null;
  assignedTo: string | null;
  assigneeUsername: string | null;
  completedGlyphId: string | null;
  completedGlyphTitle: string | null;
  completedGlyphDeleted: boolean | null;
  completedGlyphImage: string | null;
  completedGlyphCreator: string | null;
  device: string | null;
  createdAt: Date;
  updatedAt: Date;
  votes: number;
}

export interface NewRequest {
  title: string;
  description: string;
  tags: string[];
  referenceImages: string[];
  referenceFiles: string[];
  userId: string;
  device: string | null;
  createdAt: Date;
}

export interface ListFilter {
  limit: number;
  offset: number;
  search?: string | undefined;
  status?: RequestStatus | undefined;
  device?: string | undefined;
  /** Issue 19: 'votes' puts the most wanted first. */
  sort?: 'latest' | 'votes' | undefined;
}

/** An admin action recorded in audit_log in the same transaction as the change (SECURITY "Errors and logs"). */
export interface AuditEntry {
  actorId: string;
  action: string;
  detail: string;
}

/** Escapes LIKE wildcards so a search for `%` or `_` matches those characters literally. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function selectRequests(tx: DbOrTx) {
  return tx
    .select(requestColumns)
    .from(glyphRequests)
    .leftJoin(requester, eq(requester.id, glyphRequests.userId))
    .leftJoin(assignee, eq(assignee.id, glyphRequests.assignedTo))
    .leftJoin(completedGlyph, eq(completedGlyph.id, glyphRequests.completedGlyphId))
    .leftJoin(completedCreator, eq(completedCreator.id, completedGlyph.creatorId));
}

/**
 * Data access for glyph requests (spec §3, DESIGN §4.5). Every state change is ONE conditional
 * UPDATE whose WHERE clause carries the legal source state, so two racing callers can never both
 * win: the loser's update matches no row and the service answers 409.
 */
export function createRequestsRepository(db: Db) {
  async function findById(id: string, tx: DbOrTx = db): Promise<RequestRow | undefined> {
    const [row] = await selectRequests(tx).where(eq(glyphRequests.id, id)).limit(1);
    return row;
  }

  /** Runs a conditional update and, when it matched, writes the audit entry in the same transaction. */
  async function audited(id: string, audit: AuditEntry, change: (tx: DbOrTx) => Promise<{ id: string }[]>): Promise<boolean> {
    return db.transaction(async (tx) => {
      const changed = await change(tx);
      if (changed.length === 0) return false;
      await writeAudit(tx, { actorId: audit.actorId, action: audit.action, targetType: 'request', targetId: id, detail: audit.detail });
      return true;
    });
  }

  return {
    findById,

    /** A page of requests, newest first, with the total matching the same filter. */
    async list(filter: ListFilter): Promise<{ rows: RequestRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.search) {
        const pattern = likePattern(filter.search);
        conditions.push(
          or(
            sql`${glyphRequests.title} ilike ${pattern} escape '\\'`,
            sql`${glyphRequests.description} ilike ${pattern} escape '\\'`,
            sql`exists (select 1 from jsonb_array_elements_text(${glyphRequests.tags}) as tag(value) where tag.value ilike ${pattern} escape '\\')`,
          )!,
        );
      }
      if (filter.status) conditions.push(eq(glyphRequests.status, filter.status));
      if (filter.device) conditions.push(eq(glyphRequests.device, filter.device));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [totalRow]] = await Promise.all([
        selectRequests(db)
          .where(where)
          .orderBy(
            ...(filter.sort === 'votes' ? [desc(glyphRequests.votes)] : []),
            desc(glyphRequests.createdAt),
            desc(glyphRequests.id),
          )
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(glyphRequests).where(where),
      ]);
      return { rows, total: Number(totalRow?.total ?? 0) };
    },

    /** Requests the user created and/or is assigned to, newest first (spec §7 my-glyph-requests). */
    async listMine(userId: string, type: 'all' | 'assigned' | 'created', limit: number): Promise<RequestRow[]> {
      const where =
        type === 'assigned'
          ? eq(glyphRequests.assignedTo, userId)
          : type === 'created'
            ? eq(glyphRequests.userId, userId)
            : or(eq(glyphRequests.assignedTo, userId), eq(glyphRequests.userId, userId));
      return selectRequests(db).where(where).orderBy(desc(glyphRequests.createdAt), desc(glyphRequests.id)).limit(limit);
    },

    /** Inserts an open, unassigned request. */
    async insert(values: NewRequest): Promise<string> {
      const [row] = await db
        .insert(glyphRequests)
        .values({ ...values, status: 'open', assignedTo: null, completedGlyphId: null, updatedAt: values.createdAt })
        .returning({ id: glyphRequests.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    /** Which of these stored names (of one type) are ready uploads of `ownerId`. */
    async findOwnedFileNames(ownerId: string, type: string, filenames: string[]): Promise<Set<string>> {
      if (filenames.length === 0) return new Set();
      const rows = await db
        .select({ filename: files.filename })
        .from(files)
        .where(and(eq(files.ownerId, ownerId), eq(files.type, type), inArray(files.filename, filenames), eq(files.status, 'ready')));
      return new Set(rows.map((row) => row.filename));
    },

    /** The creator of a live (not deleted) glyph, or undefined when there is no such glyph. */
    async findLiveGlyphCreator(glyphId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ creatorId: glyphs.creatorId })
        .from(glyphs)
        .where(and(eq(glyphs.id, glyphId), sql`${glyphs.deletedAt} is null`))
        .limit(1);
      return row?.creatorId;
    },

    /**
     * open → in_progress, assigned to the taker; never the requester's own. The requester is told in
     * the same transaction (issue 19). @returns false when it no longer matched.
     */
    async takeOn(id: string, takerId: string, now: Date, takerUsername = ''): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(glyphRequests)
          .set({ status: 'in_progress', assignedTo: takerId, completedGlyphId: null, updatedAt: now, activityAt: now, remindedAt: null })
          .where(and(eq(glyphRequests.id, id), eq(glyphRequests.status, 'open'), sql`${glyphRequests.userId} <> ${takerId}`))
          .returning({ id: glyphRequests.id, title: glyphRequests.title, userId: glyphRequests.userId });
        if (!row) return false;
        await insertNotification(tx, {
          userId: row.userId,
          type: 'request_taken',
          eventKey: `request:${id}:taken:${takerId}:${now.toISOString()}`,
          data: { requestId: id, title: row.title, actorUsername: takerUsername || null },
        });
        return true;
      });
    },

    /**
     * in_progress → completed by its assignee; the glyph (when given) must still be a live glyph of
     * the assignee at the moment of the update. @returns false when it no longer matched.
     */
    async complete(id: string, assigneeId: string, glyphId: string | null, now: Date, assigneeUsername = ''): Promise<boolean> {
      const glyphStillOwned = glyphId
        ? sql`exists (select 1 from ${glyphs} where ${glyphs.id} = ${glyphId} and ${glyphs.creatorId} = ${assigneeId} and ${glyphs.deletedAt} is null)`
        : sql`true`;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(glyphRequests)
          .set({ status: 'completed', completedGlyphId: glyphId, updatedAt: now })
          .where(
            and(
              eq(glyphRequests.id, id),
              eq(glyphRequests.status, 'in_progress'),
              eq(glyphRequests.assignedTo, assigneeId),
              glyphStillOwned,
            ),
          )
          .returning({ id: glyphRequests.id, title: glyphRequests.title, userId: glyphRequests.userId });
        if (!row) return false;
        // Issue 19: the requester hears about it, once (same transaction, unique event key).
        await insertNotification(tx, {
          userId: row.userId,
          type: 'request_completed',
          eventKey: `request:${id}:completed:${now.toISOString()}`,
          data: { requestId: id, title: row.title, actorUsername: assigneeUsername || null, glyphId },
        });
        return true;
      });
    },

    /** The assignee gives the request back: in_progress → open, unassigned (DESIGN §4.5). */
    async giveBack(id: string, assigneeId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(glyphRequests)
        .set({ status: 'open', assignedTo: null, completedGlyphId: null, updatedAt: now })
        .where(and(eq(glyphRequests.id, id), eq(glyphRequests.status, 'in_progress'), eq(glyphRequests.assignedTo, assigneeId)))
        .returning({ id: glyphRequests.id });
      return rows.length > 0;
    },

    /**
     * The requester cancels: open or in_progress → cancelled. The assignee (if any) is kept so the
     * request stays visible, as cancelled, on their Taken On tab.
     */
    async cancelByRequester(id: string, requesterId: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(glyphRequests)
          .set({ status: 'cancelled', updatedAt: now })
          .where(
            and(
              eq(glyphRequests.id, id),
              inArray(glyphRequests.status, ['open', 'in_progress']),
              eq(glyphRequests.userId, requesterId),
            ),
          )
          .returning({ id: glyphRequests.id, title: glyphRequests.title, assignedTo: glyphRequests.assignedTo });
        if (!row) return false;
        // Issue 19: an assignee (only in_progress requests have one, SECURITY I4) is told it was cancelled.
        if (row.assignedTo) {
          await insertNotification(tx, {
            userId: row.assignedTo,
            type: 'request_cancelled',
            eventKey: `request:${id}:cancelled:${now.toISOString()}`,
            data: { requestId: id, title: row.title },
          });
        }
        return true;
      });
    },

    /** Admin force-complete: in_progress → completed (spec §4), audited. */
    async forceComplete(id: string, audit: AuditEntry, now: Date): Promise<boolean> {
      return audited(id, audit, (tx) =>
        tx
          .update(glyphRequests)
          .set({ status: 'completed', updatedAt: now })
          .where(and(eq(glyphRequests.id, id), eq(glyphRequests.status, 'in_progress')))
          .returning({ id: glyphRequests.id }),
      );
    },

    /** Admin reset: in_progress | completed → open, unassigned, no linked glyph (spec §4), audited. */
    async reset(id: string, audit: AuditEntry, now: Date): Promise<boolean> {
      return audited(id, audit, async (tx) => {
        const [before] = await tx
          .select({ assignedTo: glyphRequests.assignedTo, title: glyphRequests.title })
          .from(glyphRequests)
          .where(eq(glyphRequests.id, id))
          .for('update');
        const changed = await tx
          .update(glyphRequests)
          .set({ status: 'open', assignedTo: null, completedGlyphId: null, updatedAt: now, activityAt: null, remindedAt: null })
          .where(and(eq(glyphRequests.id, id), inArray(glyphRequests.status, ['in_progress', 'completed'])))
          .returning({ id: glyphRequests.id });
        // Issue 19: the former assignee is told, in the same transaction.
        if (changed.length > 0 && before?.assignedTo) {
          await insertNotification(tx, {
            userId: before.assignedTo,
            type: 'request_reset',
            eventKey: `request:${id}:reset:${now.toISOString()}`,
            data: { requestId: id, title: before.title, reason: 'admin' },
          });
        }
        return changed;
      });
    },

    /** Admin delete in any status (spec §4), audited. @returns false when it was already gone. */
    async remove(id: string, audit: AuditEntry): Promise<boolean> {
      return audited(id, audit, (tx) =>
        tx.delete(glyphRequests).where(eq(glyphRequests.id, id)).returning({ id: glyphRequests.id }),
      );
    },
  };
}

export type RequestsRepository = ReturnType<typeof createRequestsRepository>;
