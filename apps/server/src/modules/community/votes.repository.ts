import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { glyphRequests, requestVotes } from '../../db/schema/index.ts';
import { insertNotification } from './notifications.repository.ts';

export interface StaleRequest {
  id: string;
  title: string;
  userId: string;
  assignedTo: string;
}

/** Data access for request votes and stale taken requests (issue 19). */
export function createVotesRepository(db: Db) {
  return {
    async findRequest(id: string): Promise<{ id: string; status: string; userId: string; assignedTo: string | null; votes: number } | undefined> {
      const [row] = await db
        .select({ id: glyphRequests.id, status: glyphRequests.status, userId: glyphRequests.userId, assignedTo: glyphRequests.assignedTo, votes: glyphRequests.votes })
        .from(glyphRequests)
        .where(eq(glyphRequests.id, id))
        .limit(1);
      return row;
    },

    /**
     * Adds or removes the user's vote and moves the counter in one transaction, only while the request
     * is open (votes = count(request_votes) always). @returns the new state, or null when it is not open.
     */
    async setVote(userId: string, requestId: string, voted: boolean): Promise<{ voted: boolean; votes: number } | null> {
      return db.transaction(async (tx) => {
        const [open] = await tx
          .select({ id: glyphRequests.id })
          .from(glyphRequests)
          .where(and(eq(glyphRequests.id, requestId), eq(glyphRequests.status, 'open')))
          .for('update')
          .limit(1);
        if (!open) return null;
        const changed = voted
          ? await tx.insert(requestVotes).values({ userId, requestId }).onConflictDoNothing().returning({ userId: requestVotes.userId })
          : await tx
              .delete(requestVotes)
              .where(and(eq(requestVotes.userId, userId), eq(requestVotes.requestId, requestId)))
              .returning({ userId: requestVotes.userId });
        const delta = changed.length === 0 ? 0 : voted ? 1 : -1;
        const [row] = await tx
          .update(glyphRequests)
          .set({ votes: sql`${glyphRequests.votes} + ${delta}` })
          .where(eq(glyphRequests.id, requestId))
          .returning({ votes: glyphRequests.votes });
        return { voted, votes: row?.votes ?? 0 };
      });
    },

    /** Which of these requests the user voted for. */
    async votedAmong(userId: string, requestIds: string[]): Promise<Set<string>> {
      if (requestIds.length === 0) return new Set();
      const rows = await db
        .select({ requestId: requestVotes.requestId })
        .from(requestVotes)
        .where(and(eq(requestVotes.userId, userId), inArray(requestVotes.requestId, requestIds)));
      return new Set(rows.map((r) => r.requestId));
    },

    /** The assignee says they are still on it: the idle clock starts again. @returns false when not theirs/in progress. */
    async touch(requestId: string, assigneeId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(glyphRequests)
        .set({ activityAt: now, remindedAt: null })
        .where(and(eq(glyphRequests.id, requestId), eq(glyphRequests.assignedTo, assigneeId), eq(glyphRequests.status, 'in_progress')))
        .returning({ id: glyphRequests.id });
      return rows.length > 0;
    },

    /**
     * Sends the reminder to assignees of requests idle since `idleBefore` (once per assignment: the
     * conditional update on reminded_at and the notification's event key make it exactly once, also
     * when two instances run the job). @returns how many were reminded.
     */
    async remindStale(idleBefore: Date, now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = await queryRows<StaleRequest & { activityKey: string }>(
          tx,
          sql`update glyph_requests set reminded_at = ${now.toISOString()}::timestamptz
              where status = 'in_progress' and reminded_at is null and assigned_to is not null
                and coalesce(activity_at, updated_at) <= ${idleBefore.toISOString()}::timestamptz
              returning id, title, user_id as "userId", assigned_to as "assignedTo",
                to_char(coalesce(activity_at, updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "activityKey"`,
        );
        for (const row of rows) {
          await insertNotification(tx, {
            userId: row.assignedTo,
            type: 'request_stale_reminder',
            eventKey: `request:${row.id}:stale-reminder:${row.assignedTo}:${row.activityKey}`,
            data: { requestId: row.id, title: row.title },
          });
        }
        return rows.length;
      });
    },

    /**
     * Gives back requests still idle `graceBefore` after their reminder: in_progress → open,
     * unassigned (the statuses stay the spec's four), telling the former assignee. @returns how many.
     */
    async reopenStale(idleBefore: Date, remindedBefore: Date, now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = await queryRows<StaleRequest & { remindedKey: string }>(
          tx,
          sql`with stale as (
                select id, assigned_to, reminded_at from glyph_requests
                where status = 'in_progress' and reminded_at is not null
                  and reminded_at <= ${remindedBefore.toISOString()}::timestamptz
                  and coalesce(activity_at, updated_at) <= ${idleBefore.toISOString()}::timestamptz
                for update skip locked
              )
              update glyph_requests r set status = 'open', assigned_to = null, completed_glyph_id = null,
                reminded_at = null, activity_at = null, updated_at = ${now.toISOString()}::timestamptz
              from stale where r.id = stale.id
              returning r.id, r.title, r.user_id as "userId", stale.assigned_to as "assignedTo",
                to_char(stale.reminded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "remindedKey"`,
        );
        for (const row of rows) {
          await insertNotification(tx, {
            userId: row.assignedTo,
            type: 'request_reset',
            eventKey: `request:${row.id}:stale-reset:${row.remindedKey}`,
            data: { requestId: row.id, title: row.title, reason: 'stale' },
          });
        }
        return rows.length;
      });
    },
  };
}

export type VotesRepository = ReturnType<typeof createVotesRepository>;
