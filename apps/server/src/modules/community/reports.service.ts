import {
  COMMUNITY_MSG,
  MODERATION_ACTIONS_BY_TARGET,
  notificationText,
  type CreateReportInputSchema,
  type ModerationAction,
  type ResolveReportInputSchema,
} from '@glyphary/shared';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Viewer } from '../../plugins/access.ts';
import type { HistoryRow, ModerationEffect, ReportRow, ReportsRepository, TargetFacts } from './reports.repository.ts';
import type { RateLimiter } from './rate-limit.ts';

type ReportInput = z.output<typeof CreateReportInputSchema>;
type ResolveInput = z.output<typeof ResolveReportInputSchema>;

export interface ReportGroupView {
  targetType: string;
  targetId: string;
  reports: ReportRow[];
  target: TargetFacts;
  history: HistoryRow[];
}

export interface ReportsServiceDeps {
  reports: ReportsRepository;
  clock: Clock;
  limiter: RateLimiter;
  mailer?: Mailer | undefined;
  publicUrl: string;
  /** Called after a decision that public reads show (a hidden or restored glyph): clears read caches. */
  onChange?: () => void;
  log?: { warn: (obj: object, msg: string) => void };
}


/** Reports and the moderation queue (issue 19). Every decision is audited and told to the owner. */
export function createReportsService(deps: ReportsServiceDeps) {
  const { reports, clock, limiter } = deps;

  function effectOf(action: ModerationAction, type: string, id: string, target: TargetFacts, note: string): ModerationEffect {
    switch (action) {
      case 'dismiss':
      case 'warn':
        return { kind: 'none' };
      case 'hide':
        if (!target.live) throw notFound(COMMUNITY_MSG.targetGone);
        return { kind: 'hide-glyph', glyphId: id };
      case 'restore':
        if (!target.hidden) throw conflict(COMMUNITY_MSG.glyphNotHidden, 'NOT_HIDDEN');
        return { kind: 'restore-glyph', glyphId: id };
      case 'remove':
        if (type === 'glyph') {
          if (!target.live && !target.hidden) throw notFound(COMMUNITY_MSG.targetGone);
          return { kind: 'remove-glyph', glyphId: id };
        }
        return type === 'request' ? { kind: 'remove-request', requestId: id } : { kind: 'remove-comment', commentId: id };
      case 'suspend':
        if (!target.ownerId) throw notFound(COMMUNITY_MSG.targetGone);
        if (target.ownerIsAdmin) throw forbidden(COMMUNITY_MSG.adminCannotBeSuspended, 'ADMIN_NOT_SUSPENDABLE');
        if (target.ownerSuspended) throw conflict(COMMUNITY_MSG.userAlreadySuspended, 'ALREADY_SUSPENDED');
        return { kind: 'suspend-user', userId: target.ownerId, reason: note };
      case 'unsuspend':
        if (!target.ownerId) throw notFound(COMMUNITY_MSG.targetGone);
        if (!target.ownerSuspended) throw conflict(COMMUNITY_MSG.userNotSuspended, 'NOT_SUSPENDED');
        return { kind: 'unsuspend-user', userId: target.ownerId };
    }
  }

  async function mailOwner(target: TargetFacts, data: Record<string, string | null>) {
    if (!deps.mailer || !target.ownerEmail) return;
    try {
      await deps.mailer.send({
        to: target.ownerEmail,
        subject: 'A moderation decision about your Glyphary content',
        text: `${notificationText('moderation', data)}\n\nSee your notifications: ${deps.publicUrl}/\n`,
      });
    } catch (error) {
      // The decision is stored and the in-app notice sent; a mail failure must not undo it.
      deps.log?.warn({ err: error }, 'moderation mail failed');
    }
  }

  return {
    /**
     * Files a report on a live target; one open report per person and target; rate-limited.
     * @throws AppError 404 unknown or gone target, 400 own content, 409 duplicate, 429.
     */
    async report(viewer: Viewer, input: ReportInput): Promise<ReportRow> {
      const targetId = input.targetType === 'user' ? input.targetId : input.targetId.toLowerCase();
      const target = await reports.findTarget(input.targetType, targetId);
      if (!target.exists || !target.live) throw notFound(COMMUNITY_MSG.reportTargetNotFound);
      if (target.ownerId === viewer.id) throw forbidden(COMMUNITY_MSG.reportOwn, 'OWN_CONTENT');
      await limiter.check('report', viewer.id);
      const id = await reports.insert({
        reporterId: viewer.id,
        targetType: input.targetType,
        targetId,
        reason: input.reason,
        details: input.details,
        createdAt: clock.now(),
      });
      if (!id) throw conflict(COMMUNITY_MSG.reportDuplicate, 'DUPLICATE_REPORT');
      const row = await reports.findById(id);
      if (!row) throw notFound(COMMUNITY_MSG.reportNotFound);
      return row;
    },

    /** Open (or recently resolved) reports grouped by target, with the target's facts and earlier decisions. */
    async queue(status: 'open' | 'resolved'): Promise<ReportGroupView[]> {
      const rows = await reports.listByStatus(status, 1000);
      const groups = new Map<string, ReportGroupView>();
      for (const row of rows) {
        const key = `${row.targetType}:${row.targetId}`;
        let group = groups.get(key);
        if (!group) {
          group = { targetType: row.targetType, targetId: row.targetId, reports: [], target: undefined as unknown as TargetFacts, history: [] };
          groups.set(key, group);
        }
        group.reports.push(row);
      }
      const list = [...groups.values()].slice(0, 200);
      const history = await reports.history(list.map((g) => g.targetId));
      for (const group of list) {
        group.target = await reports.findTarget(group.targetType, group.targetId);
        group.history = history.filter((h) => h.targetId === group.targetId && h.targetType === group.targetType);
      }
      // Most-reported first; ties by the oldest report (the queue is first come, first served).
      if (status === 'open') list.sort((a, b) => b.reports.length - a.reports.length);
      return list;
    },

    /**
     * Applies a moderation action to a report's target: resolves every open report on it, writes
     * the audit row and tells the owner, all in one transaction; mails the owner afterwards.
     * @throws AppError 404 unknown report or gone target, 409 already resolved / wrong state, 422 action not for this target.
     */
    async resolve(admin: Viewer, reportId: string, input: ResolveInput): Promise<{ report: ReportRow; target: TargetFacts }> {
      const report = await reports.findById(reportId);
      if (!report) throw notFound(COMMUNITY_MSG.reportNotFound);
      const type = report.targetType as keyof typeof MODERATION_ACTIONS_BY_TARGET;
      const allowed = MODERATION_ACTIONS_BY_TARGET[type] ?? [];
      if (!allowed.includes(input.action)) {
        throw unprocessable(COMMUNITY_MSG.moderationActionNotApplicable(input.action, type), 'ACTION_NOT_APPLICABLE');
      }
      // Restore and lifting a suspension undo an earlier decision, so they work on resolved reports too.
      const undo = input.action === 'restore' || input.action === 'unsuspend';
      if (!undo && report.status !== 'open') throw conflict(COMMUNITY_MSG.reportAlreadyResolved, 'ALREADY_RESOLVED');
      const target = await reports.findTarget(report.targetType, report.targetId);
      // The report was read before the target: a decision that committed in between (another admin, another
      // instance) may have hidden or removed it. That is the same report decided twice (409), not a gone target.
      const goneOrDecided = async (): Promise<never> => {
        const current = undo ? null : await reports.findById(report.id);
        if (current && current.status !== 'open') throw conflict(COMMUNITY_MSG.reportAlreadyResolved, 'ALREADY_RESOLVED');
        throw notFound(COMMUNITY_MSG.targetGone);
      };
      if (!target.exists && input.action !== 'dismiss') await goneOrDecided();
      if (input.action !== 'dismiss' && input.action !== 'warn' && input.action !== 'restore' && input.action !== 'unsuspend' && !input.note) {
        // The creator is told what happened and why (issue 19): a decision against them needs a reason.
        throw new AppError(400, 'VALIDATION_ERROR', COMMUNITY_MSG.moderationNoteRequired);
      }
      if (input.action === 'warn' && !input.note) throw new AppError(400, 'VALIDATION_ERROR', COMMUNITY_MSG.moderationNoteRequired);
      let effect: ModerationEffect;
      try {
        effect = effectOf(input.action, report.targetType, report.targetId, target, input.note);
      } catch (error) {
        // A hide that finds the glyph already hidden, a suspension that finds its owner gone: the same race.
        if (error instanceof AppError && error.statusCode === 404) await goneOrDecided();
        throw error;
      }
      const now = clock.now();
      const data: Record<string, string | null> = {
        action: input.action,
        note: input.note || null,
        targetType: report.targetType,
        targetId: report.targetId,
        title: report.targetType === 'user' ? null : target.title,
        url: input.action === 'hide' || input.action === 'remove' ? null : target.url,
      };
      const notify = input.action !== 'dismiss' && target.ownerId !== null && target.ownerId !== admin.id;
      const applied = await reports.moderate({
        effect,
        target: { type: report.targetType, id: report.targetId },
        resolve: undo ? null : { action: input.action, note: input.note, adminId: admin.id, now },
        audit: {
          actorId: admin.id,
          action: `moderation.${input.action}`,
          targetType: report.targetType as 'glyph',
          targetId: report.targetId,
          detail: input.note || null,
        },
        notification: notify
          ? { userId: target.ownerId!, type: 'moderation', eventKey: `moderation:${report.targetType}:${report.targetId}:${input.action}:${now.toISOString()}`, data }
          : null,
        // The reporters hear the outcome of what they reported; the note stays between the admin and the owner.
        reporterNotice: undo
          ? null
          : { action: input.action, targetType: report.targetType, targetId: report.targetId, title: report.targetType === 'user' ? null : target.title },
      });
      if (!applied) throw conflict(COMMUNITY_MSG.reportAlreadyResolved, 'STATE_CHANGED');
      if (effect.kind !== 'none') deps.onChange?.();
      if (notify) await mailOwner(target, data);
      const after = await reports.findById(report.id);
      return { report: after ?? report, target: await reports.findTarget(report.targetType, report.targetId) };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
