import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, makeAdmin, type TestUser } from '../factories.ts';
import type { Clock } from '../../src/lib/clock.ts';

// Public reads are cached ≤ 1 s per instance; each module owns its keys and what a count change forgets,
// and every write that a cached read shows is visible at once on the instance that took it.
let nowMs = Date.parse('2026-11-25T12:00:00.000Z');
const clock: Clock = { now: () => new Date(nowMs) };

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
  t.app.glyphary.caches.publicReads.clear();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, auth: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: auth, payload: payload as object });
const titlesOf = async (url: string) => ((await get(url)).json().glyphs as { title: string }[]).map((g) => g.title);

describe('cached public reads', () => {
  it('answers a repeated read with the same bytes, headers, ETag/304 and encodings as the first', async () => {
    const creator = await createUser(t.app);
    for (let i = 0; i < 12; i += 1) await insertGlyph(t.database, creator.id);
    const url = `/api/get-glyphs?creator_id=${creator.id}&limit=12`;
    const first = await get(url, { 'accept-encoding': 'identity' });
    const second = await get(url, { 'accept-encoding': 'identity' });
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    for (const name of [
      'etag',
      'cache-control',
      'vary',
      'content-type',
      'content-security-policy',
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
      'cross-origin-opener-policy',
    ]) {
      expect(second.headers[name], name).toBe(first.headers[name]);
      expect(second.headers[name], name).toBeDefined();
    }
    expect((await get(url, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    expect((await get(url, { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
  });

  it('never replays a visitor list to a signed-in caller, nor a signed-in answer to a visitor', async () => {
    const creator = await createUser(t.app);
    for (let i = 0; i < 105; i += 1) await insertGlyph(t.database, creator.id);
    const url = `/api/get-glyphs?creator_id=${creator.id}&limit=150`;
    expect((await get(url)).json().glyphs).toHaveLength(100);
    const asAdmin = await get(url, admin.auth);
    expect(asAdmin.json().glyphs).toHaveLength(105);
    expect(asAdmin.headers['cache-control']).toBe('private, no-cache');
    const visitor = await get(url);
    expect(visitor.json().glyphs).toHaveLength(100);
    expect(visitor.headers['cache-control']).toBe('public, no-cache');

    const other = `/api/get-glyphs?creator_id=${creator.id}&limit=120`;
    expect((await get(other, admin.auth)).json().glyphs).toHaveLength(105); // an admin asks first
    expect((await get(other)).json().glyphs).toHaveLength(100);
    expect((await get(other)).headers['cache-control']).toBe('public, no-cache');
  });

  it('counts every cached read against READ_RATE_LIMIT (SECURITY "Throttling")', async () => {
    const limited = await buildTestApp({ READ_RATE_LIMIT: '3' });
    try {
      const glyph = await insertGlyph(limited.database, (await createUser(limited.app)).id);
      const url = `/api/get-glyph/${glyph.id}`;
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) codes.push((await limited.app.inject({ method: 'GET', url })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('stops at the TTL: an entry older than 1 s goes back to the route and the database', async () => {
    const glyph = await insertGlyph(t.database, owner.id, { title: 'Before ttl' });
    const url = `/api/get-glyph/${glyph.id}`;
    expect((await get(url)).json().glyph.title).toBe('Before ttl');
    await t.database.db.execute(sql`update glyphs set title = 'After ttl' where id = ${glyph.id}`);
    expect((await get(url)).json().glyph.title).toBe('Before ttl');
    nowMs += 1001;
    expect((await get(url)).json().glyph.title).toBe('After ttl');
  });
});

describe('invalidation: each write that a cached read shows is visible at once', () => {
  it('upload-glyph shows in the latest list and the storefront totals', async () => {
    const creator = await createUser(t.app);
    const list = `/api/get-glyphs?sort=latest&creator_id=${creator.id}`;
    expect(await titlesOf(list)).toEqual([]);
    expect((await get(`/api/get-user-stats/${creator.id}`)).json().glyphs).toBe(0);
    const shared = await post('/api/upload-glyph', creator.auth, {
      title: 'Freshly shared',
      description: 'x',
      images: [],
      githubUrl: 'https://github.com/example/fresh',
    });
    expect(shared.statusCode).toBe(200);
    expect(await titlesOf(list)).toEqual(['Freshly shared']);
    expect((await get(`/api/get-user-stats/${creator.id}`)).json().glyphs).toBe(1);
  });

  it('record-download shows on the glyph page and in the storefront totals (the discovery module forgets them)', async () => {
    const creator = await createUser(t.app);
    const glyph = await insertGlyph(t.database, creator.id);
    expect((await get(`/api/get-glyph/${glyph.id}`)).json().glyph.downloads).toBe(0);
    expect((await get(`/api/get-user-stats/${creator.id}`)).json().downloads).toBe(0);
    const counted = await post('/api/record-download', owner.auth, { glyphId: glyph.id });
    expect(counted.json()).toMatchObject({ counted: true });
    expect((await get(`/api/get-glyph/${glyph.id}`)).json().glyph.downloads).toBe(1);
    expect((await get(`/api/get-user-stats/${creator.id}`)).json().downloads).toBe(1);
  });

  it("an admin's delete empties the lists and the glyph page", async () => {
    const creator = await createUser(t.app);
    const glyph = await insertGlyph(t.database, creator.id, { title: 'Admin removes me' });
    const list = `/api/get-glyphs?creator_id=${creator.id}`;
    expect(await titlesOf(list)).toEqual(['Admin removes me']);
    expect((await get(`/api/get-glyph/${glyph.id}`)).json().glyph.deleted).toBe(false);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/glyphs/${glyph.id}`, headers: admin.auth })).statusCode).toBe(
      200,
    );
    expect(await titlesOf(list)).toEqual([]);
    expect((await get(`/api/get-glyph/${glyph.id}`)).json().glyph.deleted).toBe(true);
  });

  it('a count sync run empties every public read', async () => {
    const creator = await createUser(t.app);
    const glyph = await insertGlyph(t.database, creator.id, { title: 'Quokkasync' });
    const search = '/api/get-glyphs?search=quokkasync';
    expect((await get(search)).json().glyphs.map((g: { id: string }) => g.id)).toContain(glyph.id);
    await t.database.db.execute(sql`update glyphs set title = 'Lantern' where id = ${glyph.id}`);
    expect((await get(search)).json().glyphs.map((g: { id: string }) => g.id)).toContain(glyph.id); // cached
    const sync = await post('/api/admin/sync-glyph-counts', admin.auth, { syncAll: true });
    expect(sync.statusCode).toBe(200);
    expect((await get(search)).json().glyphs.map((g: { id: string }) => g.id)).not.toContain(glyph.id);
  });
});
