import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, makeAdmin, type TestUser } from '../factories.ts';
import { glyphs } from '../../src/db/schema/index.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { gunzipSync, brotliDecompressSync, zstdDecompressSync } from 'node:zlib';
import { createResponseCache, negotiateEncoding } from '../../src/lib/response-cache.ts';
import { createAdminService } from '../../src/modules/admin/admin.service.ts';
import type { AdminRepository } from '../../src/modules/admin/admin.repository.ts';
import type { AuditRepository } from '../../src/modules/audit/audit.repository.ts';

// ≤ 1 s public read cache with ETags (DESIGN §5); admin stats computed once and shared for 5 s.
// Time is an injected clock: nothing here sleeps or measures time.
let nowMs = Date.parse('2026-11-21T12:00:00.000Z');
const clock: Clock = { now: () => new Date(nowMs) };
const advance = (ms: number) => {
  nowMs += ms;
};

let t: TestApp;
let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  owner = await createUser(t.app);
  admin = await createUser(t.app);
  await makeAdmin(t.database, admin.id);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.app.glyphary.caches?.publicReads.clear();
  t.app.glyphary.caches?.adminStats.clear();
});

/** Moves the clock to the next whole second (glyph pages expire together at whole seconds). */
const toNextSecond = () => advance(1000 - (nowMs % 1000));

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const retitle = (id: string, title: string) => t.database.db.update(glyphs).set({ title }).where(eq(glyphs.id, id));

describe('ETag and 304', () => {
  it.each([
    ['get-glyphs', async () => '/api/get-glyphs?sort=latest&limit=5'],
    ['get-glyph', async () => `/api/get-glyph/${(await insertGlyph(t.database, owner.id)).id}`],
    ['get-user-stats', async () => `/api/get-user-stats/${owner.id}`],
  ])('%s answers a strong ETag and 304 for a matching If-None-Match', async (_label, urlOf) => {
    const url = await urlOf();
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');

    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const other = await get(url, { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(first.json());
  });

  it('a changed glyph gets a new ETag, so an old If-None-Match is answered in full', async () => {
    const row = await insertGlyph(t.database, owner.id);
    const first = await get(`/api/get-glyph/${row.id}`);
    await retitle(row.id, 'Changed title');
    t.app.glyphary.caches?.publicReads.clear();
    const second = await get(`/api/get-glyph/${row.id}`, { 'if-none-match': first.headers.etag as string });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(second.json().glyph.title).toBe('Changed title');
  });

  it('errors and signed-in list callers are not cached publicly', async () => {
    const missing = await get('/api/get-glyph/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control']).toBe('no-store');

    const signedIn = await get('/api/get-glyphs?limit=5', owner.auth);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');

    const bad = await get('/api/get-glyphs?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Invalid cursor', code: expect.any(String) as unknown });
    expect(bad.headers['cache-control']).toBe('no-store');
  });

  it('session-dependent profile routes stay uncached', async () => {
    const own = await get(`/api/get-user-by-username/${owner.username}`, owner.auth);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.headers.etag).toBeUndefined();
  });
});

describe('short public read cache', () => {
  it('serves a repeated get-glyph from memory within 1 s, then reads the database again', async () => {
    const row = await insertGlyph(t.database, owner.id, { title: 'Before' });
    toNextSecond();
    expect((await get(`/api/get-glyph/${row.id}`)).json().glyph.title).toBe('Before');
    await retitle(row.id, 'After'); // behind the app's back: no invalidation
    expect((await get(`/api/get-glyph/${row.id}`)).json().glyph.title).toBe('Before');
    advance(999);
    expect((await get(`/api/get-glyph/${row.id}`)).json().glyph.title).toBe('Before');
    advance(2);
    expect((await get(`/api/get-glyph/${row.id}`)).json().glyph.title).toBe('After');
  });

  it('expires glyph pages together, at the next whole second, so no page is older than 1 s', async () => {
    const early = await insertGlyph(t.database, owner.id, { title: 'Early before' });
    const late = await insertGlyph(t.database, owner.id, { title: 'Late before' });
    toNextSecond();
    advance(200);
    expect((await get(`/api/get-glyph/${early.id}`)).json().glyph.title).toBe('Early before');
    advance(500);
    expect((await get(`/api/get-glyph/${late.id}`)).json().glyph.title).toBe('Late before');
    await retitle(early.id, 'Early after');
    await retitle(late.id, 'Late after');
    advance(299); // 999 ms after the whole second: both still served from memory
    expect((await get(`/api/get-glyph/${early.id}`)).json().glyph.title).toBe('Early before');
    expect((await get(`/api/get-glyph/${late.id}`)).json().glyph.title).toBe('Late before');
    advance(1); // the next whole second: both read again, the late one after only 300 ms
    expect((await get(`/api/get-glyph/${early.id}`)).json().glyph.title).toBe('Early after');
    expect((await get(`/api/get-glyph/${late.id}`)).json().glyph.title).toBe('Late after');
  });

  it('answers glyph pages asked for together from one read, each its own, and 404 for the ids that name none', async () => {
    const rows = await Promise.all(['One', 'Two', 'Three'].map((title) => insertGlyph(t.database, owner.id, { title })));
    await t.database.db.update(glyphs).set({ deletedAt: new Date(nowMs) }).where(eq(glyphs.id, rows[2]!.id));
    const unknown = '00000000-0000-4000-8000-000000000000';
    // Concurrent requests: their reads join one batch (the loader's own test counts the calls).
    const [one, two, three, upper, missing, malformed] = await Promise.all([
      get(`/api/get-glyph/${rows[0]!.id}`),
      get(`/api/get-glyph/${rows[1]!.id}`),
      get(`/api/get-glyph/${rows[2]!.id}`),
      get(`/api/get-glyph/${rows[1]!.id.toUpperCase()}`),
      get(`/api/get-glyph/${unknown}`),
      get('/api/get-glyph/not-a-uuid'),
    ]);
    expect(one!.json().glyph).toMatchObject({ id: rows[0]!.id, title: 'One', deleted: false });
    expect(two!.json().glyph).toMatchObject({ id: rows[1]!.id, title: 'Two', deleted: false });
    expect(three!.json().glyph).toMatchObject({ id: rows[2]!.id, deleted: true });
    expect(upper!.json().glyph).toMatchObject({ id: rows[1]!.id, title: 'Two' });
    for (const response of [missing!, malformed!]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Glyph not found', code: 'NOT_FOUND' });
    }
  });

  it('reads batches of every size with one query text, so PGlite prepares it once', async () => {
    const rows = await Promise.all([1, 2, 3, 4].map((n) => insertGlyph(t.database, owner.id, { title: `Batch ${n}` })));
    for (const size of [1, 2, 3, 4, 3, 2, 1]) {
      t.app.glyphary.caches?.publicReads.clear();
      const answers = await Promise.all(rows.slice(0, size).map((row) => get(`/api/get-glyph/${row.id}`)));
      expect(answers.map((answer) => answer.json().glyph.title)).toEqual(rows.slice(0, size).map((row) => row.title));
    }
    // node-postgres names the statement (glyphs_by_ids), so one text per connection is enforced there; on
    // PGlite, pglite-plans keys statements by text, and one per batch size would use up its 500 slots.
    if (t.database.kind === 'pglite') {
      const statements = (await t.database.db.execute(
        sql`select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements
            where statement like '%apk_report%' and statement not like '%limit%'`,
      )) as unknown as { rows: { statement: string; runs: number }[] };
      expect(statements.rows).toHaveLength(1);
      expect(statements.rows[0]!.runs).toBeGreaterThan(0);
    }
  });

  it('serves a repeated list from memory until clear()', async () => {
    const creator = await createUser(t.app);
    const row = await insertGlyph(t.database, creator.id, { title: 'Listed before' });
    const url = `/api/get-glyphs?creator_id=${creator.id}`;
    expect((await get(url)).json().glyphs.map((g: { title: string }) => g.title)).toEqual(['Listed before']);
    await retitle(row.id, 'Listed after');
    expect((await get(url)).json().glyphs.map((g: { title: string }) => g.title)).toEqual(['Listed before']);
    t.app.glyphary.caches?.publicReads.clear();
    expect((await get(url)).json().glyphs.map((g: { title: string }) => g.title)).toEqual(['Listed after']);
  });

  it('keys lists by the clamped limit: an admin page of 150 is never served to a visitor', async () => {
    const creator = await createUser(t.app);
    for (let i = 0; i < 105; i += 1) await insertGlyph(t.database, creator.id);
    const url = `/api/get-glyphs?creator_id=${creator.id}&limit=150`;
    expect((await get(url, admin.auth)).json().glyphs).toHaveLength(105);
    expect((await get(url)).json().glyphs).toHaveLength(100);
    expect((await get(url, admin.auth)).json().glyphs).toHaveLength(105);
  });

  it('shows the owner their own edit and delete immediately on the detail route and in lists', async () => {
    const row = await insertGlyph(t.database, owner.id, { title: 'Original' });
    const detail = `/api/get-glyph/${row.id}`;
    const list = `/api/get-glyphs?creator_id=${owner.id}&limit=100`;
    expect((await get(detail, owner.auth)).json().glyph.title).toBe('Original');
    expect((await get(list, owner.auth)).json().glyphs.some((g: { title: string }) => g.title === 'Original')).toBe(true);

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/update-glyph/${row.id}`,
      headers: owner.auth,
      payload: { title: 'Edited', description: 'New text', images: [], githubUrl: 'https://github.com/example/edited' },
    });
    expect(updated.statusCode).toBe(200);
    expect((await get(detail, owner.auth)).json().glyph.title).toBe('Edited');
    expect((await get(list, owner.auth)).json().glyphs.some((g: { title: string }) => g.title === 'Edited')).toBe(true);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/delete-glyph/${row.id}`, headers: owner.auth });
    expect(deleted.statusCode).toBe(200);
    expect((await get(detail)).json().glyph.deleted).toBe(true);
    expect((await get(list)).json().glyphs.some((g: { id: string }) => g.id === row.id)).toBe(false);
  });

  it('a like and a counted view are visible at once in the detail and storefront totals', async () => {
    const creator = await createUser(t.app);
    const row = await insertGlyph(t.database, creator.id);
    expect((await get(`/api/get-glyph/${row.id}`)).json().glyph).toMatchObject({ likes: 0, views: 0 });
    expect((await get(`/api/get-user-stats/${creator.id}`)).json()).toEqual({ glyphs: 1, downloads: 0, likes: 0 });
    expect((await t.app.inject({ method: 'POST', url: '/api/toggle-like', headers: owner.auth, payload: { glyphId: row.id } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/record-view', headers: owner.auth, payload: { glyphId: row.id } })).statusCode).toBe(200);
    expect((await get(`/api/get-glyph/${row.id}`)).json().glyph).toMatchObject({ likes: 1, views: 1 });
    expect((await get(`/api/get-user-stats/${creator.id}`)).json()).toEqual({ glyphs: 1, downloads: 0, likes: 1 });
  });
});

describe('counts in cached lists and searches', () => {
  it('a counted view refreshes the glyph page at once but leaves lists to their 1 s', async () => {
    const creator = await createUser(t.app);
    const row = await insertGlyph(t.database, creator.id);
    const list = `/api/get-glyphs?creator_id=${creator.id}`;
    const viewsIn = async (url: string) => (await get(url)).json().glyphs[0].views as number;
    expect(await viewsIn(list)).toBe(0);
    expect((await get(`/api/get-glyph/${row.id}`)).json().glyph.views).toBe(0);

    const view = await t.app.inject({ method: 'POST', url: '/api/record-view', headers: owner.auth, payload: { glyphId: row.id } });
    expect(view.json()).toMatchObject({ counted: true, views: 1 });
    expect((await get(`/api/get-glyph/${row.id}`)).json().glyph.views).toBe(1);
    expect(await viewsIn(list)).toBe(0); // within the 1 s DESIGN §5 allows
    advance(1001);
    expect(await viewsIn(list)).toBe(1);
  });

  it('caches a search page per term for 1 s, with an ETag, and a glyph edit clears it', async () => {
    const creator = await createUser(t.app);
    const row = await insertGlyph(t.database, creator.id, { title: 'Cachedsearch lantern' });
    const url = '/api/get-glyphs?search=cachedsearch';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.json().glyphs.map((g: { id: string }) => g.id)).toEqual([row.id]);

    await retitle(row.id, 'Cachedsearch beacon'); // behind the app's back
    expect((await get(url)).json().glyphs[0].title).toBe('Cachedsearch lantern');
    expect((await get('/api/get-glyphs?search=beacon')).json().glyphs.map((g: { id: string }) => g.id)).toEqual([row.id]);

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/update-glyph/${row.id}`,
      headers: creator.auth,
      payload: { title: 'Cachedsearch comet', description: 'New text', images: [], githubUrl: 'https://github.com/example/comet' },
    });
    expect(updated.statusCode).toBe(200);
    expect((await get(url)).json().glyphs[0].title).toBe('Cachedsearch comet');
  });
});

describe('compressed cached bodies', () => {
  it('sends the cached JSON as zstd, br, gzip or identity by Accept-Encoding, all under one ETag', async () => {
    const creator = await createUser(t.app);
    for (let i = 0; i < 12; i += 1) await insertGlyph(t.database, creator.id);
    const url = `/api/get-glyphs?creator_id=${creator.id}&limit=12`;
    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.json().glyphs).toHaveLength(12);

    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gzip.headers.etag).toBe(plain.headers.etag);

    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.headers.etag).toBe(plain.headers.etag);

    // What Chromium and Firefox send: zstd is preferred over br.
    const zstd = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(zstd.headers['content-encoding']).toBe('zstd');
    expect(zstdDecompressSync(zstd.rawPayload).toString('utf8')).toBe(plain.body);
    expect(Number(zstd.headers['content-length'])).toBe(zstd.rawPayload.length);
    expect(zstd.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(zstd.headers.etag).toBe(plain.headers.etag);

    const revalidated = await get(url, { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.vary).toMatch(/accept-encoding/i);
  });

  it('negotiates by q-values: q=0 refuses an encoding, * stands for the unnamed ones', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('gzip, br')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('zstd');
    expect(negotiateEncoding('zstd;q=0, br, gzip')).toBe('br');
    expect(negotiateEncoding('*')).toBe('zstd');
    expect(negotiateEncoding('*;q=0, br')).toBe('br');
    expect(negotiateEncoding('*;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('BR;Q=0.1')).toBe('br');
    expect(negotiateEncoding('gzip;q=nonsense')).toBeNull();
  });
});

describe('admin stats', () => {
  it('concurrent admins share one computation; the result is reused for 5 s and a sync run clears it', async () => {
    const stats = () => get('/api/admin/stats', admin.auth);
    const first = await Promise.all(Array.from({ length: 10 }, stats));
    expect(first.every((r) => r.statusCode === 200)).toBe(true);
    const before = first[0]!.json() as { totalUsers: number };
    expect(first.every((r) => r.json().totalUsers === before.totalUsers)).toBe(true);

    // A new account behind the app's back: still the shared result within the TTL …
    await createUser(t.app);
    advance(4_000);
    expect((await stats()).json().totalUsers).toBe(before.totalUsers);
    // … and exact again after a sync run (which clears the cache).
    const sync = await t.app.inject({ method: 'POST', url: '/api/admin/sync-glyph-counts', headers: admin.auth, payload: { syncAll: true } });
    expect(sync.statusCode).toBe(200);
    expect((await stats()).json().totalUsers).toBe(before.totalUsers + 1);
  });

  it('expires after 5 s', async () => {
    const before = (await get('/api/admin/stats', admin.auth)).json() as { totalUsers: number };
    await createUser(t.app);
    advance(5_001);
    expect((await get('/api/admin/stats', admin.auth)).json().totalUsers).toBe(before.totalUsers + 1);
  });

  it('an admin action clears it', async () => {
    const before = (await get('/api/admin/stats', admin.auth)).json() as { totalAdmins: number };
    const user = await createUser(t.app);
    const made = await t.app.inject({ method: 'POST', url: `/api/admin/make-admin/${user.id}`, headers: admin.auth });
    expect(made.statusCode).toBe(200);
    expect((await get('/api/admin/stats', admin.auth)).json().totalAdmins).toBe(before.totalAdmins + 1);
  });

  it('still refuses visitors and non-admins', async () => {
    expect((await get('/api/admin/stats')).statusCode).toBe(401);
    expect((await get('/api/admin/stats', owner.auth)).statusCode).toBe(403);
  });

  it('the service calls the repository once for concurrent callers', async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const repo = {
      async stats() {
        calls += 1;
        await gate;
        return { totalUsers: 3 };
      },
      async topGlyphs() {
        return [];
      },
    } as unknown as AdminRepository;
    const service = createAdminService({
      admin: repo,
      audit: {} as AuditRepository,
      glyphs: { deleteGlyph: async () => undefined },
      clock,
      normalizeImageUrl: (url) => url,
    });
    const pending = Promise.all(Array.from({ length: 20 }, () => service.stats()));
    release();
    const results = await pending;
    expect(calls).toBe(1);
    expect(results.every((r) => r.totalUsers === 3)).toBe(true);
    await service.stats();
    expect(calls).toBe(1);
  });
});

describe('createResponseCache', () => {
  it('single-flight, no caching of failures, clear() during a computation, LRU bound', async () => {
    const cache = createResponseCache<number>({ ttlMs: 1000, maxEntries: 2, clock });
    let computed = 0;
    const slow = async () => {
      computed += 1;
      await Promise.resolve();
      return computed;
    };
    expect(await Promise.all([cache.get('a', slow), cache.get('a', slow), cache.get('a', slow)])).toEqual([1, 1, 1]);
    expect(computed).toBe(1);

    await expect(cache.get('boom', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.get('boom', async () => 7)).toBe(7);

    // A computation that started before clear() answers its callers but is not stored.
    const stale = cache.get('b', slow);
    cache.clear();
    expect(await stale).toBe(2);
    expect(await cache.get('b', slow)).toBe(3);

    await cache.get('c', async () => 30);
    await cache.get('d', async () => 40);
    expect(cache.size).toBe(2);
    expect(await cache.get('b', async () => 99)).toBe(99); // evicted as least recently used
  });

  it('alignExpiry: every entry expires at the next multiple of the TTL, never later than one TTL after it was stored', async () => {
    const aligned = createResponseCache<string>({ ttlMs: 1000, maxEntries: 10, alignExpiry: true, clock });
    const plain = createResponseCache<string>({ ttlMs: 1000, maxEntries: 10, clock });
    toNextSecond();
    advance(600);
    await aligned.get('k', async () => 'aligned');
    await plain.get('k', async () => 'plain');
    const again = async () => 'recomputed';
    advance(399);
    expect(await aligned.get('k', again)).toBe('aligned');
    advance(1); // the whole second: the aligned entry lived 400 ms, the plain one lives on
    expect(await aligned.get('k', async () => 'again')).toBe('again');
    expect(await plain.get('k', again)).toBe('plain');
    // Stored exactly on a whole second, it lives the full TTL.
    advance(999);
    expect(await aligned.get('k', again)).toBe('again');
    advance(1);
    expect(await aligned.get('k', again)).toBe('recomputed');
  });

  it('delete() forgets only its key, stored or in flight', async () => {
    const cache = createResponseCache<string>({ ttlMs: 1000, maxEntries: 10, clock });
    await cache.get('glyph:1', async () => 'one');
    await cache.get('stats:1', async () => 'stats');
    const inFlight = cache.get('glyph:3', async () => 'old three');
    const other = cache.get('list', async () => 'list');
    cache.delete('glyph:3');
    cache.delete('glyph:1');
    expect(await inFlight).toBe('old three'); // its caller still gets an answer
    expect(await other).toBe('list');
    expect(await cache.get('glyph:3', async () => 'new three')).toBe('new three');
    expect(await cache.get('glyph:1', async () => 'fresh one')).toBe('fresh one');
    expect(await cache.get('stats:1', async () => 'recomputed')).toBe('stats');
    expect(await cache.get('list', async () => 'recomputed')).toBe('list'); // stored: another key's delete does not spoil it
  });
});

