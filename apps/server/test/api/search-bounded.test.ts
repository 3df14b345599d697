import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.ts';
import {
  createSearchRepository,
  MAX_BANDED_CANDIDATES,
  MAX_RANKED_CANDIDATES,
  type SearchRepository,
} from '../../src/modules/search/search.repository.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph } from '../factories.ts';

// Issue 20: a relevance tier ranks a bounded candidate set per query. A plain search draws it from
// the side table glyph_search, most popular band first (decision 0032); a search narrowed by glyph
// columns (a creator, the browse filters) draws it from glyphs (decision 0023). Paging a word that
// matches more glyphs than the cap walks the ranked candidates once each, in order.

let t: TestApp;
let repo: SearchRepository;
const MATCHES = MAX_RANKED_CANDIDATES[0] + 150;
let creatorId = '';
let beaconId = '';
let starId = '';

async function pageAll(params: { term: string; creatorId?: string }): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await repo.search({ ...params, sort: 'relevance', limit: 100, cursor });
    expect(page.rows.length).toBeGreaterThan(0);
    seen.push(...page.rows.map((row) => row.id));
    cursor = page.nextCursor ?? undefined;
    pages += 1;
  } while (cursor && pages < 100);
  return seen;
}

beforeAll(async () => {
  t = await buildTestApp();
  repo = createSearchRepository(t.database.db);
  const creator = await createUser(t.app, { username: 'bulk_uploader', name: 'Robin Hale' });
  creatorId = creator.id;
  // One statement for the bulk (the search triggers still fill every row's vectors). 'marker' is in
  // every description and no title, so all of these are description-only (tier 0) matches, with
  // popularity 1 + downloads + likes between 1 and 9 (the two lowest bands).
  await t.database.db.execute(
    sql`insert into glyphs (creator_id, title, description, downloads, likes)
        select ${creator.id}, 'Zeppelin ' || n, 'A quiet marker numbered ' || n, n % 7, n % 3
          from generate_series(1, ${MATCHES}) as n`,
  );
  beaconId = (await insertGlyph(t.database, creator.id, { title: 'Harbour Beacon', description: 'A marker light for boats' })).id;
  // Added last (last in table order), and far more popular than the rest: the top band.
  starId = (await insertGlyph(t.database, creator.id, { title: 'Comet', description: 'A bright marker', downloads: 90, likes: 9 })).id;
});

afterAll(async () => {
  await t.close();
});

describe('bounded relevance search (decisions 0023, 0032)', () => {
  it(`pages through the ${MAX_BANDED_CANDIDATES[0]} ranked candidates of a plain search without repeats or gaps`, async () => {
    const seen = await pageAll({ term: 'marker' });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(MAX_BANDED_CANDIDATES[0]);
    // One big page gives the same glyphs in the same order as the pages did.
    const all = await repo.search({ term: 'marker', sort: 'relevance', limit: 1000 });
    expect(all.rows.map((row) => row.id)).toEqual(seen);
  });

  it('takes the most popular matches first when a plain search has more than the cap', async () => {
    const { rows } = await repo.search({ term: 'marker', sort: 'relevance', limit: 100 });
    // The last glyph in table order, but in the most popular band: ranked, and first (same text rank).
    expect(rows[0]?.id).toBe(starId);
    // More glyphs have popularity 7–9 (band 1) than the cap holds, so no glyph of the lowest band
    // (popularity below 7) is a candidate.
    const bands = await queryRows<{ id: string; band: number }>(t.database.db, sql`select glyph_id as id, band from glyph_search`);
    const bandOf = new Map(bands.map((row) => [row.id, row.band]));
    expect(bands.filter((row) => row.band === 1).length).toBeGreaterThan(MAX_BANDED_CANDIDATES[0]);
    for (const id of await pageAll({ term: 'marker' })) expect(bandOf.get(id)).toBeGreaterThanOrEqual(1);
  });

  it(`pages through the ${MAX_RANKED_CANDIDATES[0]} candidates of a creator's search (drawn from glyphs)`, async () => {
    const seen = await pageAll({ term: 'marker', creatorId });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(MAX_RANKED_CANDIDATES[0]);
  });

  it('ranks every match when there are fewer than the cap', async () => {
    const { rows } = await repo.search({ term: 'marker light', sort: 'relevance', limit: 100 });
    expect(rows.map((row) => row.id)).toEqual([beaconId]);
    const zeppelins = await repo.search({ term: 'zeppelin', sort: 'relevance', limit: 100 });
    expect(zeppelins.rows).toHaveLength(100);
  });
});

describe('glyph_search follows the glyph (migration 0015)', () => {
  const sideRow = async (id: string) =>
    (
      await queryRows<{ popularity: number; band: number; title: string }>(
        t.database.db,
        sql`select popularity, band, title_vector::text as title from glyph_search where glyph_id = ${id}`,
      )
    )[0];

  it('keeps popularity and band in step with the counters, and drops deleted glyphs', async () => {
    const creator = await createUser(t.app, { username: 'side_table', name: 'Side Table' });
    const glyph = await insertGlyph(t.database, creator.id, { title: 'Paper Crane', description: 'Folded' });
    expect(await sideRow(glyph.id)).toMatchObject({ popularity: 1, band: 0 });
    await t.database.db.execute(sql`update glyphs set likes = 3 where id = ${glyph.id}`);
    expect(await sideRow(glyph.id)).toMatchObject({ popularity: 4, band: 0 });
    await t.database.db.execute(sql`update glyphs set downloads = 60 where id = ${glyph.id}`);
    expect(await sideRow(glyph.id)).toMatchObject({ popularity: 64, band: 3 });
    await t.database.db.execute(sql`update glyphs set title = 'Paper Swan' where id = ${glyph.id}`);
    expect((await sideRow(glyph.id))?.title).toContain("'swan'");
    await t.database.db.execute(sql`update users set username = 'origamifan' where id = ${creator.id}`);
    expect((await sideRow(glyph.id))?.title).toContain("'origamifan'");
    expect((await repo.search({ term: 'origamifan', sort: 'relevance', limit: 10 })).rows.map((r) => r.id)).toEqual([glyph.id]);
    await t.database.db.execute(sql`update glyphs set deleted_at = now() where id = ${glyph.id}`);
    expect(await sideRow(glyph.id)).toBeUndefined();
    await t.database.db.execute(sql`update glyphs set deleted_at = null where id = ${glyph.id}`);
    expect(await sideRow(glyph.id)).toMatchObject({ popularity: 64, band: 3 });
  });
});
