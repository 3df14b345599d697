import { COMMUNITY_MSG, MSG, REQUEST_STALE_DAYS, REQUEST_STALE_GRACE_DAYS, notificationText } from '@glyphary/shared';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUserId, isUuid } from '../../lib/ids.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Viewer } from '../../plugins/access.ts';
import { decodePageCursor, encodePageCursor } from './cursor.ts';
import type { FollowsRepository } from './follows.repository.ts';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.ts';
import type { VotesRepository } from './votes.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CommunityServiceDeps {
  notifications: NotificationsRepository;
  follows: FollowsRepository;
  votes: VotesRepository;
  clock: Clock;
  secret: string;
  publicUrl: string;
  mailer?: Mailer | undefined;
}

/** The one-click unsubscribe token: the user id signed with the server secret. */
function sign(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`digest-unsubscribe:${userId}`).digest('base64url');
}

/** Follows, the Following feed, notifications (bell and digest), request votes and stale requests (issue 19). */
export function createCommunityService(deps: CommunityServiceDeps) {
  const { notifications, follows, votes, clock } = deps;

  function page<T extends { createdKey: string; id: string }>(rows: T[], limit: number) {
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > limit && last ? encodePageCursor({ createdAt: last.createdKey, id: last.id }) : null };
  }

  async function checkUser(id: string) {
    if (!isUserId(id) || !(await follows.userExists(id))) throw notFound(MSG.userNotFound);
  }

  async function openRequest(id: string) {
    const row = isUuid(id) ? await votes.findRequest(id.toLowerCase()) : undefined;
    if (!row) throw notFound(MSG.requestNotFound);
    return row;
  }

  return {
    /** @throws AppError 404 unknown user, 400 yourself. */
    async follow(viewer: Viewer, userId: string, following: boolean) {
      await checkUser(userId);
      if (userId === viewer.id) throw badRequest(COMMUNITY_MSG.followSelf, 'FOLLOW_SELF');
      if (following) await follows.follow(viewer.id, userId);
      else await follows.unfollow(viewer.id, userId);
      return follows.state(viewer.id, userId);
    },

    async followState(viewer: Viewer | null, userId: string) {
      await checkUser(userId);
      return follows.state(viewer?.id ?? null, userId);
    },

    async feed(viewer: Viewer, limit: number, cursor: string | undefined) {
      const rows = await follows.feed(viewer.id, limit + 1, decodePageCursor(cursor));
      return page(rows, limit);
    },

    async listNotifications(viewer: Viewer, limit: number, cursor: string | undefined) {
      const rows = await notifications.list(viewer.id, limit + 1, decodePageCursor(cursor));
      const result = page(rows, limit);
      return { ...result, unread: await notifications.unreadCount(viewer.id) };
    },

    async markRead(viewer: Viewer, input: { ids?: string[] | undefined; all?: true | undefined }) {
      const ids = input.all ? 'all' : (input.ids ?? []).filter(isUuid).map((id) => id.toLowerCase());
      if (ids !== 'all' && ids.length === 0) return { unread: await notifications.unreadCount(viewer.id) };
      await notifications.markRead(viewer.id, ids, clock.now());
      return { unread: await notifications.unreadCount(viewer.id) };
    },

    async getDigest(viewer: Viewer) {
      return notifications.getDigest(viewer.id);
    },

    async setDigest(viewer: Viewer, enabled: boolean) {
      await notifications.setDigest(viewer.id, enabled);
      return enabled;
    },

    /** The signed one-click unsubscribe link for a digest email. */
    unsubscribeUrl(userId: string): string {
      return `${deps.publicUrl}/api/notifications/unsubscribe?u=${encodeURIComponent(userId)}&t=${sign(deps.secret, userId)}`;
    },

    /** @throws AppError 400 for a bad signature. */
    async unsubscribe(userId: string, token: string) {
      const expected = Buffer.from(sign(deps.secret, userId));
      const given = Buffer.from(token);
      if (!isUserId(userId) || expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw badRequest(COMMUNITY_MSG.unsubscribeInvalid, 'INVALID_TOKEN');
      }
      await notifications.setDigest(userId, false);
    },

    /**
     * Mails each opted-in user (at most once a day, claimed atomically so two instances never both
     * send) their unread notifications since the previous digest. @returns how many mails went out.
     */
    async sendDigests(): Promise<number> {
      if (!deps.mailer) return 0;
      const now = clock.now();
      const due = await notifications.claimDigests(now, new Date(now.getTime() - DAY_MS));
      let sent = 0;
      for (const user of due) {
        const rows: NotificationRow[] = await notifications.unreadSince(user.id, user.previous, 50);
        if (rows.length === 0) continue;
        const lines = rows.map((row) => `• ${notificationText(row.type, row.data)}`).join('\n');
        await deps.mailer.send({
          to: user.email,
          subject: `Your Glyphary digest: ${rows.length} new ${rows.length === 1 ? 'notification' : 'notifications'}`,
          text: `${lines}\n\nOpen Glyphary: ${deps.publicUrl}/\n\nUnsubscribe from this daily email with one click: ${this.unsubscribeUrl(user.id)}\n`,
        });
        sent += 1;
      }
      return sent;
    },

    /** 'I want this too' (issue 19). @throws AppError 404, 403 own request, 409 not open. */
    async vote(viewer: Viewer, requestId: string, voted: boolean) {
      const row = await openRequest(requestId);
      if (row.userId === viewer.id) throw forbidden(COMMUNITY_MSG.voteOwn, 'OWN_REQUEST');
      if (row.status !== 'open') throw conflict(COMMUNITY_MSG.voteNotOpen, 'INVALID_TRANSITION');
      const state = await votes.setVote(viewer.id, row.id, voted);
      if (!state) throw conflict(COMMUNITY_MSG.voteNotOpen, 'INVALID_TRANSITION');
      return state;
    },

    async votedAmong(viewer: Viewer | null, requestIds: string[]): Promise<Set<string>> {
      return viewer ? votes.votedAmong(viewer.id, requestIds) : new Set();
    },

    /** The assignee is still on it: the stale clock restarts. @throws AppError 404, 403. */
    async stillWorking(viewer: Viewer, requestId: string) {
      const row = await openRequest(requestId);
      if (row.assignedTo !== viewer.id || row.status !== 'in_progress') throw forbidden(COMMUNITY_MSG.stillWorkingNotAssignee);
      if (!(await votes.touch(row.id, viewer.id, clock.now()))) throw forbidden(COMMUNITY_MSG.stillWorkingNotAssignee);
    },

    /**
     * The stale-request job's one pass: remind assignees idle REQUEST_STALE_DAYS, then give back
     * requests still idle REQUEST_STALE_GRACE_DAYS after the reminder. Safe to run on every instance.
     */
    async sweepStaleRequests(): Promise<{ reminded: number; reopened: number }> {
      const now = clock.now();
      const idleBefore = new Date(now.getTime() - REQUEST_STALE_DAYS * DAY_MS);
      const reopened = await votes.reopenStale(idleBefore, new Date(now.getTime() - REQUEST_STALE_GRACE_DAYS * DAY_MS), now);
      const reminded = await votes.remindStale(idleBefore, now);
      return { reminded, reopened };
    },
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
