import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.ts';
import { createSearchCards } from '../../src/modules/search/search.cards.ts';
import { createSearchIndex } from '../../src/modules/search/search.index.ts';
import { createSearchRepository } from '../../src/modules/search/search.repository.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, type TestUser } from '../factories.ts';

// Decision 0043 (issue 20): the write cost of the search feed. A like or a counted download writes
// one search_changes row (glyph_search's popularity), not two; a counted view and every other glyph
// change write one; old rows are pruned.

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, { username: 'feed_owner', name: 'Fern Feed' });
});

afterAll(async () => {
  await t?.close();
});

/** A counted view by a signed-in user, through the API. */
const recordView = (glyphId: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/record-view', headers, payload: { glyphId } });
const feedRows = async (glyphId: string) =>
  Number(
    (
      await queryRows<{ n: number | string }>(
        t.database.db,
        sql`select count(*) as n from search_changes where glyph_id = ${glyphId}`,
      )
    )[0]?.n,
  );

describe('search_changes on glyph writes', () => {
  it('the card trigger names every glyph column except likes and downloads', async () => {
    const columns = await queryRows<{ name: string }>(
      t.database.db,
      sql`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = 'glyphs'`,
    );
    const watched = await queryRows<{ name: string }>(
      t.database.db,
      sql`select a.attname as name
            from pg_trigger tr
            join pg_attribute a on a.attrelid = tr.tgrelid and a.attnum = any(tr.tgattr::int2[])
           where tr.tgrelid = 'glyphs'::regclass and tr.tgname = 'glyph_card_log_change'`,
    );
    const expected = columns.map((c) => c.name).filter((name) => !['likes', 'downloads'].includes(name));
    // A new glyph column that a card shows must be added to the trigger (migration 0018's list).
    expect(watched.map((c) => c.name).sort()).toEqual(expected.sort());
  });

  it('a counted view writes one feed row, a like one (not two), an edit one', async () => {
    const glyph = await insertGlyph(t.database, owner.id, { title: 'Feed Lantern', description: 'Counts and edits' });
    const before = await feedRows(glyph.id);
    const view = await recordView(glyph.id, owner.auth);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ counted: true, views: 1 });
    expect(await feedRows(glyph.id)).toBe(before + 1);
    const like = await t.app.inject({
      method: 'POST',
      url: '/api/toggle-like',
      headers: owner.auth,
      payload: { glyphId: glyph.id },
    });
    expect(like.statusCode).toBe(200);
    expect(await feedRows(glyph.id)).toBe(before + 2);
    await t.database.db.execute(sql`update glyphs set title = 'Feed Beacon' where id = ${glyph.id}`);
    // The title rewrites the vectors (glyph_search's row) and the glyph row: each logs the change.
    expect(await feedRows(glyph.id)).toBeGreaterThan(before + 2);
    const afterTitle = await feedRows(glyph.id);
    await t.database.db.execute(sql`update glyphs set images = '["https://example.com/feed.png"]'::jsonb where id = ${glyph.id}`);
    expect(await feedRows(glyph.id)).toBe(afterTitle + 1);
    // An update that changes nothing logs nothing.
    await t.database.db.execute(sql`update glyphs set title = title where id = ${glyph.id}`);
    expect(await feedRows(glyph.id)).toBe(afterTitle + 1);
  });

  it('prunes feed rows older than an hour at a catch-up, keeping recent ones', async () => {
    const glyph = await insertGlyph(t.database, owner.id, { title: 'Pruned Lantern' });
    await t.database.db.execute(
      sql`insert into search_changes (glyph_id, changed_at) values (${glyph.id}, now() - interval '2 hours')`,
    );
    const recent = await feedRows(glyph.id);
    const index = createSearchIndex(t.database.db);
    try {
      await index.start();
      await index.fresh();
      // The first catch-up of an instance prunes; the 2-hour-old row is gone, the others stay.
      expect(await feedRows(glyph.id)).toBe(recent - 1);
      const [old] = await queryRows<{ n: number | string }>(
        t.database.db,
        sql`select count(*) as n from search_changes where changed_at < now() - interval '1 hour'`,
      );
      expect(Number(old?.n)).toBe(0);
    } finally {
      index.stop();
    }
  });
});

describe('search cards follow the feed', () => {
  it('a counted view, a like and an edit reach a cached card at the next search', async () => {
    const cards = createSearchCards(t.database.db);
    const index = createSearchIndex(t.database.db, { onGlyphChange: (id) => cards.forget(id) });
    const repo = createSearchRepository(t.database.db, { index, cards });
    try {
      const glyph = await insertGlyph(t.database, owner.id, { title: 'Wallaby Lantern', description: 'Seen often' });
      await index.start();
      const card = async () =>
        (await repo.search({ term: 'wallaby', sort: 'relevance', limit: 10 })).rows.find((row) => row.id === glyph.id);
      expect((await card())?.views).toBe(0);
      const view = await recordView(glyph.id, owner.auth);
      expect(view.statusCode).toBe(200);
      expect((await card())?.views).toBe(1);
      // A like writes no row of the glyph's own: glyph_search's popularity row carries it.
      await t.database.db.execute(sql`update glyphs set likes = likes + 3 where id = ${glyph.id}`);
      expect((await card())?.likes).toBe(3);
      await t.database.db.execute(sql`update glyphs set downloads = downloads + 2 where id = ${glyph.id}`);
      expect((await card())?.downloads).toBe(2);
      await t.database.db.execute(
        sql`update glyphs set images = '["https://example.com/wallaby.png"]'::jsonb where id = ${glyph.id}`,
      );
      expect((await card())?.images).toEqual(['https://example.com/wallaby.png']);
    } finally {
      index.stop();
    }
  });
});

describe('search card bound (decision 0045)', () => {
  it('past its bound drops the oldest card not used since, and spares one that was', async () => {
    const cards = createSearchCards(t.database.db, { maxEntries: 2 });
    const [a, b, c] = await Promise.all(
      ['Quoll Beacon', 'Quoll Lantern', 'Quoll Meter'].map((title) => insertGlyph(t.database, owner.id, { title })),
    );
    if (!a || !b || !c) throw new Error('glyphs not inserted');
    const views = async (ids: string[]) => (await cards.get(ids)).map((card) => card?.row.views);
    expect(await views([a.id])).toEqual([0]);
    expect(await views([b.id])).toEqual([0]);
    expect(await views([a.id])).toEqual([0]); // a is used again; b is not
    expect(await views([c.id])).toEqual([0]); // over the bound: b goes, a is spared
    expect(cards.size).toBe(2);
    // Written behind the cache's back (no forget): a cached card still shows 0, a re-read one shows 5.
    await t.database.db.execute(sql`update glyphs set views = 5 where id in (${a.id}, ${b.id}, ${c.id})`);
    expect(await views([a.id, c.id])).toEqual([0, 0]);
    expect(await views([b.id])).toEqual([5]);
  });
  it('gives the same cards by slot as by id: evicted, forgotten and replaced cards are read again (decision 0060)', async () => {
    const cards = createSearchCards(t.database.db, { maxEntries: 2 });
    const [a, b, c] = await Promise.all(
      ['Numbat Beacon', 'Numbat Lantern', 'Numbat Meter'].map((title) => insertGlyph(t.database, owner.id, { title })),
    );
    if (!a || !b || !c) throw new Error('glyphs not inserted');
    const slotOf = new Map([
      [a.id, 0],
      [b.id, 1],
      [c.id, 2],
    ]);
    const at = (ids: string[], epoch = 1) => ({ epoch, slots: ids.map((id) => slotOf.get(id) as number) });
    const views = async (ids: string[], epoch = 1) => (await cards.get(ids, at(ids, epoch))).map((card) => card?.row.views);
    const setViews = (ids: string[], n: number) =>
      t.database.db.execute(sql`update glyphs set views = ${n} where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);

    expect(await views([a.id])).toEqual([0]);
    expect(await views([b.id])).toEqual([0]);
    expect(await views([a.id])).toEqual([0]); // a is used again; b is not
    expect(await views([c.id])).toEqual([0]); // over the bound: b goes, a is spared
    await setViews([a.id, b.id, c.id], 5);
    // b left the Map: its slot does not give the old card either.
    expect(await views([a.id, b.id, c.id])).toEqual([0, 5, 0]);

    // A change the feed reports: the card is read again, by slot as by id.
    await setViews([a.id], 6);
    cards.forget(a.id);
    expect(await views([a.id])).toEqual([6]);

    // Two reads of the same glyph at once: the one stored last replaces the first in the Map, and the
    // first must not outlive it in the slot array once the glyph changes.
    cards.forget(a.id);
    const bySlot = cards.get([a.id], at([a.id]));
    const byId = cards.get([a.id]);
    expect((await bySlot)[0]?.row.views).toBe(6);
    expect((await byId)[0]?.row.views).toBe(6);
    await setViews([a.id], 7);
    cards.forget(a.id);
    expect(await views([a.id])).toEqual([7]);

    // Another load of the index numbers its slots anew: slot 0 is now c's.
    slotOf.set(c.id, 0);
    expect((await cards.get([c.id], at([c.id], 2)))[0]?.row.id).toBe(c.id);
    expect((await cards.get([a.id], at([a.id], 1)))[0]?.row.id).toBe(a.id);
  });
});
