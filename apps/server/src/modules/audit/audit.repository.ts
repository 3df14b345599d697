import { and, count, desc, eq, inArray, like } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';

/**
 * The audit log (issue 7; SECURITY "Errors and logs": every admin action is recorded). This module is
 * its one owner: the admin, requests, moderation, comments, releases and sync modules write through
 * `writeAudit` inside their own transactions, and only the admin panel reads it.
 */

/** One admin action: who did what to which target, and when. */
export interface AuditInput {
  actorId: string;
  action: string;
  targetType: 'user' | 'glyph' | 'request' | 'sync' | 'comment' | 'release';
  targetId: string | null;
  detail?: string | null;
}

export interface AuditRow {
  id: string;
  actorId: string | null;
  actorUsername: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  detail: string | null;
  createdAt: Date;
}

/**
 * Writes an audit row inside the transaction of the action itself, so the action and its record
 * commit together or not at all.
 */
export async function writeAudit(tx: Tx, entry: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    detail: entry.detail ?? null,
  });
}

/** An audit row as it is read: with the actor's current username (null once the account is gone). */
const auditColumns = {
  id: auditLog.id,
  actorId: auditLog.actorId,
  actorUsername: users.username,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  detail: auditLog.detail,
  createdAt: auditLog.createdAt,
};

/** Reads the audit log: the panel's Audit tab, and a target's earlier decisions for the moderation queue. */
export function createAuditRepository(db: Db) {
  return {
    /** Every entry, newest first, paged. */
    async list(limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
      const rows = await db
        .select(auditColumns)
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(offset);
      const [totalRow] = await db.select({ n: count() }).from(auditLog);
      return { rows, total: Number(totalRow?.n ?? 0) };
    },

    /**
     * The entries about these targets whose action starts with `actionPrefix` (e.g. 'moderation.';
     * a fixed prefix without LIKE wildcards), newest first, at most `limit`.
     */
    async forTargets(targetIds: string[], actionPrefix: string, limit: number): Promise<AuditRow[]> {
      if (targetIds.length === 0) return [];
      return db
        .select(auditColumns)
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(and(inArray(auditLog.targetId, targetIds), like(auditLog.action, `${actionPrefix}%`)))
        .orderBy(desc(auditLog.createdAt))
        .limit(limit);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
