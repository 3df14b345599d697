import { count, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';

/** One admin action (issue 7): who did what to which target, and when. */
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
 * Writes an audit row. Pass the transaction of the action itself so the action and its record
 * commit together or not at all (SECURITY "Errors and logs": every admin action is recorded).
 */
export async function insertAudit(tx: DbOrTx, entry: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    detail: entry.detail ?? null,
  });
}

/** Reads the audit log, newest first (the panel's Audit tab). */
export function createAuditRepository(db: Db) {
  return {
    async list(limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
      const rows = await db
        .select({
          id: auditLog.id,
          actorId: auditLog.actorId,
          actorUsername: users.username,
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          detail: auditLog.detail,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(offset);
      const [totalRow] = await db.select({ n: count() }).from(auditLog);
      return { rows, total: Number(totalRow?.n ?? 0) };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
