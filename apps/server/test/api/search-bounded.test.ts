import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createSearchRepository,
  MAX_RANKED_CANDIDATES,
  type SearchRepository,
} from '../../src/modules/search/search.repository.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph } from '../factories.ts';

// A relevance tier ranks a bounded candidate set per query: the first matches the GIN index hands over.
// Paging a word that matches more glyphs than the cap walks the ranked candidates once
// each, in order.

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
  // every description and no title, so all of these are description-only (tier 0) matches.
  await t.database.db.execute(
    sql`insert into glyphs (creator_id, title, description, downloads, likes)
        select ${creator.id}, 'Zeppelin ' || n, 'A quiet marker numbered ' || n, n % 7, n % 3
          from generate_series(1, ${MATCHES}) as n`,
  );
  beaconId = (await insertGlyph(t.database, creator.id, { title: 'Harbour Beacon', description: 'A marker light for boats' })).id;
  // Added last (last in table order), and far more popular than the rest.
  starId = (await insertGlyph(t.database, creator.id, { title: 'Comet', description: 'A bright marker', downloads: 90, likes: 9 })).id;
});

afterAll(async () => {
  await t.close();
});

describe('bounded relevance search', () => {
  it(`pages through the ${MAX_RANKED_CANDIDATES[0]} ranked candidates of a plain search without repeats or gaps`, async () => {
    const seen = await pageAll({ term: 'marker' });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(MAX_RANKED_CANDIDATES[0]);
    // One big page gives the same glyphs in the same order as the pages did.
    const all = await repo.search({ term: 'marker', sort: 'relevance', limit: 1000 });
    expect(all.rows.map((row) => row.id)).toEqual(seen.slice(0, 1000));
  });

  it('finds a match beyond the cap when a second word narrows the search', async () => {
    const { rows } = await repo.search({ term: 'bright marker', sort: 'relevance', limit: 100 });
    expect(rows.map((row) => row.id)).toEqual([starId]);
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

describe('search reads the glyphs table itself', () => {
  it('follows renames, edits, deletion and restoring at once', async () => {
    const creator = await createUser(t.app, { username: 'side_table', name: 'Side Table' });
    const glyph = await insertGlyph(t.database, creator.id, { title: 'Paper Crane', description: 'Folded' });
    const found = async (term: string) => (await repo.search({ term, sort: 'relevance', limit: 10 })).rows.map((r) => r.id);
    expect(await found('crane')).toEqual([glyph.id]);
    await t.database.db.execute(sql`update glyphs set title = 'Paper Swan' where id = ${glyph.id}`);
    expect(await found('crane')).toEqual([]);
    expect(await found('swan')).toEqual([glyph.id]);
    await t.database.db.execute(sql`update users set username = 'origamifan' where id = ${creator.id}`);
    expect(await found('origamifan')).toEqual([glyph.id]);
    await t.database.db.execute(sql`update glyphs set deleted_at = now() where id = ${glyph.id}`);
    expect(await found('swan')).toEqual([]);
    await t.database.db.execute(sql`update glyphs set deleted_at = null where id = ${glyph.id}`);
    expect(await found('swan')).toEqual([glyph.id]);
  });
});
