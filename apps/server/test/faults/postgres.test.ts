import net from 'node:net';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.ts';
import { MSG } from '@glyphary/shared';
import { SUPER_ADMIN_EMAIL } from '../build-test-app.ts';
import {
  call,
  createGlyph,
  expectInvariants,
  faultHarness,
  PG_URL,
  signUp,
  waitFor,
  type CallResult,
  type HttpUser,
  type Instance,
} from './helpers.ts';

// SECURITY.md §5 on PostgreSQL (the PostgreSQL leg: TEST_DATABASE_URL). The machine's shared PostgreSQL
// is never restarted: R3 cuts a TCP proxy between one server process and it; R6 runs two server processes.

const harness = faultHarness();

/** A loopback TCP proxy to PostgreSQL that can drop every connection and refuse new ones. */
async function startProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** The outage: every open connection dies and new ones are refused. */
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    async restore() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!PG_URL)('R3: the database goes away mid-traffic', () => {
  it('answers 503 {error} quickly during the outage, /api/health recovers within 5 s, 2xx writes are kept and failed ones absent', async () => {
    const databaseUrl = await harness.database('r3');
    const proxy = await startProxy(new URL(databaseUrl));
    harness.onCleanup(() => proxy.close());
    const viaProxy = new URL(databaseUrl);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const statementTimeoutMs = 2000;
    const dataDir = harness.dataDir('r3');
    const server = await harness.start(dataDir, {
      DATABASE_URL: viaProxy.href,
      DB_POOL_MAX: '5',
      DB_STATEMENT_TIMEOUT_MS: String(statementTimeoutMs),
    });
    const base = server.url;
    const creator = await signUp(base);
    const glyphId = await createGlyph(base, creator.token);
    const fans: HttpUser[] = [];
    for (let i = 0; i < 24; i += 1) fans.push(await signUp(base));

    // Traffic: every 50 ms one like (each fan once) and one read, timed one by one.
    const writes: Array<{ userId: string; result: CallResult | null; ms: number; started: number; during: boolean }> = [];
    const reads: Array<{ result: CallResult | null; ms: number; during: boolean }> = [];
    const pending: Array<Promise<unknown>> = [];
    let outage = false;
    let cutAt = Number.POSITIVE_INFINITY;
    let next = 0;
    const timed = async (run: () => Promise<CallResult>) => {
      const started = Date.now();
      const result = await run().catch(() => null);
      return { result, ms: Date.now() - started, started };
    };
    const traffic = setInterval(() => {
      const during = outage;
      pending.push(
        timed(() => call(base, 'GET', '/api/get-glyphs?limit=12', { timeoutMs: 20_000 })).then((r) =>
          reads.push({ ...r, during }),
        ),
      );
      const fan = fans[next];
      if (fan) {
        next += 1;
        pending.push(
          timed(() => call(base, 'POST', '/api/toggle-like', { token: fan.token, json: { glyphId }, timeoutMs: 20_000 })).then(
            (r) => writes.push({ userId: fan.id, ...r, during }),
          ),
        );
      }
    }, 50);
    try {
      await waitFor(() => writes.filter((w) => w.result?.status === 200).length >= 6, 60_000, 'likes before the outage');
      outage = true;
      cutAt = Date.now();
      await proxy.cut();
      await waitFor(async () => (await call(base, 'GET', '/api/health')).status === 503, 20_000, 'health 503');
      await waitFor(() => writes.filter((w) => w.during).length >= 8, 30_000, 'likes during the outage');
      await proxy.restore();
      outage = false;
      const restoredAt = Date.now();
      await waitFor(
        async () => (await call(base, 'GET', '/api/health').catch(() => ({ status: 0 }))).status === 200,
        30_000,
        'health 200',
      );
      const recoverySeconds = (Date.now() - restoredAt) / 1000;
      expect(recoverySeconds).toBeLessThan(5 + 3); // the spec's 5 s, with slack
      await waitFor(() => next >= fans.length, 60_000, 'every fan sent a like');
    } catch (error) {
      // Say why: the server's exit (a crash is a defect of its own) and its last lines.
      throw new Error(
        `${(error as Error).message}; server exit ${server.process.exitCode} ${server.process.signalCode}\n${server.output.slice(-8).join('\n').slice(0, 4000)}`,
        { cause: error },
      );
    } finally {
      clearInterval(traffic);
      await Promise.all(pending);
    }
    expect((await call(base, 'GET', '/api/health')).status).toBe(200);

    // During the outage: a 503 with an {error}, within statement_timeout + 1 s (plus slack for this machine).
    const failed = [...writes, ...reads].filter((r) => r.result?.status !== 200);
    expect(failed.length).toBeGreaterThan(0);
    if (failed.some((r) => r.result?.status !== 503))
      console.log(
        server.output
          .filter((line) => line.includes('"level":50'))
          .slice(0, 5)
          .join('\n'),
      );
    for (const r of failed) {
      expect(r.result?.status).toBe(503);
      expect(r.result?.json.error).toBe(MSG.unavailable);
      expect(r.ms).toBeLessThan(statementTimeoutMs + 1000 + 4000);
    }
    expect([...writes, ...reads].filter((r) => !r.during && r.result?.status !== 200).length).toBeLessThanOrEqual(failed.length);
    await harness.checkStopped(
      server,
      dataDir,
      async (database, results) => {
        const rows = await queryRows<{ user_id: string }>(
          database.db,
          sql`select user_id from glyph_likes where glyph_id = ${glyphId}`,
        );
        const liked = new Set(rows.map((r) => r.user_id));
        const acknowledged = writes.filter((w) => w.result?.status === 200).map((w) => w.userId);
        // A write already in flight when the link was cut may have had its COMMIT applied with the
        // answer lost on the way back: the server cannot know, so it answers 503 and either outcome is
        // honest. Every write that started after the cut and was refused must be absent.
        const refused = writes.filter((w) => w.result?.status !== 200 && w.started >= cutAt).map((w) => w.userId);
        expect(acknowledged.filter((id) => !liked.has(id))).toEqual([]);
        expect(refused.filter((id) => liked.has(id))).toEqual([]);
        expectInvariants(results, ['I1', 'I2', 'I3', 'I4', 'I6', 'I7']);
      },
      databaseUrl,
    );
  }, 300_000);
});

describe.skipIf(!PG_URL)('R6: the count sync on two instances, and a kill -9 in the middle of a run', () => {
  it('lets one run at a time (others 409), keeps I1/I2, and a dead run never leaves the status stuck', async () => {
    const databaseUrl = await harness.database('r6');
    const env = { DATABASE_URL: databaseUrl, DB_POOL_MAX: '5', SYNC_JOB: 'on', SYNC_INTERVAL_MS: '1000' };
    const a = await harness.start(harness.dataDir('r6a'), env);
    const dataDir = harness.dataDir('r6b');
    const b = await harness.start(dataDir, env);
    const admin = await signUp(a.url, { email: SUPER_ADMIN_EMAIL });
    const creator = await signUp(b.url);
    const glyphId = await createGlyph(a.url, creator.token);
    expect((await call(b.url, 'POST', '/api/toggle-like', { token: admin.token, json: { glyphId } })).status).toBe(200);

    // Enough glyphs that a run takes a while (batches of 1,000), inserted directly, counters deliberately wrong.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(
        `insert into glyphs (creator_id, title, description, github_url, views, downloads, likes)
         select $1, 'Bulk ' || n, 'Bulk glyph', 'https://github.com/example/bulk', 7, 3, 2 from generate_series(1, 10000) n`,
        [creator.id],
      );
      await client.query(
        'update users set glyphs_count = (select count(*) from glyphs where creator_id = users.id and deleted_at is null)',
      );

      // Manual runs on both instances at once, on top of both 1-second timers.
      const sync = (instance: Instance) =>
        call(instance.url, 'POST', '/api/admin/sync-glyph-counts', {
          token: admin.token,
          json: { syncAll: true },
          timeoutMs: 120_000,
        });
      const results = await Promise.all([sync(a), sync(b), sync(a), sync(b)]);
      for (const result of results) {
        expect([200, 409]).toContain(result.status);
        if (result.status === 409) expect(result.json.error).toBe(MSG.syncAlreadyRunning);
      }

      // kill -9 an instance while its run is live.
      const started = sync(a).catch(() => null);
      await waitFor(
        async () => (await call(b.url, 'GET', '/api/admin/sync-status', { token: admin.token })).json.status === 'running',
        60_000,
        'a running sync',
      );
      await harness.killHard(a);
      await started;
      // Its heartbeat is fresh: the status says running and B refuses to start a second run, for now.
      const { rows } = await client.query<{ running: boolean }>(
        `select status = 'running' as running from sync_state where id = 1`,
      );
      if (rows[0]?.running) {
        expect((await sync(b)).status).toBe(409);
        // Two minutes later (the heartbeat window), the dead run no longer counts.
        await client.query(`update sync_state set heartbeat_at = now() - interval '3 minutes'`);
      }
      await waitFor(
        async () => (await call(b.url, 'GET', '/api/admin/sync-status', { token: admin.token })).json.status !== 'running',
        30_000,
        'status not running',
      );
      // The advisory lock died with A's connections: B runs (its own timer may win the race: then 409 once more).
      await waitFor(async () => (await sync(b)).status === 200, 60_000, 'a sync on B');
      const twice = await sync(b);
      expect([200, 409]).toContain(twice.status);
    } finally {
      await client.end();
    }
    await harness.checkStopped(
      b,
      dataDir,
      (_database, results) => expectInvariants(results, ['I1', 'I2', 'I3', 'I4', 'I6', 'I7']),
      databaseUrl,
    );
  }, 300_000);
});
