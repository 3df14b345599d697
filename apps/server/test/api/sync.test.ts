import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { MSG } from '@glyphary/shared';
import { buildTestApp, SUPER_ADMIN_EMAIL, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, makeAdmin, type TestUser } from '../factories.ts';
import { auditLog, glyphDailyStats, glyphDownloads, glyphLikes, glyphViews, glyphs, releaseDailyStats, releaseDownloads, releases, syncState, users } from '../../src/db/schema/index.ts';
import { checkInvariants } from '../../src/db/invariants.ts';
import { createSyncRepository, SYNC_LOCK_KEY } from '../../src/modules/sync/sync.repository.ts';

type Headers = Record<string, string>;

let t: TestApp;
let u: TestUser;
let a: TestUser;
let s: TestUser;
let maker: TestUser;
let fans: TestUser[];

beforeAll(async () => {
  t = await buildTestApp();
  s = await createUser(t.app, { email: SUPER_ADMIN_EMAIL });
  a = await createUser(t.app);
  await makeAdmin(t.database, a.id);
  u = await createUser(t.app);
  maker = await createUser(t.app);
  fans = [await createUser(t.app), await createUser(t.app)];
});
afterAll(async () => {
  await t.close();
});
// Each test starts from a state with no run in progress.
beforeEach(async () => {
  await t.database.db.delete(syncState);
});

const sync = (headers: Headers, payload: unknown = { syncAll: true }) =>
  t.app.inject({ method: 'POST', url: '/api/admin/sync-glyph-counts', headers, payload: payload as Record<string, unknown> });
const status = (headers: Headers = a.auth) => t.app.inject({ method: 'GET', url: '/api/admin/sync-status', headers });
const glyphRow = async (id: string) => (await t.database.db.select().from(glyphs).where(eq(glyphs.id, id)))[0]!;

/** A glyph with real events: 2 views, 1 download, 2 likes (the truth the sync recomputes from). */
async function glyphWithEvents() {
  const glyph = await insertGlyph(t.database, maker.id, { views: 2, downloads: 1, likes: 2 });
  await t.database.db.insert(glyphViews).values(fans.map((f) => ({ glyphId: glyph.id, actor: `u:${f.id}`, userId: f.id })));
  await t.database.db.insert(glyphDownloads).values({ glyphId: glyph.id, actor: 'ip:abc' });
  await t.database.db.insert(glyphLikes).values(fans.map((f) => ({ glyphId: glyph.id, userId: f.id })));
  return glyph;
}

/** Brings every counter back to the truth so each test counts only its own corruption. */
async function repairAll() {
  const response = await sync(a.auth);
  expect(response.statusCode).toBe(200);
  await t.database.db.delete(syncState);
}

describe('authorization (SECURITY §3): V → 401, U → 403, nothing changes', () => {
  it.each([
    ['POST /admin/sync-glyph-counts', () => sync({}, { syncAll: true }), () => sync(u.auth)],
    ['GET /admin/sync-status', () => status({}), () => status(u.auth)],
  ])('%s', async (_name, asVisitor, asUser) => {
    const glyph = await glyphWithEvents();
    await t.database.db.update(glyphs).set({ views: 77 }).where(eq(glyphs.id, glyph.id));
    const visitor = await asVisitor();
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toBe(MSG.unauthorized);
    const user = await asUser();
    expect(user.statusCode).toBe(403);
    expect(user.json().error).toBe(MSG.forbidden);
    expect((await glyphRow(glyph.id)).views).toBe(77);
    expect(await t.database.db.$count(syncState)).toBe(0);
  });
});

describe('POST /api/admin/sync-glyph-counts', () => {
  it('repairs counters corrupted on purpose, reports how many glyphs changed, and is idempotent', async () => {
    await repairAll();
    const broken = await glyphWithEvents();
    const alsoBroken = await glyphWithEvents();
    const fine = await glyphWithEvents();
    await t.database.db.update(glyphs).set({ views: 999, downloads: 0 }).where(eq(glyphs.id, broken.id));
    await t.database.db.update(glyphs).set({ likes: 0 }).where(eq(glyphs.id, alsoBroken.id));
    await t.database.db.update(users).set({ glyphsCount: 42 }).where(eq(users.id, maker.id));

    const response = await sync(a.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Updated 2 glyphs', updated: 2 });
    for (const id of [broken.id, alsoBroken.id, fine.id])
      expect(await glyphRow(id)).toMatchObject({ views: 2, downloads: 1, likes: 2 });
    const liveCount = await t.database.db.$count(glyphs, sql`${glyphs.creatorId} = ${maker.id} and ${glyphs.deletedAt} is null`);
    expect((await t.database.db.select().from(users).where(eq(users.id, maker.id)))[0]!.glyphsCount).toBe(liveCount);

    const again = await sync(s.auth);
    expect(again.json()).toEqual({ success: true, message: MSG.syncUpdated(0), updated: 0 });
  });

  it("recomputes each release's downloads from its events too; the glyph total stays its distinct downloaders", async () => {
    await repairAll();
    // Issue 18: two releases; actor one downloaded both, actor two only the newer one.
    const glyph = await insertGlyph(t.database, maker.id, { downloads: 2 });
    const release = (versionCode: number) => ({ glyphId: glyph.id, apkUrl: `/api/files/apks/v${versionCode}.apk`, size: 10, sha256: 'a'.repeat(64), versionCode });
    const [older, newer] = await t.database.db.insert(releases).values([release(1), release(2)]).returning();
    if (!older || !newer) throw new Error('insert failed');
    await t.database.db.insert(glyphDownloads).values([{ glyphId: glyph.id, actor: 'ip:one' }, { glyphId: glyph.id, actor: 'ip:two' }]);
    await t.database.db.insert(releaseDownloads).values([
      { releaseId: older.id, actor: 'ip:one' },
      { releaseId: newer.id, actor: 'ip:one' },
      { releaseId: newer.id, actor: 'ip:two' },
    ]);
    // Only the releases are wrong on this glyph; the other has a wrong total as well.
    await t.database.db.update(releases).set({ downloads: 40 }).where(eq(releases.id, older.id));
    await t.database.db.update(releases).set({ downloads: 0 }).where(eq(releases.id, newer.id));
    const second = await insertGlyph(t.database, maker.id, { downloads: 7 });
    const [only] = await t.database.db.insert(releases).values({ ...release(1), glyphId: second.id, downloads: 3 }).returning();
    await t.database.db.insert(glyphDownloads).values({ glyphId: second.id, actor: 'ip:one' });
    await t.database.db.insert(releaseDownloads).values({ releaseId: only!.id, actor: 'ip:one' });
    const downloadsOf = async (id: string) => (await t.database.db.select().from(releases).where(eq(releases.id, id)))[0]?.downloads;
    expect((await checkInvariants(t.database.db, undefined, { verifyHashes: false })).find((r) => r.id === 'I2')?.violations).not.toEqual([]);

    const response = await sync(a.auth);
    expect(response.json()).toEqual({ success: true, message: 'Updated 2 glyphs', updated: 2 });
    expect([await downloadsOf(older.id), await downloadsOf(newer.id), await downloadsOf(only!.id)]).toEqual([1, 2, 1]);
    // The glyph's total is its distinct downloaders, not the sum of its releases' counts (3 here).
    expect((await glyphRow(glyph.id)).downloads).toBe(2);
    expect((await glyphRow(second.id)).downloads).toBe(1);
    expect((await checkInvariants(t.database.db, undefined, { verifyHashes: false })).find((r) => r.id === 'I2')?.violations).toEqual([]);
    expect((await sync(a.auth)).json()).toMatchObject({ updated: 0 });

    // A single-glyph run repairs that glyph's releases and leaves other glyphs' alone.
    await t.database.db.update(releases).set({ downloads: 9 }).where(eq(releases.glyphId, glyph.id));
    await t.database.db.update(releases).set({ downloads: 9 }).where(eq(releases.id, only!.id));
    expect((await sync(a.auth, { glyphId: glyph.id })).json()).toMatchObject({ updated: 1 });
    expect([await downloadsOf(older.id), await downloadsOf(newer.id), await downloadsOf(only!.id)]).toEqual([1, 2, 9]);
    await repairAll();
  });

  it('repairs drifted daily roll-ups of glyphs and releases from their raw events', async () => {
    await repairAll();
    const glyph = await insertGlyph(t.database, maker.id, { downloads: 1, views: 1 });
    const [release] = await t.database.db
      .insert(releases)
      .values({ glyphId: glyph.id, apkUrl: '/api/files/apks/r.apk', size: 10, sha256: 'a'.repeat(64), versionCode: 1, downloads: 1 })
      .returning();
    const when = new Date('2026-02-10T12:00:00Z');
    await t.database.db.insert(glyphViews).values({ glyphId: glyph.id, actor: 'ip:v', createdAt: when });
    await t.database.db.insert(glyphDownloads).values({ glyphId: glyph.id, actor: 'ip:v', source: 'latest', createdAt: when });
    await t.database.db.insert(releaseDownloads).values({ releaseId: release!.id, actor: 'ip:v', createdAt: when });
    const rollupDrift = async () => (await checkInvariants(t.database.db, undefined, { verifyHashes: false })).find((r) => r.id === 'R2')?.violations;
    expect(await rollupDrift()).toEqual([]);
    // A wrong day, a day with no events at all, and a wrong release day.
    await t.database.db.update(glyphDailyStats).set({ views: 5, downloadsLatest: 0 }).where(eq(glyphDailyStats.glyphId, glyph.id));
    await t.database.db.insert(glyphDailyStats).values({ glyphId: glyph.id, day: '2026-02-11', likes: 3 });
    await t.database.db.update(releaseDailyStats).set({ downloads: 4 }).where(eq(releaseDailyStats.releaseId, release!.id));
    expect(await rollupDrift()).toHaveLength(3);

    expect((await sync(a.auth)).json()).toEqual({ success: true, message: MSG.syncUpdated(1), updated: 1 });
    expect(await rollupDrift()).toEqual([]);
    expect((await sync(a.auth)).json()).toMatchObject({ updated: 0 });
  });

  it('walks every batch of 1,000 (keyset over id), edges included', async () => {
    await repairAll();
    // 2,100 glyphs: three batches. Corrupt the first, the last and the rows on both batch edges.
    await t.database.db.execute(sql`
      insert into glyphs (creator_id, title, description, github_url, views)
      select ${maker.id}, 'bulk ' || n, 'bulk glyph', 'https://github.com/x/y', 0 from generate_series(1, 2100) n`);
    const ordered = await t.database.db.select({ id: glyphs.id }).from(glyphs).orderBy(glyphs.id);
    const picks = [0, 999, 1000, 1999, 2000, ordered.length - 1].map((i) => ordered[i]!.id);
    for (const id of picks) await t.database.db.update(glyphs).set({ views: 5 }).where(eq(glyphs.id, id));
    const response = await sync(a.auth);
    expect(response.json()).toMatchObject({ success: true, updated: picks.length, message: `Updated ${picks.length} glyphs` });
    const stillWrong = await t.database.db.$count(
      glyphs,
      sql`${glyphs.views} <> (select count(*) from glyph_views v where v.glyph_id = ${glyphs.id})`,
    );
    expect(stillWrong).toBe(0);
    await t.database.db.execute(sql`delete from glyphs where title like 'bulk %'`);
    await repairAll();
  });

  it('syncs one glyph by id and leaves the others alone', async () => {
    await repairAll();
    const one = await glyphWithEvents();
    const other = await glyphWithEvents();
    await t.database.db.update(glyphs).set({ likes: 50 }).where(eq(glyphs.id, one.id));
    await t.database.db.update(glyphs).set({ likes: 60 }).where(eq(glyphs.id, other.id));
    const response = await sync(a.auth, { glyphId: one.id });
    expect(response.json()).toEqual({ success: true, message: 'Updated 1 glyphs', updated: 1 });
    expect((await glyphRow(one.id)).likes).toBe(2);
    expect((await glyphRow(other.id)).likes).toBe(60);
    // A single-glyph run is not the hourly full run: lastRun stays as it was.
    expect((await status()).json()).toMatchObject({ status: 'idle', lastRun: null });
    await repairAll();
  });

  it.each([
    [{}, 400, MSG.syncInputRequired],
    [{ syncAll: false }, 400, MSG.syncInputRequired],
    [{ syncAll: true, glyphId: '00000000-0000-4000-8000-000000000000' }, 400, MSG.syncInputBoth],
    [{ syncAll: 'yes' }, 400, 'syncAll must be true or false'],
    [{ glyphId: 42 }, 400, 'glyphId must be a string'],
    [{ glyphId: 'x'.repeat(65) }, 400, 'glyphId is too long'],
    [{ glyphId: 'not-a-uuid' }, 404, MSG.glyphNotFound],
    [{ glyphId: "1' or '1'='1" }, 404, MSG.glyphNotFound],
    [{ glyphId: '00000000-0000-4000-8000-000000000000' }, 404, MSG.glyphNotFound],
  ])('refuses %j (%i) and changes nothing', async (payload, code, message) => {
    const glyph = await glyphWithEvents();
    await t.database.db.update(glyphs).set({ views: 31 }).where(eq(glyphs.id, glyph.id));
    const response = await sync(a.auth, payload);
    expect(response.statusCode).toBe(code);
    expect(response.json().error).toBe(message);
    expect((await glyphRow(glyph.id)).views).toBe(31);
    expect((await status()).json().status).toBe('idle');
    await repairAll();
  });

  it('records a manual run in the audit log', async () => {
    const response = await sync(s.auth);
    expect(response.statusCode).toBe(200);
    const [entry] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(entry).toMatchObject({
      actorId: s.id,
      action: 'sync.run',
      targetType: 'sync',
      targetId: null,
      detail: response.json().message,
    });
  });
});

describe('one run at a time', () => {
  it('a live run of another instance (fresh heartbeat) → 409 and status running; a crashed one (stale heartbeat) does not block', async () => {
    const otherInstance = createSyncRepository(t.database.db, t.database.kind);
    const token = await otherInstance.claim();
    expect(token).not.toBeNull();
    expect((await status()).json().status).toBe('running');
    const refused = await sync(a.auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(MSG.syncAlreadyRunning);
    expect(await otherInstance.claim()).toBeNull();

    // The other instance dies: its heartbeat goes stale and the status stops saying running.
    await t.database.db.execute(sql`update sync_state set heartbeat_at = now() - interval '3 minutes'`);
    expect((await status()).json().status).toBe('idle');
    const taken = await sync(a.auth);
    expect(taken.statusCode).toBe(200);
    expect((await status()).json().status).toBe('completed');
    // The dead runner cannot write over the run that replaced it.
    expect(await otherInstance.recomputeBatch(token!, { afterId: null, limit: 10 })).toBeNull();
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'PostgreSQL: an instance holding the advisory lock makes others answer 409',
    async () => {
      expect(t.database.kind).toBe('postgres');
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const { rows } = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: Array<{ name: string }>;
      };
      url.pathname = `/${rows[0]!.name}`;
      const client = new pg.Client({ connectionString: url.href });
      await client.connect();
      try {
        await client.query('begin');
        await client.query(`select pg_advisory_xact_lock(${SYNC_LOCK_KEY}::bigint)`);
        const refused = await sync(a.auth);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toBe(MSG.syncAlreadyRunning);
        await client.query('commit');
        expect((await sync(a.auth)).statusCode).toBe(200);
      } finally {
        await client.end();
      }
    },
  );
});

describe('GET /api/admin/sync-status', () => {
  it('is idle before any run with nextRun = boot + interval, then completed with nextRun = lastRun + interval', async () => {
    const before = (await status()).json();
    expect(before).toMatchObject({ status: 'idle', lastRun: null });
    expect(Date.parse(before.nextRun)).toBeGreaterThan(Date.now() - t.env.SYNC_INTERVAL_MS);
    await sync(a.auth);
    const after = (await status()).json();
    expect(after.status).toBe('completed');
    expect(Date.parse(after.nextRun) - Date.parse(after.lastRun)).toBe(t.env.SYNC_INTERVAL_MS);
  });
});

describe('background job', () => {
  it('is off in tests unless enabled, and when enabled repairs counters on its own and stops with the app', async () => {
    const job = await buildTestApp({ SYNC_JOB: 'on', SYNC_INTERVAL_MS: '1000' });
    try {
      const owner = await createUser(job.app);
      const glyph = await insertGlyph(job.database, owner.id, { views: 12 });
      // The run commits the counters first and records lastRun when it finishes: wait for both.
      await vi.waitFor(
        async () => {
          const [row] = await job.database.db.select().from(glyphs).where(eq(glyphs.id, glyph.id));
          expect(row!.views).toBe(0);
          const [state] = await job.database.db.select().from(syncState);
          expect(state?.lastRun).not.toBeNull();
        },
        { timeout: 15_000, interval: 100 },
      );
    } finally {
      await job.close();
    }
  });
});
