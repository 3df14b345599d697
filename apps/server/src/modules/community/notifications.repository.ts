import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../../db/client.ts';
import { follows, notifications, users } from '../../db/schema/index.ts';
import { pageWhere, timeKey, type PageCursor } from './cursor.ts';

export interface NotificationInput {
  userId: string;
  type: string;
  /** Names the event: with the user it is unique, so the same event never notifies twice. */
  eventKey: string;
  data: Record<string, string | null>;
}

export interface NotificationRow {
  id: string;
  type: string;
  data: Record<string, string | null>;
  readAt: Date | null;
  createdAt: Date;
  createdKey: string;
}

/**
 * Writes a notification inside the transaction of its event. `on conflict do nothing` on
 * (user, event_key): a retried or doubled event (two instances, a job run twice) adds nothing.
 */
export async function insertNotification(tx: DbOrTx, input: NotificationInput): Promise<void> {
  await tx
    .insert(notifications)
    .values({ userId: input.userId, type: input.type, eventKey: input.eventKey, data: input.data })
    .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] });
}

/** Notifies every follower of `creatorId` (new glyph, new release), once per follower and event. */
export async function notifyFollowers(tx: DbOrTx, creatorId: string, type: string, eventKey: string, data: Record<string, string | null>): Promise<void> {
  await tx.execute(sql`
    insert into ${notifications} (user_id, type, event_key, data)
    select ${follows.followerId}, ${type}, ${eventKey}, ${JSON.stringify(data)}::jsonb
    from ${follows} where ${follows.followeeId} = ${creatorId}
    on conflict (user_id, event_key) do nothing`);
}

/** A notification as the bell and the digest read it (createdKey: the exact paging key). */
const notificationColumns = {
  id: notifications.id,
  type: notifications.type,
  data: notifications.data,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  createdKey: timeKey(notifications.createdAt),
};

/** Data access for the bell: a user's notifications, unread count, mark read, digest candidates. */
export function createNotificationsRepository(db: Db) {
  return {
    async list(userId: string, limit: number, cursor: PageCursor | null): Promise<NotificationRow[]> {
      return db
        .select(notificationColumns)
        .from(notifications)
        .where(and(eq(notifications.userId, userId), pageWhere(notifications.createdAt, notifications.id, cursor)))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return Number(row?.n ?? 0);
    },

    /** Marks the user's own notifications read (ids of others' are ignored). */
    async markRead(userId: string, ids: string[] | 'all', now: Date): Promise<void> {
      const own = and(eq(notifications.userId, userId), isNull(notifications.readAt));
      await db
        .update(notifications)
        .set({ readAt: now })
        .where(ids === 'all' ? own : and(own, inArray(notifications.id, ids)));
    },

    async setDigest(userId: string, enabled: boolean): Promise<void> {
      await db.update(users).set({ digestEmail: enabled }).where(eq(users.id, userId));
    },

    async getDigest(userId: string): Promise<boolean> {
      const [row] = await db.select({ digestEmail: users.digestEmail }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.digestEmail ?? false;
    },

    /**
     * Claims the users due a digest (opted in, not sent since `since`) by stamping digest_sent_at in
     * one statement, so two instances never mail the same person twice; returns them with their
     * unread notifications newer than their previous digest.
     */
    async claimDigests(now: Date, since: Date): Promise<Array<{ id: string; email: string; previous: Date | null }>> {
      return queryRows<{ id: string; email: string; previous: Date | null }>(
        db,
        sql`
        with due as (
          select id, digest_sent_at as previous from ${users}
          where digest_email and suspended_at is null and (digest_sent_at is null or digest_sent_at <= ${since.toISOString()}::timestamptz)
          for update skip locked
        )
        update ${users} u set digest_sent_at = ${now.toISOString()}::timestamptz
        from due where u.id = due.id
        returning u.id, u.email, due.previous`,
      );
    },

    async unreadSince(userId: string, since: Date | null, limit: number): Promise<NotificationRow[]> {
      return db
        .select(notificationColumns)
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            since ? sql`${notifications.createdAt} > ${since.toISOString()}::timestamptz` : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt))
        .limit(limit);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
