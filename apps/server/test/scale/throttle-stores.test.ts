import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/db/client.ts';
import { coalesceHits, createPostgresThrottleStore, createRateLimitStore, createRedisThrottleStore } from '../../src/lib/throttle-stores.ts';
import { createMemoryThrottleStore } from '../../src/lib/throttle.ts';
import type { ThrottleStore } from '../../src/lib/throttle.ts';
import { createTestDatabase } from '../build-test-app.ts';

// Shared throttle stores (issue 11): the same fixed-window behaviour as the memory store, and counts that
// two instances (two store objects on one backend) share without losing an increment.

/** A clock the test moves by hand. */
function manualClock(start = 1_800_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

/** The behaviour every ThrottleStore must have; `advance` moves the store's clock (or waits for Redis expiry). */
function describeThrottleStore(
  name: string,
  setup: () => { a: ThrottleStore; b: ThrottleStore; advance?: (ms: number) => void },
  { manualTime }: { manualTime: boolean },
) {
  describe(name, () => {
    let a: ThrottleStore;
    let b: ThrottleStore;
    let advance: ((ms: number) => void) | undefined;
    beforeAll(() => {
      ({ a, b, advance } = setup());
    });
    let n = 0;
    const key = () => `test-${process.pid}-${Date.now()}-${(n += 1)}`;

    it('counts hits in a window and shares them between instances', async () => {
      const k = key();
      expect((await a.hit(k, 60_000)).count).toBe(1);
      expect((await b.hit(k, 60_000)).count).toBe(2);
      const third = await a.hit(k, 60_000, 3);
      expect(third.count).toBe(5);
      expect(third.resetAt).toBeGreaterThan(Date.now() - 1);
      expect((await b.peek(k)).count).toBe(5);
    });

    it('peeks without counting and resets', async () => {
      const k = key();
      expect((await a.peek(k)).count).toBe(0);
      await a.hit(k, 60_000);
      expect((await b.peek(k)).count).toBe(1);
      expect((await b.peek(k)).count).toBe(1);
      await b.reset(k);
      expect((await a.peek(k)).count).toBe(0);
      expect((await a.hit(k, 60_000)).count).toBe(1);
    });

    it('loses no increment under concurrent hits from both instances', async () => {
      const k = key();
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit(k, 60_000)));
      const counts = results.map((result) => result.count).sort((x, y) => x - y);
      expect(counts).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect((await a.peek(k)).count).toBe(40);
      // One window for everyone: with a fixed clock every hit reports the same end.
      if (manualTime) expect(new Set(results.map((result) => result.resetAt)).size).toBe(1);
    });

    it('creates a new counter once when its first hits race (concurrent sign-ups from one address)', async () => {
      for (let round = 0; round < 10; round += 1) {
        const k = key();
        const results = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).hit(k, 60_000)));
        expect(results.map((result) => result.count).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      }
    });

    it.runIf(manualTime)('starts a new window once the old one has ended', async () => {
      const k = key();
      await a.hit(k, 1000);
      await b.hit(k, 1000);
      advance?.(1000);
      expect((await a.peek(k)).count).toBe(0);
      const fresh = await b.hit(k, 1000);
      expect(fresh.count).toBe(1);
    });
  });
}

describe('PostgreSQL throttle store (rate_limits table)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = manualClock();
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(async () => {
    await drop();
  });

  describeThrottleStore(
    'two instances on one database',
    () => ({
      a: createPostgresThrottleStore(database.db, clock.now),
      b: createPostgresThrottleStore(database.db, clock.now),
      advance: clock.advance,
    }),
    { manualTime: true },
  );

  describeThrottleStore(
    'two coalescing instances on one database (what the server runs)',
    () => ({
      a: coalesceHits(createPostgresThrottleStore(database.db, clock.now)),
      b: coalesceHits(createPostgresThrottleStore(database.db, clock.now)),
      advance: clock.advance,
    }),
    { manualTime: true },
  );

  it("never touches Better Auth's own limiter rows in the same table", async () => {
    await database.db.execute(
      sql`insert into rate_limits (id, key, count, last_request) values ('ba-row', '127.0.0.1/change-password', 3, 1)`,
    );
    const store = createPostgresThrottleStore(database.db, clock.now);
    await store.hit('127.0.0.1/change-password', 60_000);
    await store.reset('127.0.0.1/change-password');
    const rows = await queryRows<{ key: string; count: number }>(
      database.db,
      sql`select key, count from rate_limits where id = 'ba-row'`,
    );
    expect(rows).toEqual([{ key: '127.0.0.1/change-password', count: 3 }]);
  });
});

describe('coalesceHits: one upsert in flight per key', () => {
  /** A memory store whose hits answer only when the test lets them, recording what each was asked. */
  function gatedStore() {
    const inner = createMemoryThrottleStore();
    const calls: { key: string; by: number; release: () => void }[] = [];
    let failNext = false;
    const store: ThrottleStore = {
      ...inner,
      hit: (key, windowMs, by = 1) =>
        new Promise((resolve, reject) => {
          const fail = failNext;
          failNext = false;
          calls.push({
            key,
            by,
            release: () => (fail ? reject(new Error('store down')) : resolve(inner.hit(key, windowMs, by))),
          });
        }),
    };
    return { store, calls, failOnce: () => void (failNext = true) };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('sends the first hit at once and the hits that arrive meanwhile as one, each with its own count', async () => {
    const { store, calls } = gatedStore();
    const coalesced = coalesceHits(store);
    const first = coalesced.hit('k', 60_000);
    await settle();
    expect(calls.map((call) => call.by)).toEqual([1]);
    const later = [coalesced.hit('k', 60_000), coalesced.hit('k', 60_000, 3), coalesced.hit('k', 60_000)];
    const otherKey = coalesced.hit('other', 60_000);
    await settle();
    // The other key has its own lane and goes out at once; k's three wait for its first.
    expect(calls.map((call) => [call.key, call.by])).toEqual([['k', 1], ['other', 1]]);
    calls[0]!.release();
    expect((await first).count).toBe(1);
    await settle();
    expect(calls.map((call) => [call.key, call.by])).toEqual([['k', 1], ['other', 1], ['k', 5]]);
    calls[2]!.release();
    calls[1]!.release();
    expect((await Promise.all(later)).map((result) => result.count)).toEqual([2, 5, 6]);
    expect((await otherKey).count).toBe(1);
    expect((await coalesced.peek('k')).count).toBe(6);
  });

  it('fails every hit of a failed batch and still sends the next', async () => {
    const { store, calls, failOnce } = gatedStore();
    const coalesced = coalesceHits(store);
    const first = coalesced.hit('k', 60_000);
    await settle();
    const batch = [coalesced.hit('k', 60_000), coalesced.hit('k', 60_000)];
    failOnce();
    calls[0]!.release();
    await first;
    await settle();
    const after = coalesced.hit('k', 60_000);
    calls[1]!.release();
    for (const result of await Promise.allSettled(batch)) expect(result).toMatchObject({ status: 'rejected', reason: new Error('store down') });
    await settle();
    calls[2]!.release();
    expect((await after).count).toBe(2);
    expect(calls.map((call) => call.by)).toEqual([1, 2, 1]);
  });
});

/** True when something listens on 127.0.0.1:6379 (the machine's Redis); CI machines without one skip. */
async function redisIsUp(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 6379 });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const redisUp = await redisIsUp();
describe.skipIf(!redisUp)('Redis throttle store (REDIS_URL; skipped when no Redis listens on 127.0.0.1:6379)', () => {
  const prefix = `glyphary-test:${process.pid}:${Date.now()}:`;
  let a: ReturnType<typeof createRedisThrottleStore>;
  let b: ReturnType<typeof createRedisThrottleStore>;
  beforeAll(() => {
    a = createRedisThrottleStore('redis://127.0.0.1:6379', { prefix });
    b = createRedisThrottleStore('redis://127.0.0.1:6379', { prefix });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  describeThrottleStore('two instances on one Redis', () => ({ a, b }), { manualTime: false });

  it('lets the key expire with its window', async () => {
    const k = `expiry-${Date.now()}`;
    const first = await a.hit(k, 1000);
    expect(first.resetAt - Date.now()).toBeLessThanOrEqual(1000);
    const second = await b.hit(k, 60_000);
    // The window was set by the first hit; a later hit does not stretch it.
    expect(second.resetAt - Date.now()).toBeLessThanOrEqual(1000);
  });
});

describe('@fastify/rate-limit store over a throttle store (the upload limit, shared)', () => {
  const incr = (
    store: {
      incr: (
        key: string,
        cb: (error: Error | null, result?: { current: number; ttl: number }) => void,
        window: number,
        max: number,
      ) => void;
    },
    key: string,
  ) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), 60_000, 3),
    );

  it('counts per route and key in the shared store, with the time left in the window', async () => {
    const shared = createMemoryThrottleStore();
    const Store = createRateLimitStore(shared);
    const upload = new Store({}).child({ method: 'POST', url: '/api/upload-file' } as never);
    const otherRoute = new Store({}).child({ method: 'POST', url: '/api/other' } as never);
    expect(await incr(upload, 'upload:u1')).toMatchObject({ current: 1 });
    const second = await incr(new Store({}).child({ method: 'POST', url: '/api/upload-file' } as never), 'upload:u1');
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    expect((await incr(otherRoute, 'upload:u1')).current).toBe(1);
    expect((await shared.peek('route-limit:POST:/api/upload-file:upload:u1')).count).toBe(2);
  });

  it('passes a store failure to the limiter', async () => {
    const broken = { ...createMemoryThrottleStore(), hit: async () => Promise.reject(new Error('store down')) };
    const Store = createRateLimitStore(broken);
    await expect(incr(new Store({}), 'k')).rejects.toThrow('store down');
  });
});
