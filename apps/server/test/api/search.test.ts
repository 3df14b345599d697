import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Glyph, SearchSort } from '@glyphary/shared';
import { queryRows } from '../../src/db/client.ts';
import { glyphs, users } from '../../src/db/schema/index.ts';
import { createSearchRepository, type SearchRepository } from '../../src/modules/search/search.repository.ts';
import { buildTestApp, json, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, makeAdmin, type TestUser } from '../factories.ts';

// Issue 5 "Done when": ranking, typos, hostile input, deleted glyphs and every sort — on the
// repository and through GET /api/get-glyphs?search=…, on PGlite and (TEST_DATABASE_URL) PostgreSQL.

let t: TestApp;
let repo: SearchRepository;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
const ids: Record<string, string> = {};
let glyphCount = 0;

const titles = (rows: { title: string }[]) => rows.map((r) => r.title);
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));

async function add(key: string, creator: TestUser, values: Parameters<typeof insertGlyph>[2]) {
  ids[key] = (await insertGlyph(t.database, creator.id, values)).id;
  glyphCount += 1;
}

async function getGlyphs(query: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: '/api/get-glyphs', query, headers });
  return response;
}

async function searchApi(search: string, sort?: SearchSort, extra: Record<string, string> = {}) {
  const response = await getGlyphs({ search, limit: '100', ...(sort ? { sort } : {}), ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ glyphs: Glyph[]; nextCursor: string | null }>(response);
}

beforeAll(async () => {
  t = await buildTestApp();
  repo = createSearchRepository(t.database.db);
  alice = await createUser(t.app, { username: 'pixel_smith', name: 'Ada Lumen' });
  bob = await createUser(t.app, { name: 'Bob Builder' });
  admin = await createUser(t.app);
  await makeAdmin(t.database, admin.id);
  await add('charging', alice, { title: 'Charging Meter', description: 'Shows the battery level while plugged in', createdAt: day(1) });
  await add('notification', bob, { title: 'Notification Pulse', description: 'Blinks for each new message', createdAt: day(2) });
  await add('boot', bob, { title: 'Boot animation', description: 'A spinning ring when the phone starts', createdAt: day(3) });
  await add('descOnly', bob, { title: 'Ring Light', description: 'A calm charging ring for the night', createdAt: day(4) });
  await add('deleted', bob, { title: 'Charging Deleted', description: 'charging gone', deletedAt: day(5), createdAt: day(5) });
  await add('symbols', bob, { title: '100% Battery_Full "Quote" it\'s', description: 'literal symbols', createdAt: day(6) });
  // Sort fixtures: every one matches 'lamp'; counters chosen so each sort gives a different order.
  await add('lampA', bob, { title: 'Lamp Alpha', description: 'x', downloads: 5, likes: 1, views: 30, createdAt: day(10), updatedAt: day(13) });
  await add('lampB', bob, { title: 'Lamp Beta', description: 'x', downloads: 9, likes: 3, views: 10, createdAt: day(11), updatedAt: day(11) });
  await add('lampC', bob, { title: 'Lamp Gamma', description: 'x', downloads: 9, likes: 7, views: 20, createdAt: day(12), updatedAt: day(12) });
  await add('lampD', bob, { title: 'Lamp Delta', description: 'x', downloads: 1, likes: 7, views: 20, createdAt: day(9), updatedAt: day(20) });
});

afterAll(async () => {
  await t.close();
});

describe('search repository', () => {
  it('ranks a title match above a description-only match', async () => {
    const { rows } = await repo.search({ term: 'charging', sort: 'relevance', limit: 100 });
    expect(titles(rows)).toEqual(['Charging Meter', 'Ring Light']);
  });

  it.each([
    ['chargng', 'Charging Meter'],
    ['notifcation', 'Notification Pulse'],
    ['boot animaton', 'Boot animation'],
    ['anim', 'Boot animation'],
    ['Boot Animation', 'Boot animation'],
    ['animations', 'Boot animation'],
  ])('finds what %j means', async (term, title) => {
    const { rows } = await repo.search({ term, sort: 'relevance', limit: 100 });
    expect(titles(rows)[0]).toBe(title);
  });

  it('finds glyphs by creator username and display name', async () => {
    expect(titles((await repo.search({ term: 'pixel_smith', sort: 'relevance', limit: 100 })).rows)).toEqual(['Charging Meter']);
    expect(titles((await repo.search({ term: 'ada lumen', sort: 'relevance', limit: 100 })).rows)).toEqual(['Charging Meter']);
    expect(titles((await repo.search({ term: 'pixle_smith', sort: 'relevance', limit: 100 })).rows)).toEqual(['Charging Meter']);
  });

  it('requires every word to match', async () => {
    expect(titles((await repo.search({ term: 'boot spinning', sort: 'relevance', limit: 100 })).rows)).toEqual(['Boot animation']);
    expect((await repo.search({ term: 'boot zebra', sort: 'relevance', limit: 100 })).rows).toEqual([]);
  });

  it('follows a creator rename (trigger on users)', async () => {
    await t.database.db.update(users).set({ username: 'glow_master' }).where(eq(users.id, alice.id));
    expect(titles((await repo.search({ term: 'glow_master', sort: 'relevance', limit: 100 })).rows)).toEqual(['Charging Meter']);
    expect((await repo.search({ term: 'pixel_smith', sort: 'relevance', limit: 100 })).rows).toEqual([]);
    await t.database.db.update(users).set({ username: 'pixel_smith' }).where(eq(users.id, alice.id));
  });

  it('follows a title edit (trigger on glyphs)', async () => {
    await t.database.db.update(glyphs).set({ title: 'Charging Gauge' }).where(eq(glyphs.id, ids.charging!));
    expect(titles((await repo.search({ term: 'gauge', sort: 'relevance', limit: 100 })).rows)).toEqual(['Charging Gauge']);
    expect((await repo.search({ term: 'meter', sort: 'relevance', limit: 100 })).rows).toEqual([]);
    await t.database.db.update(glyphs).set({ title: 'Charging Meter' }).where(eq(glyphs.id, ids.charging!));
  });

  it('handles stop words, single letters and digits', async () => {
    expect(titles((await repo.search({ term: 'the boot', sort: 'relevance', limit: 100 })).rows)).toEqual(['Boot animation']);
    expect((await repo.search({ term: 'the', sort: 'relevance', limit: 100 })).rows).toEqual([]);
    expect(titles((await repo.search({ term: '100', sort: 'relevance', limit: 100 })).rows)).toEqual(['100% Battery_Full "Quote" it\'s']);
    expect((await repo.search({ term: 'a', sort: 'relevance', limit: 100 })).rows.length).toBeGreaterThanOrEqual(0);
  });

  it.each([
    '%',
    '_',
    '%%',
    '%_%',
    "'",
    '"',
    '\\',
    "'; drop table glyphs; --",
    '&|!():*<->',
    'boot & | ! animation',
    '"boot animation"',
    '!boot',
    "it's",
    '\u0000',
    '\u0301',
    'x'.repeat(100),
    'boot '.repeat(20),
  ])('treats %j as text, never as syntax', async (term) => {
    const { rows } = await repo.search({ term, sort: 'relevance', limit: 100 });
    // Wildcards and operators never widen the search to everything.
    expect(rows.length).toBeLessThan(glyphCount - 1);
    expect(await t.database.db.$count(glyphs)).toBe(glyphCount);
  });

  it('matches quoted and punctuated words as words', async () => {
    expect(titles((await repo.search({ term: '"quote"', sort: 'relevance', limit: 100 })).rows)).toEqual(['100% Battery_Full "Quote" it\'s']);
    expect(titles((await repo.search({ term: 'battery_full', sort: 'relevance', limit: 100 })).rows)[0]).toBe('100% Battery_Full "Quote" it\'s');
  });

  it('never returns deleted glyphs', async () => {
    for (const term of ['deleted', 'charging', 'gone', 'chargng']) {
      const { rows } = await repo.search({ term, sort: 'relevance', limit: 100 });
      expect(rows.map((r) => r.id)).not.toContain(ids.deleted);
    }
  });

  it('filters by creator', async () => {
    const { rows } = await repo.search({ term: 'charging', sort: 'relevance', limit: 100, creatorId: bob.id });
    expect(titles(rows)).toEqual(['Ring Light']);
  });

  const expectedOrder: Record<Exclude<SearchSort, 'relevance'>, string[]> = {
    latest: ['lampC', 'lampB', 'lampA', 'lampD'],
    popular: ['lampC', 'lampB', 'lampA', 'lampD'], // downloads, then likes, then newest
    liked: ['lampC', 'lampD', 'lampB', 'lampA'], // likes, then newest
    viewed: ['lampA', 'lampC', 'lampD', 'lampB'], // views, then newest
    updated: ['lampD', 'lampA', 'lampC', 'lampB'], // last release or edit first
  };

  it.each(Object.entries(expectedOrder))('orders by %s', async (sort, keys) => {
    const { rows, nextCursor } = await repo.search({ term: 'lamp', sort: sort as SearchSort, limit: 100 });
    expect(rows.map((r) => r.id)).toEqual(keys.map((k) => ids[k]));
    expect(nextCursor).toBeNull();
  });

  it.each(['relevance', 'latest', 'popular', 'liked', 'viewed'] as const)('pages through %s with cursors, without gaps or repeats', async (sort) => {
    const all = (await repo.search({ term: 'lamp', sort, limit: 100 })).rows.map((r) => r.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const result = await repo.search({ term: 'lamp', sort, limit: 1, cursor });
      seen.push(...result.rows.map((r) => r.id));
      if (!result.nextCursor) break;
      cursor = result.nextCursor;
    }
    expect(seen).toEqual(all);
    expect(all).toHaveLength(4);
  });

  it('pages from title matches on to description-only matches', async () => {
    const first = await repo.search({ term: 'charging', sort: 'relevance', limit: 1 });
    expect(titles(first.rows)).toEqual(['Charging Meter']);
    const second = await repo.search({ term: 'charging', sort: 'relevance', limit: 1, cursor: first.nextCursor! });
    expect(titles(second.rows)).toEqual(['Ring Light']);
    expect(second.nextCursor).toBeNull();
  });

  it('breaks relevance ties by id, stably', async () => {
    const first = (await repo.search({ term: 'lamp', sort: 'relevance', limit: 100 })).rows.map((r) => r.id);
    const second = (await repo.search({ term: 'lamp', sort: 'relevance', limit: 100 })).rows.map((r) => r.id);
    expect(second).toEqual(first);
  });

  it('refuses a cursor from another sort or a forged one', async () => {
    const { nextCursor } = await repo.search({ term: 'lamp', sort: 'latest', limit: 1 });
    await expect(repo.search({ term: 'lamp', sort: 'liked', limit: 1, cursor: nextCursor! })).rejects.toMatchObject({ statusCode: 400, message: 'Invalid cursor' });
    const forged = Buffer.from(JSON.stringify({ sort: 'relevance', id: ids.lampA, createdAt: '2026-01-01T00:00:00.000000Z', score: '1; drop' })).toString('base64url');
    await expect(repo.search({ term: 'lamp', sort: 'relevance', limit: 1, cursor: forged })).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('GET /api/get-glyphs?search=', () => {
  it('answers visitors, users, admins and bad tokens alike (public), without deleted glyphs', async () => {
    for (const headers of [{}, bob.auth, admin.auth, { authorization: 'Bearer not-a-real-token' }]) {
      const response = await getGlyphs({ search: 'charging', sort: 'relevance', limit: '100' }, headers);
      expect(response.statusCode).toBe(200);
      const body = json<{ glyphs: Glyph[] }>(response);
      expect(titles(body.glyphs)).toEqual(['Charging Meter', 'Ring Light']);
      expect(body.glyphs.map((g) => g.id)).not.toContain(ids.deleted);
    }
  });

  it('ranks by relevance by default and returns spec glyph fields', async () => {
    const body = await searchApi('charging');
    expect(titles(body.glyphs)).toEqual(['Charging Meter', 'Ring Light']);
    expect(body.glyphs[0]).toMatchObject({ creatorUsername: 'pixel_smith', creatorDisplayName: 'Ada Lumen', deleted: false });
    expect(body.glyphs[0]).not.toHaveProperty('searchVector');
  });

  it.each([
    ['chargng', 'Charging Meter'],
    ['notifcation', 'Notification Pulse'],
    ['boot animaton', 'Boot animation'],
    ['anim', 'Boot animation'],
  ])('forgives %j', async (term, title) => {
    expect(titles((await searchApi(term)).glyphs)[0]).toBe(title);
  });

  it.each(Object.entries({
    latest: ['lampC', 'lampB', 'lampA', 'lampD'],
    popular: ['lampC', 'lampB', 'lampA', 'lampD'],
    liked: ['lampC', 'lampD', 'lampB', 'lampA'],
    viewed: ['lampA', 'lampC', 'lampD', 'lampB'],
  }))('sort=%s orders correctly', async (sort, keys) => {
    const body = await searchApi('lamp', sort as SearchSort);
    expect(body.glyphs.map((g) => g.id)).toEqual(keys.map((k) => ids[k]));
  });

  it.each(['%', '_', "'", '"', '%_', "' or 1=1 --", '\u0000', '\u0000lamp', 'x'.repeat(100)])('answers %j with 200 and nothing that is not a match', async (term) => {
    const body = await searchApi(term);
    expect(body.glyphs.length).toBeLessThan(glyphCount - 1);
  });

  it('pages with nextCursor', async () => {
    const first = await searchApi('lamp', 'latest', { limit: '2' });
    expect(first.glyphs).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await searchApi('lamp', 'latest', { limit: '2', cursor: first.nextCursor! });
    expect([...first.glyphs, ...second.glyphs].map((g) => g.id)).toEqual(['lampC', 'lampB', 'lampA', 'lampD'].map((k) => ids[k]));
    expect(second.nextCursor).toBeNull();
  });

  it.each([
    [{ search: 'x'.repeat(101) }, 'Search is limited to 100 characters'],
    [{ search: 'lamp', sort: 'best' }, 'sort must be one of relevance, latest, popular, liked, viewed, updated'],
    [{ search: 'lamp', sort: "latest'; drop table glyphs; --" }, 'sort must be one of relevance, latest, popular, liked, viewed, updated'],
    [{ search: 'lamp', limit: 'ten' }, 'limit must be a number'],
    [{ search: 'lamp', sort: 'latest', cursor: 'not-a-cursor' }, 'Invalid cursor'],
    [{ search: 'lamp', sort: 'relevance', cursor: Buffer.from('{"sort":"relevance","id":"1 or 1=1"}').toString('base64url') }, 'Invalid cursor'],
  ])('refuses %j with 400 and stores nothing', async (query, error) => {
    const before = await t.database.db.$count(glyphs);
    const response = await getGlyphs(query as Record<string, string>);
    expect(response.statusCode).toBe(400);
    expect(json(response).error).toBe(error);
    expect(await t.database.db.$count(glyphs)).toBe(before);
  });

  it('keeps the weighted search vector in the database', async () => {
    const [row] = await queryRows<{ v: string }>(t.database.db, sql`select search_vector::text as v from glyphs where id = ${ids.boot}`);
    expect(row?.v).toContain("'boot':1A");
  });
});
