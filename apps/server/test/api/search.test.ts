import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { glyphs, users } from '../../src/db/schema/index.ts';
import { createSearchRepository, type SearchRepository } from '../../src/modules/search/search.repository.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, type TestUser } from '../factories.ts';

let t: TestApp;
let repo: SearchRepository;
let alice: TestUser;
let bob: TestUser;
const ids: Record<string, string> = {};

const titles = (rows: { title: string }[]) => rows.map((r) => r.title);

beforeAll(async () => {
  t = await buildTestApp();
  repo = createSearchRepository(t.database.db);
  alice = await createUser(t.app, { username: 'pixel_smith', name: 'Ada Lumen' });
  bob = await createUser(t.app);
  const add = async (key: string, creator: TestUser, values: Parameters<typeof insertGlyph>[2]) => {
    ids[key] = (await insertGlyph(t.database, creator.id, values)).id;
  };
  await add('charging', alice, { title: 'Charging Meter', description: 'Shows the battery level while plugged in' });
  await add('notification', bob, { title: 'Notification Pulse', description: 'Blinks for each new message' });
  await add('boot', bob, { title: 'Boot animation', description: 'A spinning ring when the phone starts' });
  await add('descOnly', bob, { title: 'Ring Light', description: 'A calm charging ring for the night' });
  await add('deleted', bob, { title: 'Charging Deleted', description: 'gone', deletedAt: new Date() });
  await add('percent', bob, { title: '100% Battery_Full "Quote"', description: 'literal symbols' });
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
  ])('forgives %s', async (term, title) => {
    const { rows } = await repo.search({ term, sort: 'relevance', limit: 100 });
    expect(titles(rows)[0]).toBe(title);
  });

  it('finds glyphs by creator username and display name', async () => {
    expect(titles((await repo.search({ term: 'pixel_smith', sort: 'relevance', limit: 100 })).rows)).toEqual(['Charging Meter']);
    expect(titles((await repo.search({ term: 'ada lumen', sort: 'relevance', limit: 100 })).rows)).toEqual(['Charging Meter']);
  });

  it('follows a creator rename', async () => {
    await t.database.db.update(users).set({ username: 'glow_master' }).where(eq(users.id, alice.id));
    expect(titles((await repo.search({ term: 'glow_master', sort: 'relevance', limit: 100 })).rows)).toEqual(['Charging Meter']);
    expect((await repo.search({ term: 'pixel_smith', sort: 'relevance', limit: 100 })).rows).toEqual([]);
    await t.database.db.update(users).set({ username: 'pixel_smith' }).where(eq(users.id, alice.id));
  });

  it.each(['%', '_', '%%', "'", '"', "'; drop table glyphs; --", '&|!():*', 'x'.repeat(100)])('treats %j literally', async (term) => {
    const { rows } = await repo.search({ term, sort: 'relevance', limit: 100 });
    expect(rows.length).toBeLessThan(6);
    const count = await t.database.db.$count(glyphs);
    expect(count).toBe(6);
  });

  it('never returns deleted glyphs', async () => {
    const { rows } = await repo.search({ term: 'deleted', sort: 'relevance', limit: 100 });
    expect(rows.map((r) => r.id)).not.toContain(ids.deleted);
  });
});
