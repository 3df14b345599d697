import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSearchRepository, MAX_RANKED_CANDIDATES, type SearchRepository } from '../../src/modules/search/search.repository.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph } from '../factories.ts';

// Issue 20 / decision 0023: a relevance tier ranks at most MAX_RANKED_CANDIDATES matches per query.
// Paging a word that matches more glyphs than that walks the ranked candidates once each, in order.

let t: TestApp;
let repo: SearchRepository;
const CAP = MAX_RANKED_CANDIDATES[0];
const MATCHES = CAP + 150;
let beaconId = '';

beforeAll(async () => {
  t = await buildTestApp();
  repo = createSearchRepository(t.database.db);
  const creator = await createUser(t.app, { username: 'bulk_uploader', name: 'Robin Hale' });
  // One statement for the bulk (the search triggers still fill every row's vectors). 'marker' is in
  // every description and no title, so all of these are description-only (tier 0) matches.
  await t.database.db.execute(
    sql`insert into glyphs (creator_id, title, description, downloads, likes)
        select ${creator.id}, 'Zeppelin ' || n, 'A quiet marker numbered ' || n, n % 7, n % 3
          from generate_series(1, ${MATCHES}) as n`,
  );
  beaconId = (await insertGlyph(t.database, creator.id, { title: 'Harbour Beacon', description: 'A marker light for boats' })).id;
});

afterAll(async () => {
  await t.close();
});

describe('bounded relevance search (decision 0023)', () => {
  it(`pages through the ${CAP} ranked candidates of a ${MATCHES}-match word without repeats or gaps`, async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await repo.search({ term: 'marker', sort: 'relevance', limit: 100, cursor });
      expect(page.rows.length).toBeGreaterThan(0);
      seen.push(...page.rows.map((row) => row.id));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 100);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(CAP);
    // One big page gives the same glyphs in the same order as the pages did.
    const all = await repo.search({ term: 'marker', sort: 'relevance', limit: CAP + 500 });
    expect(all.rows.map((row) => row.id)).toEqual(seen);
  });

  it('ranks every match when there are fewer than the cap', async () => {
    const { rows } = await repo.search({ term: 'marker light', sort: 'relevance', limit: 100 });
    expect(rows.map((row) => row.id)).toEqual([beaconId]);
    const zeppelins = await repo.search({ term: 'zeppelin', sort: 'relevance', limit: 100 });
    expect(zeppelins.rows).toHaveLength(100);
  });
});
