import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MSG, type Glyph } from '@glyphary/shared';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, makeAdmin, type TestUser } from '../factories.ts';
import { glyphDownloads, glyphLikes, glyphs, glyphViews } from '../../src/db/schema/index.ts';
import { decodeCursor, encodeCursor } from '../../src/modules/discovery/discovery.cursor.ts';
import { normalizeClientIp } from '../../src/modules/discovery/discovery.actor.ts';

let t: TestApp;
let creatorA: TestUser;
let creatorB: TestUser;
let viewer: TestUser;
let admin: TestUser;
/** Every seeded glyph with its exact sort keys, read back from the database. */
let catalogue: { id: string; creatorId: string; downloads: number; likes: number; views: number; key: string; deleted: boolean }[] = [];

const SEEDED = 130; // more than the public page limit of 100

beforeAll(async () => {
  t = await buildTestApp();
  [creatorA, creatorB, viewer, admin] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app), createUser(t.app)]);
  await makeAdmin(t.database, admin.id);
  // Deterministic counters with many ties, timestamps with shared milliseconds and
  // microsecond-only differences, so every tie-break rule of the orderings is exercised.
  const base = Date.UTC(2026, 0, 1);
  const values = Array.from({ length: SEEDED }, (_, i) => ({
    creatorId: i % 3 === 0 ? creatorB.id : creatorA.id,
    title: `Seeded glyph ${i}`,
    description: `Seeded description ${i}`,
    githubUrl: 'https://github.com/example/seed',
    downloads: (i * 7) % 4,
    likes: (i * 5) % 3,
    views: (i * 11) % 6,
    createdAt: new Date(base + Math.floor(i / 4) * 1000),
  }));
  await t.database.db.insert(glyphs).values(values);
  await t.database.db.execute(sql`update glyphs set created_at = created_at + (interval '1 microsecond' * (views % 3)) where title like 'Seeded glyph 1%'`);
  // A few deleted glyphs must vanish from every list.
  await t.database.db.execute(sql`update glyphs set deleted_at = now(), downloads = 1000, likes = 1000, views = 1000 where title in ('Seeded glyph 5', 'Seeded glyph 6', 'Seeded glyph 90')`);
  const rows = await t.database.db
    .select({
      id: glyphs.id,
      creatorId: glyphs.creatorId,
      downloads: glyphs.downloads,
      likes: glyphs.likes,
      views: glyphs.views,
      key: sql<string>`to_char(${glyphs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
      deletedAt: glyphs.deletedAt,
    })
    .from(glyphs);
  catalogue = rows.map((r) => ({ ...r, deleted: r.deletedAt !== null }));
});
afterAll(async () => {
  await t?.close();
});

type Row = (typeof catalogue)[number];
const cmp = (a: number | string, b: number | string) => (a < b ? 1 : a > b ? -1 : 0); // descending
const ORDER: Record<string, (a: Row, b: Row) => number> = {
  latest: (a, b) => cmp(a.key, b.key) || cmp(a.id, b.id),
  popular: (a, b) => cmp(a.downloads, b.downloads) || cmp(a.likes, b.likes) || cmp(a.key, b.key) || cmp(a.id, b.id),
  liked: (a, b) => cmp(a.likes, b.likes) || cmp(a.key, b.key) || cmp(a.id, b.id),
  viewed: (a, b) => cmp(a.views, b.views) || cmp(a.key, b.key) || cmp(a.id, b.id),
};
const expected = (sort: string, filter: (r: Row) => boolean = () => true) =>
  catalogue.filter((r) => !r.deleted && filter(r)).sort(ORDER[sort]).map((r) => r.id);

const list = (query: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/get-glyphs?${query}`, headers });

async function pageThrough(query: string, headers: Record<string, string> = {}): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const response = await list(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, headers);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { glyphs: Glyph[]; nextCursor: string | null };
    ids.push(...body.glyphs.map((g) => g.id));
    cursor = body.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { ids, pages };
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers, ...(remoteAddress ? { remoteAddress } : {}) });

async function countRows(table: typeof glyphViews | typeof glyphDownloads, glyphId: string): Promise<number> {
  return t.database.db.$count(table, eq(table.glyphId, glyphId));
}
async function glyphRow(id: string) {
  const [row] = await t.database.db.select().from(glyphs).where(eq(glyphs.id, id));
  if (!row) throw new Error('glyph missing');
  return row;
}

describe('GET /api/get-glyphs', () => {
  it.each(['latest', 'popular', 'liked', 'viewed'])('orders the whole catalogue by %s, paging by cursor with no gaps or repeats', async (sort) => {
    const { ids, pages } = await pageThrough(`sort=${sort}&limit=17`);
    expect(pages).toBeGreaterThan(5);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expected(sort));
  });

  it('serves the home lists: 12 latest and 12 popular with the spec glyph fields', async () => {
    const latest = await list('sort=latest&limit=12');
    const popular = await list('sort=popular&limit=12');
    expect(latest.json().glyphs.map((g: Glyph) => g.id)).toEqual(expected('latest').slice(0, 12));
    expect(popular.json().glyphs.map((g: Glyph) => g.id)).toEqual(expected('popular').slice(0, 12));
    const first = latest.json().glyphs[0] as Glyph;
    expect(first).toMatchObject({ creatorUsername: expect.any(String), downloads: expect.any(Number), deleted: false, images: [] });
    expect(typeof latest.json().nextCursor).toBe('string');
  });

  it('defaults to the newest first, also for relevance without a search term', async () => {
    const plain = await list('limit=5');
    const relevance = await list('sort=relevance&limit=5');
    expect(plain.json().glyphs.map((g: Glyph) => g.id)).toEqual(expected('latest').slice(0, 5));
    expect(relevance.json().glyphs.map((g: Glyph) => g.id)).toEqual(expected('latest').slice(0, 5));
  });

  it('clamps limit to 100 for visitors and users, and to 1000 for admins', async () => {
    const visitor = await list('sort=latest&limit=1000');
    expect(visitor.json().glyphs).toHaveLength(100);
    expect(visitor.json().nextCursor).not.toBeNull();
    const user = await list('sort=latest&limit=5000', viewer.auth);
    expect(user.json().glyphs).toHaveLength(100);
    const asAdmin = await list('sort=latest&limit=1000', admin.auth);
    expect(asAdmin.json().glyphs).toHaveLength(expected('latest').length);
    expect(asAdmin.json().nextCursor).toBeNull();
    const huge = await list('sort=latest&limit=99999999', admin.auth);
    expect(huge.json().glyphs).toHaveLength(expected('latest').length);
  });

  it('filters by creator, across pages, in every order', async () => {
    for (const sort of ['latest', 'popular']) {
      const { ids } = await pageThrough(`sort=${sort}&limit=9&creator_id=${creatorB.id}`);
      expect(ids).toEqual(expected(sort, (r) => r.creatorId === creatorB.id));
    }
    const none = await list(`creator_id=${viewer.id}`);
    expect(none.json()).toEqual({ glyphs: [], nextCursor: null });
  });

  it('never lists deleted glyphs, whatever their counters', async () => {
    const deleted = catalogue.filter((r) => r.deleted).map((r) => r.id);
    expect(deleted).toHaveLength(3);
    for (const sort of ['latest', 'popular', 'liked', 'viewed']) {
      const body = (await list(`sort=${sort}&limit=1000`, admin.auth)).json() as { glyphs: Glyph[] };
      expect(body.glyphs.some((g) => deleted.includes(g.id))).toBe(false);
    }
  });

  it.each([
    ['sort=bogus', 'sort must be one of relevance, latest, popular, liked, viewed, updated'],
    ['limit=abc', 'limit must be a number'],
    ['limit=2.5', 'limit must be a whole number'],
    ['limit=0', 'limit must be at least 1'],
    ['limit=-3', 'limit must be at least 1'],
    [`search=${'x'.repeat(101)}`, 'Search is limited to 100 characters'],
    ['cursor=not-a-cursor', 'Invalid cursor'],
    [`cursor=${'A'.repeat(600)}`, ''],
    [`creator_id=${'u'.repeat(65)}`, ''],
  ])('refuses %s with 400 and a clear message', async (query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toEqual({ error: expect.any(String), code: expect.any(String) });
    if (message) expect(body.error).toBe(message);
  });

  it('refuses tampered cursors and cursors of another sort', async () => {
    const first = (await list('sort=popular&limit=3')).json() as { nextCursor: string };
    const asLatest = await list(`sort=latest&cursor=${first.nextCursor}`);
    expect(asLatest.statusCode).toBe(400);
    expect(asLatest.json().error).toBe('Invalid cursor');
    const decoded = decodeCursor(first.nextCursor, 'popular');
    for (const tampered of [
      { ...decoded, id: "1' or 1=1 --" },
      { ...decoded, createdAt: '2026-02-30T00:00:00.000000Z' },
      { ...decoded, createdAt: "now()'; drop table glyphs; --" },
      { ...decoded, downloads: -1 },
      { ...decoded, likes: 'x' },
    ]) {
      const response = await list(`sort=popular&cursor=${encodeCursor(tampered as never)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Invalid cursor');
    }
  });

  it('answers odd creator ids with an empty list and ignores unknown parameters', async () => {
    for (const id of ["' or 1=1 --", '../../etc/passwd', '%00']) {
      const response = await list(`creator_id=${encodeURIComponent(id)}&foo=bar`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ glyphs: [], nextCursor: null });
    }
  });

  it('delegates a search term to the search module (live glyphs only, % and _ taken literally)', async () => {
    await insertGlyph(t.database, creatorA.id, { title: 'Zephyr aurora pulse' });
    await insertGlyph(t.database, creatorA.id, { title: 'Gone aurora pulse', deletedAt: new Date() });
    const hits = await list('search=aurora&sort=latest&limit=100');
    expect(hits.statusCode).toBe(200);
    expect((hits.json().glyphs as Glyph[]).map((g) => g.title)).toEqual(['Zephyr aurora pulse']);
    const byOther = await list(`search=aurora&creator_id=${creatorB.id}`);
    expect(byOther.json().glyphs).toEqual([]);
    for (const term of ['%', '_', "'", '"']) {
      const response = await list(`search=${encodeURIComponent(term)}`);
      expect(response.statusCode).toBe(200);
    }
    // A blank term is no search: the plain newest-first list.
    const blank = await list('search=%20%20&limit=3');
    expect(blank.json()).toEqual((await list('limit=3')).json());
  });
});

describe('POST /api/record-view and /api/record-download', () => {
  it.each([
    ['/api/record-view', glyphViews, 'views'],
    ['/api/record-download', glyphDownloads, 'downloads'],
  ] as const)('%s: 200 calls from one client with rotating User-Agent and X-Forwarded-For count once', async (url, table, counter) => {
    const glyph = await insertGlyph(t.database, creatorA.id);
    const results = [];
    for (let i = 0; i < 200; i += 1) {
      const response = await post(url, { glyphId: glyph.id }, { 'user-agent': `agent-${i}`, 'x-forwarded-for': `203.0.113.${i % 250}` });
      expect(response.statusCode).toBe(200);
      results.push(response.json());
    }
    expect(results[0]).toEqual({ success: true, recorded: true, counted: true, [counter]: 1 });
    expect(results.slice(1).every((r) => r.counted === false && r[counter] === 1)).toBe(true);
    expect((await glyphRow(glyph.id))[counter]).toBe(1);
    expect(await countRows(table, glyph.id)).toBe(1);
  });

  it.each([
    ['/api/record-view', glyphViews, 'views'],
    ['/api/record-download', glyphDownloads, 'downloads'],
  ] as const)('%s: two users count twice, each once, and apart from their shared IP', async (url, table, counter) => {
    const glyph = await insertGlyph(t.database, creatorA.id);
    for (let i = 0; i < 3; i += 1) {
      expect((await post(url, { glyphId: glyph.id }, viewer.auth)).statusCode).toBe(200);
      expect((await post(url, { glyphId: glyph.id }, admin.auth)).statusCode).toBe(200);
    }
    const anonymous = await post(url, { glyphId: glyph.id });
    expect(anonymous.json()).toEqual({ success: true, recorded: true, counted: true, [counter]: 3 });
    expect((await glyphRow(glyph.id))[counter]).toBe(3);
    expect(await countRows(table, glyph.id)).toBe(3);
    const actors = await t.database.db.select({ actor: table.actor, userId: table.userId }).from(table).where(eq(table.glyphId, glyph.id));
    expect(actors.map((a) => a.actor).sort()).toEqual([`u:${admin.id}`, `u:${viewer.id}`, expect.stringMatching(/^ip:[0-9a-f]{64}$/)].sort());
    // The raw IP is never stored.
    expect(actors.some((a) => a.actor.includes('127.0.0.1'))).toBe(false);
  });

  it.each([
    ['/api/record-view', glyphViews, 'views'],
    ['/api/record-download', glyphDownloads, 'downloads'],
  ] as const)('%s: concurrent first calls from one client count once, and every answer includes that count', async (url, table, counter) => {
    const glyph = await insertGlyph(t.database, creatorA.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(url, { glyphId: glyph.id }, {}, '198.51.100.60')));
    const results = answers.map((answer) => answer.json());
    expect(results.filter((r) => r.counted === true)).toHaveLength(1);
    expect(results.map((r) => r[counter])).toEqual(Array.from({ length: 20 }, () => 1));
    expect(await countRows(table, glyph.id)).toBe(1);
  });

  it('counts different socket addresses separately, but one IPv6 /64 once', async () => {
    const glyph = await insertGlyph(t.database, creatorA.id);
    await post('/api/record-view', { glyphId: glyph.id }, {}, '198.51.100.7');
    await post('/api/record-view', { glyphId: glyph.id }, {}, '198.51.100.8');
    await post('/api/record-view', { glyphId: glyph.id }, {}, '2001:db8:1:2::1');
    await post('/api/record-view', { glyphId: glyph.id }, {}, '2001:db8:1:2:ffff:eeee:dddd:cccc');
    await post('/api/record-view', { glyphId: glyph.id }, {}, '::ffff:198.51.100.7');
    expect((await glyphRow(glyph.id)).views).toBe(3);
    expect(await countRows(glyphViews, glyph.id)).toBe(3);
  });

  it('a repeated view answers from the stored count, and 404 once the glyph is deleted', async () => {
    const glyph = await insertGlyph(t.database, creatorA.id);
    const other = '198.51.100.20';
    expect((await post('/api/record-view', { glyphId: glyph.id }, {}, other)).json()).toEqual({ success: true, recorded: true, counted: true, views: 1 });
    await post('/api/record-view', { glyphId: glyph.id }, {}, '198.51.100.21');
    // The repeat is not counted, and reports the total as it stands now (two actors), not as it was.
    expect((await post('/api/record-view', { glyphId: glyph.id }, {}, other)).json()).toEqual({ success: true, recorded: true, counted: false, views: 2 });
    await t.database.db.update(glyphs).set({ deletedAt: new Date() }).where(eq(glyphs.id, glyph.id));
    const gone = await post('/api/record-view', { glyphId: glyph.id }, {}, other);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error: MSG.glyphNotFound });
    expect(await countRows(glyphViews, glyph.id)).toBe(2);
  });

  it('counts concurrent identical views of one actor once', async () => {
    const glyph = await insertGlyph(t.database, creatorA.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => post('/api/record-view', { glyphId: glyph.id }, {}, '192.0.2.77')));
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(results.filter((r) => r.json().counted === true)).toHaveLength(1);
    expect((await glyphRow(glyph.id)).views).toBe(1);
    expect(await countRows(glyphViews, glyph.id)).toBe(1);
  });

  it('counts concurrent records from many actors exactly', async () => {
    const glyph = await insertGlyph(t.database, creatorA.id);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => post('/api/record-download', { glyphId: glyph.id }, {}, `192.0.2.${(i % 20) + 1}`)),
    );
    expect((await glyphRow(glyph.id)).downloads).toBe(20);
    expect(await countRows(glyphDownloads, glyph.id)).toBe(20);
  });

  it.each(['/api/record-view', '/api/record-download'])('%s: deleted, unknown and bogus glyph ids answer 404 and store nothing', async (url) => {
    const glyph = await insertGlyph(t.database, creatorA.id, { deletedAt: new Date() });
    for (const glyphId of [glyph.id, '00000000-0000-4000-8000-000000000000', 'abc', "1' or '1'='1", '../../etc/passwd']) {
      const response = await post(url, { glyphId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: MSG.glyphNotFound, code: 'NOT_FOUND' });
    }
    expect(await countRows(glyphViews, glyph.id)).toBe(0);
    expect(await countRows(glyphDownloads, glyph.id)).toBe(0);
    expect((await glyphRow(glyph.id)).views).toBe(0);
  });

  it.each(['/api/record-view', '/api/record-download'])('%s: malformed bodies answer 400/415 and store nothing', async (url) => {
    const before = (await t.database.db.$count(glyphViews)) + (await t.database.db.$count(glyphDownloads));
    for (const payload of [{}, { glyphId: 42 }, { glyphId: 'x'.repeat(65) }, { glyphId: null }]) {
      const response = await post(url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
    const text = await t.app.inject({ method: 'POST', url, payload: 'glyphId=1', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
    const broken = await t.app.inject({ method: 'POST', url, payload: '{"glyphId":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect((await t.database.db.$count(glyphViews)) + (await t.database.db.$count(glyphDownloads))).toBe(before);
  });
});

describe('POST /api/record-view behind a trusted proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await buildTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it('uses X-Forwarded-For only when TRUST_PROXY is set', async () => {
    const owner = await createUser(proxied.app);
    const glyph = await insertGlyph(proxied.database, owner.id);
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.2', '2001:db8::1', '2001:db8::2']) {
      const response = await proxied.app.inject({ method: 'POST', url: '/api/record-view', payload: { glyphId: glyph.id }, headers: { 'x-forwarded-for': ip } });
      expect(response.statusCode).toBe(200);
    }
    const [row] = await proxied.database.db.select({ views: glyphs.views }).from(glyphs).where(eq(glyphs.id, glyph.id));
    expect(row?.views).toBe(3);
  });
});

describe('POST /api/toggle-like', () => {
  const toggle = (glyphId: unknown, headers: Record<string, string>) => post('/api/toggle-like', { glyphId }, headers);

  it('likes and unlikes, returning {liked, totalLikes} from the same transaction', async () => {
    const glyph = await insertGlyph(t.database, creatorA.id);
    expect((await toggle(glyph.id, viewer.auth)).json()).toEqual({ liked: true, totalLikes: 1 });
    expect((await toggle(glyph.id, admin.auth)).json()).toEqual({ liked: true, totalLikes: 2 });
    expect((await toggle(glyph.id, viewer.auth)).json()).toEqual({ liked: false, totalLikes: 1 });
    expect((await glyphRow(glyph.id)).likes).toBe(1);
  });

  it('stays exact under 50 concurrent toggles by one user plus 10 other users liking at once', async () => {
    const glyph = await insertGlyph(t.database, creatorA.id);
    const others = await Promise.all(Array.from({ length: 10 }, () => createUser(t.app)));
    const responses = await Promise.all([
      ...Array.from({ length: 50 }, () => toggle(glyph.id, viewer.auth)),
      ...others.map((u) => toggle(glyph.id, u.auth)),
    ]);
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await t.database.db.$count(glyphLikes, eq(glyphLikes.glyphId, glyph.id));
    expect(rows).toBe(10); // 50 toggles by one user end unliked; each other user likes once
    expect((await glyphRow(glyph.id)).likes).toBe(rows);
    expect(Math.max(...responses.map((r) => r.json().totalLikes))).toBeLessThanOrEqual(11);
    expect(responses.filter((r, i) => i < 50 && r.json().liked).length).toBe(25);
  });

  it('refuses visitors and bad tokens with 401 and stores nothing', async () => {
    const glyph = await insertGlyph(t.database, creatorA.id);
    for (const headers of [{}, { authorization: 'Bearer garbage' }, { authorization: 'Basic abc' }] as Record<string, string>[]) {
      const response = await toggle(glyph.id, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe(MSG.unauthorized);
    }
    expect(await t.database.db.$count(glyphLikes, eq(glyphLikes.glyphId, glyph.id))).toBe(0);
  });

  it('acts only on the caller’s own like (a userId in the body is ignored) and refuses foreign-origin cookie writes', async () => {
    const glyph = await insertGlyph(t.database, creatorA.id);
    const response = await post('/api/toggle-like', { glyphId: glyph.id, userId: admin.id, liked: false, totalLikes: 99 }, viewer.auth);
    expect(response.json()).toEqual({ liked: true, totalLikes: 1 });
    const likers = await t.database.db.select({ userId: glyphLikes.userId }).from(glyphLikes).where(eq(glyphLikes.glyphId, glyph.id));
    expect(likers).toEqual([{ userId: viewer.id }]);
    const foreign = await post('/api/toggle-like', { glyphId: glyph.id }, { ...admin.auth, cookie: 'glyphary.session_token=x', origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(await t.database.db.$count(glyphLikes, eq(glyphLikes.glyphId, glyph.id))).toBe(1);
  });

  it('answers 404 for deleted, unknown and bogus glyphs and 400 for malformed bodies, storing nothing', async () => {
    const glyph = await insertGlyph(t.database, creatorA.id, { deletedAt: new Date() });
    for (const glyphId of [glyph.id, '00000000-0000-4000-8000-000000000000', "' or 1=1 --"]) {
      const response = await toggle(glyphId, viewer.auth);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(MSG.glyphNotFound);
    }
    for (const payload of [{}, { glyphId: 7 }, { glyphId: 'y'.repeat(200) }]) {
      expect((await post('/api/toggle-like', payload, viewer.auth)).statusCode).toBe(400);
    }
    expect(await t.database.db.$count(glyphLikes, eq(glyphLikes.glyphId, glyph.id))).toBe(0);
    expect((await glyphRow(glyph.id)).likes).toBe(0);
  });
});

describe('GET /api/check-like-status', () => {
  const check = (query: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/check-like-status?${query}`, headers });

  it('reports the caller’s own like only; a userId parameter is ignored', async () => {
    const glyph = await insertGlyph(t.database, creatorA.id);
    expect((await check(`glyphId=${glyph.id}`, viewer.auth)).json()).toEqual({ liked: false });
    await post('/api/toggle-like', { glyphId: glyph.id }, admin.auth);
    expect((await check(`glyphId=${glyph.id}&userId=${admin.id}`, viewer.auth)).json()).toEqual({ liked: false });
    expect((await check(`glyphId=${glyph.id}`, admin.auth)).json()).toEqual({ liked: true });
  });

  it('refuses visitors with 401, bad input with 400 and unknown or deleted glyphs with 404', async () => {
    const glyph = await insertGlyph(t.database, creatorA.id, { deletedAt: new Date() });
    const visitor = await check(`glyphId=${glyph.id}`, {});
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toBe(MSG.unauthorized);
    expect((await check('', viewer.auth)).statusCode).toBe(400);
    expect((await check(`glyphId=${'z'.repeat(65)}`, viewer.auth)).statusCode).toBe(400);
    for (const id of [glyph.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const response = await check(`glyphId=${encodeURIComponent(id)}`, viewer.auth);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(MSG.glyphNotFound);
    }
  });
});

describe('GET /api/get-user-likes', () => {
  const likes = (query: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/get-user-likes?${query}`, headers });

  it('lists the caller’s liked live glyphs, most recently liked first, with the total, in pages', async () => {
    const fan = await createUser(t.app);
    const liked = [];
    for (let i = 0; i < 5; i += 1) {
      const glyph = await insertGlyph(t.database, creatorB.id);
      await post('/api/toggle-like', { glyphId: glyph.id }, fan.auth);
      liked.push(glyph.id);
    }
    await post('/api/toggle-like', { glyphId: liked[0] }, viewer.auth); // someone else's like
    // A glyph deleted after being liked disappears from the list and the total.
    await t.database.db.update(glyphs).set({ deletedAt: new Date() }).where(eq(glyphs.id, liked[1]!));
    const all = await likes('', fan.auth);
    expect(all.statusCode).toBe(200);
    const body = all.json() as { glyphs: Glyph[]; total: number; nextCursor: string | null };
    expect(body.total).toBe(4);
    expect(body.glyphs.map((g) => g.id)).toEqual([liked[4], liked[3], liked[2], liked[0]]);
    expect(body.nextCursor).toBeNull();
    const first = (await likes('limit=3', fan.auth)).json();
    expect(first.glyphs.map((g: Glyph) => g.id)).toEqual([liked[4], liked[3], liked[2]]);
    const second = (await likes(`limit=3&cursor=${first.nextCursor}`, fan.auth)).json();
    expect(second).toMatchObject({ total: 4, nextCursor: null });
    expect(second.glyphs.map((g: Glyph) => g.id)).toEqual([liked[0]]);
  });

  it('refuses visitors with 401 and bad input with 400', async () => {
    const visitor = await likes('', {});
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toBe(MSG.unauthorized);
    for (const query of ['limit=abc', 'limit=0', 'cursor=garbage']) {
      const response = await likes(query, viewer.auth);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
  });
});

describe('GET /api/get-user-stats/{id}', () => {
  it('totals glyphs, downloads and likes over all the creator’s live glyphs (more than one page)', async () => {
    const live = catalogue.filter((r) => r.creatorId === creatorA.id && !r.deleted);
    const [db] = await t.database.db
      .select({
        glyphs: sql<number>`count(*)::int`,
        downloads: sql<number>`sum(${glyphs.downloads})::int`,
        likes: sql<number>`sum(${glyphs.likes})::int`,
      })
      .from(glyphs)
      .where(and(eq(glyphs.creatorId, creatorA.id), isNull(glyphs.deletedAt)));
    expect(live.length).toBeGreaterThan(80);
    const response = await t.app.inject({ method: 'GET', url: `/api/get-user-stats/${creatorA.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ glyphs: db!.glyphs, downloads: db!.downloads, likes: db!.likes });
    const empty = await t.app.inject({ method: 'GET', url: `/api/get-user-stats/${viewer.id}` });
    expect(empty.json()).toEqual({ glyphs: 0, downloads: 0, likes: 0 });
  });

  it('answers 404 User not found for unknown and bogus ids', async () => {
    for (const id of ['nobody', "x' or 1=1", '..%2F..%2Fetc', 'a'.repeat(150)]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/get-user-stats/${encodeURIComponent(id)}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(MSG.userNotFound);
    }
    const huge = await t.app.inject({ method: 'GET', url: `/api/get-user-stats/${'a'.repeat(300)}` });
    expect(huge.statusCode).toBe(400);
  });
});

describe('counting actor', () => {
  it('normalizes IPv6 to its /64 and IPv4-mapped addresses to IPv4', () => {
    expect(normalizeClientIp('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(normalizeClientIp('2001:0db8:0001:0002:ffff:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(normalizeClientIp('::1')).toBe('0:0:0:0::/64');
    expect(normalizeClientIp('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeClientIp('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(normalizeClientIp('203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('deleted glyphs vanish from every list', () => {
  it('a glyph deleted after views, downloads and likes leaves lists, likes and storefront totals', async () => {
    const creator = await createUser(t.app);
    const glyph = await insertGlyph(t.database, creator.id, { downloads: 0 });
    await post('/api/record-download', { glyphId: glyph.id }, viewer.auth);
    await post('/api/toggle-like', { glyphId: glyph.id }, viewer.auth);
    expect((await t.app.inject({ method: 'GET', url: `/api/get-user-stats/${creator.id}` })).json()).toEqual({ glyphs: 1, downloads: 1, likes: 1 });
    // Deleted through the API: the delete clears the short read cache, as a direct row update would not.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/delete-glyph/${glyph.id}`, headers: creator.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/get-user-stats/${creator.id}` })).json()).toEqual({ glyphs: 0, downloads: 0, likes: 0 });
    expect((await list(`creator_id=${creator.id}`)).json().glyphs).toEqual([]);
    const liked = (await t.app.inject({ method: 'GET', url: '/api/get-user-likes', headers: viewer.auth })).json() as { glyphs: Glyph[] };
    expect(liked.glyphs.some((g) => g.id === glyph.id)).toBe(false);
  });
});

describe('storefront Open Graph tags', () => {
  it('renders the creator’s name, totals and picture into /storefront/{username}, escaped', async () => {
    const creator = await createUser(t.app, { name: 'Ada <Glyph> "Maker"' });
    await insertGlyph(t.database, creator.id);
    const response = await t.app.inject({ method: 'GET', url: `/storefront/${creator.username.toUpperCase()}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<meta property="og:title" content="Ada &lt;Glyph&gt; &quot;Maker&quot; (@${creator.username}) — Glyphary" />`);
    expect(response.body).toContain('<meta property="og:type" content="profile" />');
    expect(response.body).toContain(`1 Glyph Toy by @${creator.username} on Glyphary.`);
    expect(response.body).not.toContain('<Glyph>');
  });

  it('falls back to the default tags for unknown or malformed usernames', async () => {
    for (const name of ['nobody_here', '%3Cscript%3E', 'a%2Fb']) {
      const response = await t.app.inject({ method: 'GET', url: `/storefront/${name}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<meta property="og:type" content="website" />');
    }
  });
});
