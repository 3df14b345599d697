import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { comments, files, glyphRequests, glyphs, releases, reports, sessions, users } from '../../db/schema/index.ts';
import { createAuditRepository, writeAudit, type AuditInput } from '../audit/audit.repository.ts';
import { insertNotification, type NotificationInput } from './notifications.repository.ts';
import { glyphFileRefColumns, moveGlyphFiles } from '../glyphs/glyph-files.ts';

/** What moderation knows about a reported thing. */
export interface TargetFacts {
  exists: boolean;
  /** Live means reportable: not deleted or hidden. */
  live: boolean;
  ownerId: string | null;
  ownerUsername: string | null;
  ownerEmail: string | null;
  ownerIsAdmin: boolean;
  ownerSuspended: boolean;
  title: string | null;
  excerpt: string | null;
  url: string | null;
  hidden: boolean;
  deleted: boolean;
  /** The glyph's APK facts and, since issue 15, its APK report's key findings. */
  apk: {
    sha256: string | null;
    size: number | null;
    permissions: string[];
    signatureStatus: string | null;
    isGlyphToy: boolean | null;
  } | null;
}

export interface ReportRow {
  id: string;
  reporterId: string;
  reporterUsername: string | null;
  targetType: string;
  targetId: string;
  reason: string;
  details: string;
  status: string;
  resolution: string | null;
  resolutionNote: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

export interface HistoryRow {
  targetType: string;
  targetId: string;
  action: string;
  note: string | null;
  actorUsername: string | null;
  createdAt: Date;
}

/** The state change a moderation action makes, applied in the same transaction as its records. */
export type ModerationEffect =
  | { kind: 'none' }
  | { kind: 'hide-glyph'; glyphId: string }
  | { kind: 'restore-glyph'; glyphId: string }
  | { kind: 'remove-glyph'; glyphId: string }
  | { kind: 'remove-request'; requestId: string }
  | { kind: 'remove-comment'; commentId: string }
  | { kind: 'suspend-user'; userId: string; reason: string }
  | { kind: 'unsuspend-user'; userId: string };

const NONE: TargetFacts = {
  exists: false,
  live: false,
  ownerId: null,
  ownerUsername: null,
  ownerEmail: null,
  ownerIsAdmin: false,
  ownerSuspended: false,
  title: null,
  excerpt: null,
  url: null,
  hidden: false,
  deleted: false,
  apk: null,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const excerptOf = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/** Data access for reports and moderation (issue 19). */

/** The columns of a report as the queue and the routes show it (with the reporter's username). */
const reportColumns = {
  id: reports.id,
  reporterId: reports.reporterId,
  reporterUsername: users.username,
  targetType: reports.targetType,
  targetId: reports.targetId,
  reason: reports.reason,
  details: reports.details,
  status: reports.status,
  resolution: reports.resolution,
  resolutionNote: reports.resolutionNote,
  createdAt: reports.createdAt,
  resolvedAt: reports.resolvedAt,
};
export function createReportsRepository(db: Db) {
  // A target's earlier decisions are read from the audit log through its owner.
  const audit = createAuditRepository(db);
  async function ownerFacts(userId: string) {
    const [row] = await db
      .select({
        username: users.username,
        email: users.email,
        isAdmin: users.isAdmin,
        isSuperAdmin: users.isSuperAdmin,
        suspendedAt: users.suspendedAt,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  }

  /** The owner fields every target carries. */
  async function ownerOf(userId: string) {
    const owner = await ownerFacts(userId);
    return {
      ownerId: userId,
      ownerUsername: owner?.username ?? null,
      ownerEmail: owner?.email ?? null,
      ownerIsAdmin: Boolean(owner?.isAdmin || owner?.isSuperAdmin),
      ownerSuspended: Boolean(owner?.suspendedAt),
    };
  }

  return {
    /** Facts about a target; `exists: false` for an unknown id of any shape. */
    async findTarget(type: string, id: string): Promise<TargetFacts> {
      if (type === 'glyph') {
        if (!UUID.test(id)) return NONE;
        const [row] = await db
          .select({
            title: glyphs.title,
            description: glyphs.description,
            creatorId: glyphs.creatorId,
            deletedAt: glyphs.deletedAt,
            hiddenAt: glyphs.hiddenAt,
            sha256: files.sha256,
            size: files.size,
            apkReport: files.apkReport,
          })
          .from(glyphs)
          .leftJoin(files, eq(files.id, glyphs.apkFileId))
          .where(eq(glyphs.id, id.toLowerCase()))
          .limit(1);
        if (!row) return NONE;
        return {
          exists: true,
          live: row.deletedAt === null,
          ...(await ownerOf(row.creatorId)),
          title: row.title,
          excerpt: excerptOf(row.description),
          url: `/glyph/${id.toLowerCase()}`,
          hidden: row.hiddenAt !== null,
          deleted: row.deletedAt !== null && row.hiddenAt === null,
          apk: row.sha256
            ? {
                sha256: row.sha256,
                size: row.size === null ? null : Number(row.size),
                permissions: row.apkReport?.permissions ?? [],
                signatureStatus: row.apkReport?.signatureStatus ?? null,
                isGlyphToy: row.apkReport?.isGlyphToy ?? null,
              }
            : null,
        };
      }
      if (type === 'user') {
        if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return NONE;
        const owner = await ownerFacts(id);
        if (!owner) return NONE;
        return {
          ...NONE,
          exists: true,
          live: true,
          ownerId: id,
          ownerUsername: owner.username,
          ownerEmail: owner.email,
          ownerIsAdmin: Boolean(owner.isAdmin || owner.isSuperAdmin),
          ownerSuspended: Boolean(owner.suspendedAt),
          title: `@${owner.username}`,
          url: `/storefront/${owner.username}`,
        };
      }
      if (type === 'request') {
        if (!UUID.test(id)) return NONE;
        const [row] = await db
          .select({ title: glyphRequests.title, description: glyphRequests.description, userId: glyphRequests.userId })
          .from(glyphRequests)
          .where(eq(glyphRequests.id, id.toLowerCase()))
          .limit(1);
        if (!row) return NONE;
        return {
          ...NONE,
          exists: true,
          live: true,
          ...(await ownerOf(row.userId)),
          title: row.title,
          excerpt: excerptOf(row.description),
          url: '/request-glyphs',
        };
      }
      if (type === 'release') {
        if (!UUID.test(id)) return NONE;
        const [row] = await db
          .select({
            glyphId: releases.glyphId,
            versionName: releases.versionName,
            state: releases.state,
            changelog: releases.changelog,
            sha256: releases.sha256,
            size: releases.size,
            glyphTitle: glyphs.title,
            creatorId: glyphs.creatorId,
            deletedAt: glyphs.deletedAt,
          })
          .from(releases)
          .innerJoin(glyphs, eq(glyphs.id, releases.glyphId))
          .where(eq(releases.id, id.toLowerCase()))
          .limit(1);
        if (!row) return NONE;
        return {
          ...NONE,
          exists: true,
          // Only what visitors can see is reportable: a published release of a live glyph.
          live: row.deletedAt === null && row.state === 'published',
          ...(await ownerOf(row.creatorId)),
          title: `${row.glyphTitle} ${row.versionName ?? ''}`.trim(),
          excerpt: excerptOf(row.changelog),
          url: `/glyph/${row.glyphId}`,
          apk: { sha256: row.sha256, size: row.size, permissions: [], signatureStatus: null, isGlyphToy: null },
        };
      }
      if (type === 'comment') {
        if (!UUID.test(id)) return NONE;
        const [row] = await db
          .select({ body: comments.body, authorId: comments.authorId, glyphId: comments.glyphId, glyphTitle: glyphs.title })
          .from(comments)
          .innerJoin(glyphs, eq(glyphs.id, comments.glyphId))
          .where(eq(comments.id, id.toLowerCase()))
          .limit(1);
        if (!row) return NONE;
        return {
          ...NONE,
          exists: true,
          live: true,
          ...(await ownerOf(row.authorId)),
          title: `Comment on "${row.glyphTitle}"`,
          excerpt: excerptOf(row.body),
          url: `/glyph/${row.glyphId}`,
        };
      }
      return NONE;
    },

    /** Inserts an open report. @returns its id, or null when the reporter already has an open one on the target. */
    async insert(values: {
      reporterId: string;
      targetType: string;
      targetId: string;
      reason: string;
      details: string;
      createdAt: Date;
    }): Promise<string | null> {
      const [row] = await db
        .insert(reports)
        .values({ ...values, status: 'open' })
        .onConflictDoNothing({ target: [reports.reporterId, reports.targetType, reports.targetId], where: sql`status = 'open'` })
        .returning({ id: reports.id });
      return row?.id ?? null;
    },

    async findById(id: string): Promise<ReportRow | undefined> {
      if (!UUID.test(id)) return undefined;
      const [row] = await db
        .select(reportColumns)
        .from(reports)
        .leftJoin(users, eq(users.id, reports.reporterId))
        .where(eq(reports.id, id.toLowerCase()))
        .limit(1);
      return row;
    },

    /** Reports in a status, oldest first for the open queue and newest first for the resolved list. */
    async listByStatus(status: 'open' | 'resolved', limit: number): Promise<ReportRow[]> {
      return db
        .select(reportColumns)
        .from(reports)
        .leftJoin(users, eq(users.id, reports.reporterId))
        .where(eq(reports.status, status))
        .orderBy(status === 'open' ? asc(reports.createdAt) : desc(reports.resolvedAt), asc(reports.id))
        .limit(limit);
    },

    /** Earlier moderation decisions on these targets (from the audit log), newest first. */
    async history(targetIds: string[]): Promise<HistoryRow[]> {
      const rows = await audit.forTargets(targetIds, 'moderation.', 500);
      return rows.map((row) => ({
        targetType: row.targetType,
        targetId: row.targetId ?? '',
        action: row.action,
        note: row.detail,
        actorUsername: row.actorUsername,
        createdAt: row.createdAt,
      }));
    },

    /**
     * One moderation decision in one transaction: the state change (a conditional update that
     * matches only from the legal state), the target's open reports resolved, the audit row and
     * the owner's notification. @returns false when the state change no longer matched (nothing stored).
     */
    async moderate(input: {
      effect: ModerationEffect;
      target: { type: string; id: string };
      resolve: { action: string; note: string; adminId: string; now: Date } | null;
      audit: AuditInput;
      notification: NotificationInput | null;
      /** What each reporter of the resolved reports is told (the outcome, never the note). */
      reporterNotice?: Record<string, string | null> | null;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const { effect } = input;
        const now = input.resolve?.now ?? new Date();
        switch (effect.kind) {
          case 'none':
            break;
          case 'hide-glyph': {
            const [row] = await tx
              .update(glyphs)
              .set({ deletedAt: now, hiddenAt: now, updatedAt: now })
              .where(and(eq(glyphs.id, effect.glyphId), sql`${glyphs.deletedAt} is null`))
              .returning(glyphFileRefColumns);
            if (!row) return false;
            await tx
              .update(users)
              .set({ glyphsCount: sql`greatest(${users.glyphsCount} - 1, 0)` })
              .where(eq(users.id, row.creatorId));
            // A hidden glyph's files stop being served too, but stay restorable ('hidden', not 'deleted').
            await moveGlyphFiles(tx, row, 'ready', 'hidden');
            break;
          }
          case 'restore-glyph': {
            const [row] = await tx
              .update(glyphs)
              .set({ deletedAt: null, hiddenAt: null, updatedAt: now })
              .where(and(eq(glyphs.id, effect.glyphId), sql`${glyphs.hiddenAt} is not null`))
              .returning(glyphFileRefColumns);
            if (!row) return false;
            await tx
              .update(users)
              .set({ glyphsCount: sql`${users.glyphsCount} + 1` })
              .where(eq(users.id, row.creatorId));
            await moveGlyphFiles(tx, row, 'hidden', 'ready');
            break;
          }
          case 'remove-glyph': {
            // A live glyph is deleted for good; a hidden one stops being restorable.
            const [live] = await tx
              .update(glyphs)
              .set({ deletedAt: now, updatedAt: now })
              .where(and(eq(glyphs.id, effect.glyphId), sql`${glyphs.deletedAt} is null`))
              .returning(glyphFileRefColumns);
            if (live) {
              await tx
                .update(users)
                .set({ glyphsCount: sql`greatest(${users.glyphsCount} - 1, 0)` })
                .where(eq(users.id, live.creatorId));
              await moveGlyphFiles(tx, live, 'ready', 'deleted');
              break;
            }
            const [hidden] = await tx
              .update(glyphs)
              .set({ hiddenAt: null, updatedAt: now })
              .where(and(eq(glyphs.id, effect.glyphId), sql`${glyphs.hiddenAt} is not null`))
              .returning(glyphFileRefColumns);
            if (!hidden) return false;
            await moveGlyphFiles(tx, hidden, 'hidden', 'deleted');
            break;
          }
          case 'remove-request': {
            const rows = await tx
              .delete(glyphRequests)
              .where(eq(glyphRequests.id, effect.requestId))
              .returning({ id: glyphRequests.id });
            if (rows.length === 0) return false;
            break;
          }
          case 'remove-comment': {
            const rows = await tx.delete(comments).where(eq(comments.id, effect.commentId)).returning({ id: comments.id });
            if (rows.length === 0) return false;
            break;
          }
          case 'suspend-user': {
            const rows = await tx
              .update(users)
              .set({ suspendedAt: now, suspendedReason: effect.reason || null })
              .where(
                and(
                  eq(users.id, effect.userId),
                  sql`${users.suspendedAt} is null`,
                  eq(users.isAdmin, false),
                  eq(users.isSuperAdmin, false),
                ),
              )
              .returning({ id: users.id });
            if (rows.length === 0) return false;
            // Signed out everywhere at once: a suspended account cannot act with an old session either.
            await tx.delete(sessions).where(eq(sessions.userId, effect.userId));
            break;
          }
          case 'unsuspend-user': {
            const rows = await tx
              .update(users)
              .set({ suspendedAt: null, suspendedReason: null })
              .where(and(eq(users.id, effect.userId), sql`${users.suspendedAt} is not null`))
              .returning({ id: users.id });
            if (rows.length === 0) return false;
            break;
          }
        }
        if (input.resolve) {
          const resolved = await tx
            .update(reports)
            .set({
              status: 'resolved',
              resolution: input.resolve.action,
              resolutionNote: input.resolve.note || null,
              resolvedBy: input.resolve.adminId,
              resolvedAt: input.resolve.now,
            })
            .where(
              and(eq(reports.targetType, input.target.type), eq(reports.targetId, input.target.id), eq(reports.status, 'open')),
            )
            .returning({ id: reports.id, reporterId: reports.reporterId });
          const notice = input.reporterNotice;
          if (notice) {
            for (const report of resolved) {
              if (report.reporterId === input.resolve.adminId) continue;
              await insertNotification(tx, { userId: report.reporterId, type: 'report_resolved', eventKey: `report:${report.id}:resolved`, data: notice });
            }
          }
        }
        await writeAudit(tx, input.audit);
        if (input.notification) await insertNotification(tx, input.notification);
        return true;
      });
    },

    /** True while any open report exists on the target (resolving an already-resolved group → 409). */
    async hasOpenReports(type: string, id: string): Promise<boolean> {
      const rows = await queryRows<{ one: number }>(
        db,
        sql`select 1 as one from reports where target_type = ${type} and target_id = ${id} and status = 'open' limit 1`,
      );
      return rows.length > 0;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
