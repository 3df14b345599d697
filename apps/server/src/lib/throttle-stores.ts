import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { queryRows, type Database, type Db } from '../db/client.ts';
import { ids } from './ids.ts';
import { createMemoryThrottleStore, type ThrottleStore } from './throttle.ts';

/**
 * Shared throttle stores for several instances (SECURITY "Throttling": limits live in shared storage
 * when more than one instance runs; issue 11). Same fixed-window semantics as the memory store.
 */

/** Our rows in `rate_limits` carry this key prefix; Better Auth's own limiter rows never do. */
const ROW_PREFIX = 'throttle:';
/** Every this many hits one instance prunes expired rows (Better Auth prunes its own rows the same way). */
const PRUNE_EVERY = 1000;

/**
 * Counters in PostgreSQL, in the `rate_limits` table Better Auth's limiter already uses (no extra table,
 * no migration). For our rows (`key` = 'throttle:<key>') `last_request` holds the window's END in
 * epoch ms: Better Auth prunes rows whose last_request is older than its longest window, so an active
 * window of ours (end in the future) is never pruned by it. One atomic upsert per hit: instances never
 * lose an increment and never both start a window. The row id is random so that `key` is the only unique
 * index two racing first hits can collide on: ON CONFLICT arbitrates that one, while a collision on the
 * primary key would surface as a unique violation (a 500 on the first concurrent sign-ups).
 */
export function createPostgresThrottleStore(db: Db, now: () => number = Date.now): ThrottleStore {
  let hits = 0;
  async function prune(at: number) {
    await db.execute(sql`delete from rate_limits where key like ${`${ROW_PREFIX}%`} and last_request < ${at}`);
  }
  return {
    async hit(key, windowMs, by = 1) {
      const rowKey = ROW_PREFIX + key;
      const at = now();
      // Asynchronous commit for this statement only (set_config(…, true) lasts until its implicit
      // transaction commits): every write request of one client upserts the same row, and with a
      // synchronous commit each held that row's lock until its WAL flush, so the client's writes went
      // one fsync at a time. A crash
      // of PostgreSQL may forget the last few hundred milliseconds of counts — a window restarts a
      // little early — and never corrupts anything.
      const [row] = await queryRows<{ count: number | string; last_request: number | string }>(
        db,
        sql`insert into rate_limits (id, key, count, last_request)
            select ${ids.uuid()}::text, ${rowKey}::text, ${by}::integer, ${at + windowMs}::bigint
              from (select set_config('synchronous_commit', 'off', true)) as async_commit
            on conflict (key) do update set
              count = case when rate_limits.last_request <= ${at} then excluded.count else rate_limits.count + excluded.count end,
              last_request = case when rate_limits.last_request <= ${at} then excluded.last_request else rate_limits.last_request end
            returning count, last_request`,
      );
      hits += 1;
      if (hits % PRUNE_EVERY === 0) await prune(at).catch(() => undefined);
      return { count: Number(row?.count ?? by), resetAt: Number(row?.last_request ?? at + windowMs) };
    },
    async peek(key) {
      const at = now();
      const [row] = await queryRows<{ count: number | string; last_request: number | string }>(
        db,
        sql`select count, last_request from rate_limits where key = ${ROW_PREFIX + key} and last_request > ${at}`,
      );
      return row ? { count: Number(row.count), resetAt: Number(row.last_request) } : { count: 0, resetAt: at };
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${ROW_PREFIX + key}`);
    },
    async resetPrefix(prefix) {
      // Not LIKE: an email may hold `_` or `%`.
      const rowPrefix = ROW_PREFIX + prefix;
      await db.execute(sql`delete from rate_limits where left(key, ${rowPrefix.length}) = ${rowPrefix}`);
    },
  };
}

/**
 * One upsert in flight per key and instance. Every write of one client counts against the
 * same row, so concurrent writes queued on that row's lock, one statement each: with 50 connections from one
 * visitor, the write limit was most of record-view's database time. Here the first hit of a key goes out at
 * once; hits that arrive while it is in flight wait, then go out together as one `hit(key, window, sum)`.
 * Each caller gets the count it would have had in turn (the batch's total less the hits queued after it), so
 * the limit admits exactly as many writes as before and the total in the store is the same. A failed upsert
 * fails every hit of its batch (the store fails closed, as before); the next batch still goes.
 */
export function coalesceHits(store: ThrottleStore): ThrottleStore {
  interface Waiter {
    by: number;
    resolve: (value: { count: number; resetAt: number }) => void;
    reject: (error: unknown) => void;
  }
  /** Per key and window: the hits waiting for the one in flight (present while one is in flight). */
  const lanes = new Map<string, Waiter[]>();

  function send(laneKey: string, key: string, windowMs: number, batch: Waiter[]): void {
    let total = 0;
    for (const waiter of batch) total += waiter.by;
    void store.hit(key, windowMs, total).then(
      ({ count, resetAt }) => {
        let reached = count - total;
        for (const waiter of batch) {
          reached += waiter.by;
          waiter.resolve({ count: reached, resetAt });
        }
      },
      (error: unknown) => {
        for (const waiter of batch) waiter.reject(error);
      },
    ).finally(() => {
      const next = lanes.get(laneKey);
      if (next && next.length > 0) {
        lanes.set(laneKey, []);
        send(laneKey, key, windowMs, next);
      } else lanes.delete(laneKey);
    });
  }

  return {
    ...store,
    hit(key, windowMs, by = 1) {
      return new Promise((resolve, reject) => {
        const laneKey = `${windowMs}:${key}`;
        const waiting = lanes.get(laneKey);
        if (waiting) {
          waiting.push({ by, resolve, reject });
          return;
        }
        lanes.set(laneKey, []);
        send(laneKey, key, windowMs, [{ by, resolve, reject }]);
      });
    },
  };
}

// INCRBY, and start the window's expiry on the first hit: one round trip, atomic inside Redis.
const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {count, ttl}
`;

/**
 * Counters in Redis (REDIS_URL): one key per counter, expiring with its window. Commands fail fast
 * when Redis is unreachable, so a throttled route answers 500 instead of hanging (fail closed).
 * @returns the store and `close()` for app shutdown.
 */
export function createRedisThrottleStore(
  url: string,
  options: { prefix?: string } = {},
): ThrottleStore & { close(): Promise<void> } {
  const prefix = options.prefix ?? 'glyphary:throttle:';
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: true, lazyConnect: false });
  // Connection errors surface on the command that needed Redis; the client reconnects by itself.
  redis.on('error', () => undefined);
  return {
    async hit(key, windowMs, by = 1) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(by), String(windowMs))) as [number, number];
      return { count: Number(count), resetAt: Date.now() + Number(ttl) };
    },
    async peek(key) {
      const result = await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec();
      const count = Number(result?.[0]?.[1] ?? 0);
      const ttl = Number(result?.[1]?.[1] ?? -2);
      return ttl > 0 && count > 0 ? { count, resetAt: Date.now() + ttl } : { count: 0, resetAt: Date.now() };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async resetPrefix(keyPrefix) {
      // SCAN with the glob characters of the prefix escaped (an email may hold `*`, `?`, `[`).
      const pattern = `${(prefix + keyPrefix).replace(/[\\*?[\]]/g, '\\$&')}*`;
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * Picks the throttle store for this deployment: Redis when REDIS_URL is set, PostgreSQL when the
 * database is PostgreSQL (several instances share it; one upsert in flight per key),
 * memory for the embedded single process.
 */
export function createThrottleStore({
  redisUrl,
  database,
}: {
  redisUrl: string | undefined;
  database: Database;
}): ThrottleStore & { close(): Promise<void> } {
  if (redisUrl) return createRedisThrottleStore(redisUrl);
  const store = database.kind === 'postgres' ? coalesceHits(createPostgresThrottleStore(database.db)) : createMemoryThrottleStore();
  return { ...store, close: async () => undefined };
}

/**
 * A `@fastify/rate-limit` store over a ThrottleStore, so per-route limits (uploads per hour) are counted in
 * the same shared place as the auth throttles when several instances run (SECURITY "Throttling").
 */
export function createRateLimitStore(throttle: ThrottleStore): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(_options?: unknown, prefix = 'route-limit:') {
      this.prefix = prefix;
    }
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      throttle.hit(this.prefix + key, timeWindow).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - Date.now()) }),
        (error: Error) => callback(error),
      );
    }
    child(routeOptions: { method: string | string[]; url: string }): FastifyRateLimitStore {
      return new SharedRateLimitStore(undefined, `route-limit:${String(routeOptions.method)}:${routeOptions.url}:`);
    }
  }
  return SharedRateLimitStore;
}
