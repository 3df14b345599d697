import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../../src/db/client.ts';
import { createSearchCards } from '../../src/modules/search/search.cards.ts';
import { compileGroups, createSearchIndex, idKey, type SearchIndex } from '../../src/modules/search/search.index.ts';
import { parseTsvector, tsRank } from '../../src/modules/search/search.rank.ts';
import {
  createSearchIndexing,
  createSearchRepository,
  searchGroups,
  toTsQuery,
  type SearchRepository,
} from '../../src/modules/search/search.repository.ts';
import { englishLexeme } from '../../src/modules/search/search.stem.ts';
import { similarity } from '../../src/modules/search/search.trigram.ts';
import { GlyphListSchema } from '@glyphary/shared';
import { schemaSerializer } from '../../src/lib/response-cache.ts';
import { toGlyphList } from '../../src/modules/discovery/discovery.presenter.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { REPO_ROOT } from '../scale/instances.ts';
import { createUser, insertGlyph } from '../factories.ts';

// Decision 0034: plain "Best match" searches come from an in-process index that caches PostgreSQL's
// own full-text data. These tests hold it to PostgreSQL on a generated catalogue: the stemmer, the
// trigram similarity and the ts_rank port against the real functions, whole result pages against the
// SQL path, and freshness across two instances on one database.

let t: TestApp;
let sqlRepo: SearchRepository;
let index: SearchIndex;
let indexRepo: SearchRepository;

const VOCABULARY = (
  'clock clocks neon minimal analog boot booting animation animations animated charging charger battery batteries ' +
  'notification notifications pulse pulsing music musical visualizer equalizer weather rain rainfall compass pomodoro ' +
  'timer timers snake game games pong heartbeat breathing spotify volume call glow firework galaxy spiral retro tetris ' +
  'code display step counter counters matrix light lights led leds blink blinking wave waves pixel pixels glyph glyphs ' +
  'running runner happily quickly studies studying connection connected organization generously 10 3d v2 x100'
).split(' ');
const CREATORS = [
  { username: 'neon_works', name: 'Ada Lumen' },
  { username: 'dotsmith', name: 'Bo Pixel' },
  { username: 'quiet_led', name: 'Cy Quiet' },
];

/** A small deterministic PRNG (mulberry32), so the catalogue is the same on every run. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const TERMS = [
  'clock',
  'clocks',
  'clo',
  'cl',
  'c',
  'neon clock',
  'minimal clock face',
  'boot',
  'booting',
  'animation',
  'animations',
  'anim',
  'animaton',
  'chargng',
  'batery',
  'the battery',
  'the',
  'a clock',
  'notification pulse',
  'notifcation',
  'music',
  'musc',
  'visualiser',
  'rain',
  'rainfal',
  'pomodoro timer',
  'timer',
  'snake game',
  'snak',
  'retro',
  'retro game pong',
  'glyph',
  'glyphs',
  'led',
  'leds',
  'blink',
  'blinking lights',
  'wave pixel',
  'ada',
  'lumen',
  'dotsmith',
  'quiet',
  'quiet_led',
  'neon_works',
  'bo pixel',
  '10',
  '3d',
  'v2',
  'x100',
  'running',
  'runner',
  'happily',
  'studies',
  'connection',
  'connected',
  'organization',
  'generously',
  'zzzz',
  'qqqq',
  'xylophone',
  'matrix light',
  'heartbeat breathing',
  'spotify volume call',
  'clock clock',
  'CLOCK',
  'Clock-Face',
  '  boot   ring ',
  'firework galaxy spiral',
  'tetris code',
  'step counter',
  'counter',
  'count',
  'glo',
  'glow',
  'gal',
  'spi',
  'weather rain',
  'compas',
  'equaliser',
  'ledd',
];

beforeAll(async () => {
  t = await buildTestApp();
  const creators = [];
  for (const c of CREATORS) creators.push(await createUser(t.app, c));
  const random = rng(34);
  const pick = () => VOCABULARY[Math.floor(random() * VOCABULARY.length)] as string;
  const rows: { c: string; ti: string; de: string; dl: number; li: number; tg: string[] }[] = [];
  for (let i = 0; i < 360; i += 1) {
    const words = 1 + Math.floor(random() * 3);
    rows.push({
      ti: Array.from({ length: words }, pick)
        .map((w) => w[0]?.toUpperCase() + w.slice(1))
        .join(' '),
      de: `The ${pick()} ${pick()} with a ${pick()}, ${pick()} and ${pick()} for the ${pick()} ${pick()}.`,
      c: (creators[i % creators.length] as { id: string }).id,
      // Popularity across all four bands (1 + downloads + likes: 1 … 120).
      dl: Math.floor(random() ** 3 * 100),
      li: Math.floor(random() * 20),
      tg: random() < 0.3 ? [pick(), pick()] : [],
    });
  }
  await t.database.db.execute(
    sql`insert into glyphs (creator_id, title, description, downloads, likes, tags)
        select c, ti, de, dl, li, tg
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(c text, ti text, de text, dl int, li int, tg jsonb)`,
  );
  // A deleted glyph never appears.
  await t.database.db.execute(
    sql`update glyphs set deleted_at = now() where title in (select title from glyphs order by title limit 3)`,
  );
  sqlRepo = createSearchRepository(t.database.db);
  const indexing = createSearchIndexing(t.database.db);
  index = indexing.index;
  await index.start();
  indexRepo = createSearchRepository(t.database.db, indexing);
}, 120_000);

afterAll(async () => {
  index?.stop();
  await t?.close();
});

async function pageAll(repo: SearchRepository, term: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 200; pages += 1) {
    const page = await repo.search({ term, sort: 'relevance', limit, cursor });
    seen.push(...page.rows.map((row) => row.id));
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return seen;
}

/** Every page of a search with its cursor: equal cursors mean equal scores to the last bit (a cursor carries its score). */
async function pagesOf(repo: SearchRepository, term: string, limit: number): Promise<{ ids: string[]; next: string | null }[]> {
  const out: { ids: string[]; next: string | null }[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 200; n += 1) {
    const page = await repo.search({ term, sort: 'relevance', limit, cursor });
    out.push({ ids: page.rows.map((row) => row.id), next: page.nextCursor });
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return out;
}

describe('in-process search index (decision 0034)', () => {
  it('stems query words as PostgreSQL’s english configuration does', async () => {
    const text = ['product-spec.md', 'design.md', 'security-sweep.md']
      .map((f) => fs.readFileSync(path.join(REPO_ROOT, 'docs', f), 'utf8'))
      .join(' ');
    const words = [...new Set([...VOCABULARY, ...(text.toLowerCase().match(/[a-z0-9]+/g) ?? [])])];
    expect(words.length).toBeGreaterThan(1000);
    const rows = await queryRows<{ w: string; e: string | null }>(
      t.database.db,
      sql`select w, (select string_agg(x, ' ') from unnest(tsvector_to_array(to_tsvector('english'::regconfig, w))) x) as e
            from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as w`,
    );
    // porter2 is trusted only where it is this database's stemmer (PostgreSQL ≤ 17: Porter2; PGlite's
    // PostgreSQL 18 ships Snowball 3, which stems 'added' as 'add'); the index checks that at load.
    const porterAgrees = rows.every((row) => englishLexeme(row.w) === null || englishLexeme(row.w) === (row.e ?? ''));
    expect(index.stats().stemmer).toBe(porterAgrees ? 'js' : 'db');
    if (t.database.kind === 'postgres')
      expect(rows.filter((row) => englishLexeme(row.w) !== null && englishLexeme(row.w) !== (row.e ?? ''))).toEqual([]);
    // Whichever way, the index's lexemes are the database's.
    const mine = await index.englishLexemes(rows.map((row) => row.w));
    expect(rows.filter((row) => mine.get(row.w) !== null && mine.get(row.w) !== (row.e ?? ''))).toEqual([]);
    // Stop words are dropped, plain words are stemmed, digits stay as typed.
    expect([englishLexeme('the'), englishLexeme('animations'), englishLexeme('x100'), englishLexeme('café')]).toEqual([
      '',
      'anim',
      'x100',
      null,
    ]);
  });

  it('finds the same close words for misspellings as pg_trgm over search_words', async () => {
    for (const term of TERMS) expect(index.groups(term), term).toEqual(await searchGroups(t.database.db, term));
  });

  it('computes pg_trgm similarity() exactly', async () => {
    const words = (await queryRows<{ word: string }>(t.database.db, sql`select word from search_words order by word`)).map(
      (r) => r.word,
    );
    const tokens = ['animaton', 'chargng', 'batery', 'clck', 'xylophone', 'neonworks', 'quiet_led', 'ab', 'ledd'];
    const pairs = tokens.flatMap((a) => words.map((b) => [a, b] as const));
    const rows = await queryRows<{ a: string; b: string; s: number }>(
      t.database.db,
      sql`select a, b, similarity(a, b)::float8 as s from jsonb_to_recordset(${JSON.stringify(pairs.map(([a, b]) => ({ a, b })))}::jsonb) as x(a text, b text)`,
    );
    expect(rows.length).toBeGreaterThan(300);
    const mismatches = rows.filter((row) => similarity(row.a, row.b) !== Number(row.s));
    expect(mismatches).toEqual([]);
  });

  it('ranks exactly as PostgreSQL’s ts_rank on every matching (vector, query) pair', async () => {
    let pairs = 0;
    for (const term of TERMS) {
      const groups = await searchGroups(t.database.db, term);
      if (!groups) continue;
      const compiled = compileGroups(groups);
      if (compiled === null || compiled === 'none') continue;
      const q = toTsQuery(groups);
      const rows = await queryRows<{ tv: string; sv: string; rt: number; rs: number; mt: boolean }>(
        t.database.db,
        sql`select title_vector::text as tv, search_vector::text as sv, ts_rank(title_vector, ${q})::float8 as rt,
                   ts_rank(search_vector, ${q})::float8 as rs, title_vector @@ ${q} as mt
              from glyph_search where search_vector @@ ${q}`,
      );
      for (const row of rows) {
        const tier = row.mt ? { vector: row.tv, rank: Number(row.rt) } : { vector: row.sv, rank: Number(row.rs) };
        expect(tsRank(parseTsvector(tier.vector), compiled.items, compiled.isAnd), `${term}: ${tier.vector}`).toBe(tier.rank);
        // The other vector too, whether or not it matches: the port must not depend on a match.
        expect(tsRank(parseTsvector(row.sv), compiled.items, compiled.isAnd), `${term}: ${row.sv}`).toBe(Number(row.rs));
        pairs += 2;
      }
    }
    expect(pairs).toBeGreaterThan(300);
  });

  it('serves the same pages, in the same order and with working cursors, as the SQL path', async () => {
    const before = index.stats().answered;
    let nonEmpty = 0;
    for (const term of TERMS) {
      const expected = await pageAll(sqlRepo, term, 100);
      expect(await pageAll(indexRepo, term, 100), term).toEqual(expected);
      // Small pages cross the tiers and many cursors.
      // Cursors too: the same scores to the last bit (decision 0056: the popularity term's ln is the database's).
      expect(await pagesOf(indexRepo, term, 7), `${term} (pages of 7)`).toEqual(await pagesOf(sqlRepo, term, 7));
      if (expected.length > 0) nonEmpty += 1;
    }
    expect(nonEmpty).toBeGreaterThan(50);
    // Every one of those searches was answered by the index, none left to SQL.
    expect(index.stats().answered).toBeGreaterThan(before + TERMS.length * 2);
    expect(index.stats().declined).toBe(0);
    // Hundreds of paged searches on both paths: ~10 s alone, several times that on a loaded machine.
  }, 180_000);

  it('matches the same hits through posting bitsets as through posting lists, before and after a feed write (decision 0048)', async () => {
    // Every lexeme a bitset from its first posting (the bench catalogue's frequent ones only), grown as slots are added.
    const bitwise = createSearchIndex(t.database.db, { bitsetPostings: 1 });
    await bitwise.start();
    const compare = async (terms: readonly string[]) => {
      for (const term of terms) {
        const hits = await index.search(term, 100);
        expect(await bitwise.search(term, 100), term).toEqual(hits);
        const last = hits && hits.length > 7 ? hits[6] : undefined;
        if (last) expect(await bitwise.search(term, 7, last), `${term} after 7`).toEqual(await index.search(term, 7, last));
      }
    };
    try {
      await compare(TERMS);
      const creator = await createUser(t.app);
      await insertGlyph(t.database, creator.id, { title: 'Neon Battery Clock', description: 'A clock of neon glyphs' });
      await index.fresh();
      await bitwise.fresh();
      await compare(['neon clock', 'battery', 'clock', 'glyph']);
      expect((await bitwise.search('neon battery clock', 100))?.length).toBeGreaterThan(0);
    } finally {
      bitwise.stop();
    }
  });

  it('breaks score ties by id, descending, as the SQL path does — ids sharing their first 12 hex digits included', async () => {
    // Equal text and popularity: equal scores, so the order is the ids' alone. The index compares ids by their
    // leading 48 bits (idKey) and by text only when those are equal: the pairs below differ past the 12th digit.
    const creator = await createUser(t.app);
    const ids = [
      '0fffffff-ffff-4000-8000-000000000001',
      '10000000-0000-4000-8000-000000000001',
      'c0ffee00-0001-4000-8000-000000000002',
      'c0ffee00-0001-4000-8000-000000000010',
      'c0ffee00-0001-4fff-8000-000000000001',
      'c0ffee00-0002-4000-8000-000000000001',
      'ffffffff-ffff-4000-8000-000000000000',
    ];
    for (const id of [...ids].reverse())
      await insertGlyph(t.database, creator.id, { id, title: 'Xylospark Quillon', description: 'Xylospark quillon tie', likes: 3 });
    await index.fresh();
    const hits = (await index.search('xylospark quillon', 100)) ?? [];
    expect(hits.map((hit) => hit.id)).toEqual([...ids].sort().reverse());
    expect(new Set(hits.map((hit) => hit.score)).size).toBe(1);
    expect(await pageAll(indexRepo, 'xylospark quillon', 3)).toEqual(await pageAll(sqlRepo, 'xylospark quillon', 3));
    expect(await pageAll(indexRepo, 'xylospark', 100)).toEqual(await pageAll(sqlRepo, 'xylospark', 100));
  });

  it('keys ids by their leading 48 bits in the same order as their text (idKey)', () => {
    const random = rng(7);
    const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(random() * 16)]).join('');
    const uuids = Array.from({ length: 500 }, (_, i) => `${i % 5 === 0 ? 'abcdef01' : hex(8)}-${i % 10 === 0 ? '2345' : hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`);
    for (let i = 1; i < uuids.length; i += 1) {
      const a = uuids[i - 1] as string;
      const b = uuids[i] as string;
      if (idKey(a) !== idKey(b)) expect(idKey(a) < idKey(b), `${a} ${b}`).toBe(a < b);
      else expect(a.slice(0, 13)).toBe(b.slice(0, 13));
    }
    expect(idKey('ffffffff-ffff-4000-8000-000000000000')).toBe(2 ** 48 - 1);
    expect(idKey('00000000-0000-4000-8000-000000000000')).toBe(0);
    expect(idKey('FFFFFFFF-FFFF-4000-8000-000000000000')).toBe(-1);
    expect(idKey('not-a-uuid')).toBe(-1);
  });

  it('asks PostgreSQL once which copy of a text named both as a prefix and exactly it ranks with, then serves the SQL path’s pages (decision 0056)', async () => {
    // A typo's alternative equal to another word's stem names that text exactly and as a prefix ("clok clock":
    // clock | clock:*); ts_rank keeps one copy, and which one is PostgreSQL's sort's business.
    const terms = ['clok clock', 'clock clok', 'clocks clok', 'timr timer', 'lightt light', 'pixl pixels', 'glyhp glyphs'];
    const ambiguous = [];
    for (const term of terms) {
      const groups = index.groups(term);
      if (groups && compileGroups(groups) === null) ambiguous.push(term);
    }
    expect(ambiguous.length).toBeGreaterThanOrEqual(4);
    const before = index.stats();
    for (const term of ambiguous) {
      // Equal cursors: equal scores to the last bit (they carry the score), not just the same order.
      expect(await pagesOf(indexRepo, term, 7), term).toEqual(await pagesOf(sqlRepo, term, 7));
      expect(await pageAll(indexRepo, term, 100), term).toEqual(await pageAll(sqlRepo, term, 100));
    }
    const after = index.stats();
    // Answered in-process: a probe per query whose ranks depend on the copy, none left to SQL.
    expect(after.declined).toBe(before.declined);
    expect(after.probes - before.probes).toBeGreaterThanOrEqual(1);
    // Asked once per open question: the same searches again ask nothing.
    for (const term of ambiguous) await pageAll(indexRepo, term, 7);
    expect(index.stats().probes).toBe(after.probes);
  });

  it('leaves words only PostgreSQL can parse to the SQL path, with the same answer', async () => {
    const glyph = await insertGlyph(t.database, (await createUser(t.app, { username: 'cafe_owner', name: 'Zoë Brûlée' })).id, {
      title: 'Café Crème Clock',
    });
    const before = index.stats().declined;
    const page = await indexRepo.search({ term: 'café', sort: 'relevance', limit: 100 });
    expect(page.rows.map((row) => row.id)).toEqual([glyph.id]);
    expect(index.stats().declined).toBe(before + 1);
    expect(await pageAll(indexRepo, 'brûlée clock', 100)).toEqual(await pageAll(sqlRepo, 'brûlée clock', 100));
  });

  it('falls back to SQL while the index is not loaded', async () => {
    const cold = createSearchIndex(t.database.db);
    const repo = createSearchRepository(t.database.db, { index: cold, cards: createSearchCards(t.database.db) });
    expect(cold.ready).toBe(false);
    expect(await pageAll(repo, 'clock', 100)).toEqual(await pageAll(sqlRepo, 'clock', 100));
    expect(cold.stats()).toMatchObject({ ready: false, answered: 0 });
  });

  it('warms the cards of the most popular live glyphs up to its bound, the same cards a search reads (decision 0053)', async () => {
    const live = await queryRows<{ id: string }>(t.database.db, sql`select glyph_id as id from glyph_search order by popularity desc, glyph_id`);
    expect(live.length).toBeGreaterThan(20);
    const bound = live.length - 5;
    const warm = createSearchCards(t.database.db, { maxEntries: bound });
    expect(await warm.warm({ batchSize: 7 })).toBe(bound);
    const mostPopular = live[0]!.id;
    const leastPopular = live.at(-1)!.id;
    const [fresh] = await createSearchCards(t.database.db).get([mostPopular]);
    // Both glyphs deleted behind the cache's back: a held card still comes from memory, one that was not
    // warmed is read from the database, which no longer has it live. So the most popular was warmed (with
    // the bytes of an on-demand read) and the least popular, past the bound, was not.
    await queryRows(t.database.db, sql`update glyphs set deleted_at = now() where id in (${mostPopular}, ${leastPopular})`);
    try {
      const [held, notHeld] = await warm.get([mostPopular, leastPopular]);
      expect(held?.bytes.equals(fresh!.bytes)).toBe(true);
      expect(notHeld).toBeUndefined();
    } finally {
      await queryRows(t.database.db, sql`update glyphs set deleted_at = null where id in (${mostPopular}, ${leastPopular})`);
    }
    // A stopped warm-up reads nothing.
    const stopped = createSearchCards(t.database.db);
    expect(await stopped.warm({ stopped: () => true })).toBe(0);
  });

  it('answers the API’s plain searches from the app’s own index', async () => {
    const appIndex = t.app.glyphary.searchIndex;
    expect(appIndex?.ready).toBe(true);
    const before = appIndex?.stats().answered ?? 0;
    const response = await t.app.inject({ method: 'GET', url: '/api/get-glyphs?search=neon%20clock&limit=100' });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { glyphs: { id: string }[] }).glyphs.map((g) => g.id)).toEqual(
      await pageAll(sqlRepo, 'neon clock', 100),
    );
    expect(appIndex?.stats().answered).toBe(before + 1);
  });

  it('writes the same get-glyphs bytes from its pre-serialized cards as the list serializer does', async () => {
    const serializeList = schemaSerializer(GlyphListSchema);
    for (const term of ['clock', 'neon clock', 'animaton', 'the battery', 'glyphs', 'zzzz']) {
      let cursor: string | null = null;
      for (let pages = 0; pages < 4; pages += 1) {
        const expected = await sqlRepo.search({ term, sort: 'relevance', limit: 7, cursor: cursor ?? undefined });
        const query = `search=${encodeURIComponent(term)}&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const response = await t.app.inject({ method: 'GET', url: `/api/get-glyphs?${query}` });
        expect(response.statusCode).toBe(200);
        expect(response.body, `${term} page ${pages + 1}`).toBe(serializeList(toGlyphList(expected)));
        cursor = expected.nextCursor;
        if (!cursor) break;
      }
    }
  });

  it('writes an index page as its chunks with the headers, 304, HEAD and compression of a page sent whole (decision 0048)', async () => {
    const url = '/api/get-glyphs?search=clock&limit=7';
    const identity = { 'accept-encoding': 'identity' };
    t.app.readCache.clear();
    // First the route (a body of card chunks, written by sendChunks), then the URL fast path (the same entry).
    const routed = await t.app.inject({ method: 'GET', url, headers: identity });
    const fast = await t.app.inject({ method: 'GET', url, headers: identity });
    // A list without a term: one prepared buffer, sent through reply.send and every onSend hook.
    const whole = await t.app.inject({ method: 'GET', url: '/api/get-glyphs?limit=7', headers: identity });
    expect(routed.statusCode).toBe(200);
    expect((routed.json() as { glyphs: unknown[] }).glyphs.length).toBeGreaterThan(0);
    expect(fast.body).toBe(routed.body);
    const names = (response: typeof routed) => Object.keys(response.headers).filter((name) => name !== 'date').sort();
    expect(names(routed)).toEqual(names(whole));
    expect(names(fast)).toEqual(names(whole));
    for (const name of names(whole).filter((n) => !['etag', 'content-length'].includes(n))) {
      expect(routed.headers[name], name).toBe(whole.headers[name]);
      expect(fast.headers[name], name).toBe(whole.headers[name]);
    }
    expect(Number(routed.headers['content-length'])).toBe(routed.rawPayload.length);
    expect(fast.headers.etag).toBe(routed.headers.etag);

    const notModified = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': routed.headers.etag as string } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    const head = await t.app.inject({ method: 'HEAD', url, headers: identity });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    // Compressed: the chunks joined once, then encoded — the same JSON.
    const gzipped = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(routed.body);
    // As Chromium asks (decision 0071): zstd.
    const browser = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(browser.headers['content-encoding']).toBe('zstd');
    expect(zstdDecompressSync(browser.rawPayload).toString('utf8')).toBe(routed.body);
  });
});

describe('freshness of the index across instances (decision 0034)', () => {
  let other: Database | undefined;
  let remote: SearchIndex;
  let remoteRepo: SearchRepository;

  beforeAll(async () => {
    // A second instance: its own index and, on PostgreSQL, its own connection pool to the same database.
    const url = process.env.TEST_DATABASE_URL;
    let db = t.database.db;
    if (url && t.database.kind === 'postgres') {
      const [row] = await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`);
      const dbUrl = new URL(url);
      dbUrl.pathname = `/${row?.name ?? ''}`;
      other = await openDatabase({ databaseUrl: dbUrl.href, poolMax: 4 });
      db = other.db;
    }
    const indexing = createSearchIndexing(db);
    remote = indexing.index;
    await remote.start();
    remoteRepo = createSearchRepository(db, indexing);
  });

  afterAll(async () => {
    remote?.stop();
    await other?.close();
  });

  const find = async (term: string) =>
    (await remoteRepo.search({ term, sort: 'relevance', limit: 100 })).rows.map((row) => row.id);

  it('sees a glyph written elsewhere at the next search: new, renamed, more popular, typo words, deleted, restored', async () => {
    const creator = await createUser(t.app, { username: 'fresh_maker', name: 'Fay Fresh' });
    const a = await insertGlyph(t.database, creator.id, { title: 'Quokka Lantern', description: 'A small lantern' });
    expect(await find('quokka')).toEqual([a.id]);
    // The typo lexicon follows too: a misspelling of a word that did not exist a moment ago.
    expect(await find('quokak')).toEqual([a.id]);
    const b = await insertGlyph(t.database, creator.id, { title: 'Quokka Beacon', description: 'Another light' });
    expect(await find('quokka')).toEqual(await pageAll(sqlRepo, 'quokka', 100));
    // A like moves b ahead of a (same rank; popularity breaks the tie).
    await t.database.db.execute(sql`update glyphs set likes = likes + 50 where id = ${b.id}`);
    expect(await find('quokka')).toEqual([b.id, a.id]);
    // The cached cards follow every change they show, here a view count and the images.
    const card = async (id: string) =>
      (await remoteRepo.search({ term: 'quokka', sort: 'relevance', limit: 100 })).rows.find((row) => row.id === id);
    expect((await card(a.id))?.views).toBe(0);
    await t.database.db.execute(
      sql`update glyphs set views = 77, images = '["https://example.com/new.png"]'::jsonb where id = ${a.id}`,
    );
    expect(await card(a.id)).toMatchObject({ views: 77, images: ['https://example.com/new.png'] });
    await t.database.db.execute(sql`update glyphs set title = 'Wombat Lantern' where id = ${a.id}`);
    expect(await find('quokka')).toEqual([b.id]);
    expect(await find('wombat')).toEqual([a.id]);
    // Deletion and moderation hiding both set deleted_at: gone at once, back on restore.
    await t.database.db.execute(sql`update glyphs set deleted_at = now() where id = ${b.id}`);
    expect(await find('quokka')).toEqual([]);
    await t.database.db.execute(sql`update glyphs set deleted_at = null where id = ${b.id}`);
    expect(await find('quokka')).toEqual([b.id]);
    // An account's deletion removes its glyphs by cascade: the feed sees that too.
    await t.database.db.execute(sql`delete from glyphs where id = ${b.id}`);
    expect(await find('quokka')).toEqual([]);
    // A creator rename rewrites the vectors of every glyph of theirs.
    await t.database.db.execute(sql`update users set username = 'renamed_maker' where id = ${creator.id}`);
    expect(await find('renamed_maker')).toEqual([a.id]);
    expect(remote.stats().declined).toBe(0);
  });

  it('shares one catch-up between concurrent searches and still sees a write made before them', async () => {
    const creator = await createUser(t.app, { username: 'burst_maker', name: 'Burt Burst' });
    const glyph = await insertGlyph(t.database, creator.id, { title: 'Narwhal Meter' });
    const pages = await Promise.all(Array.from({ length: 20 }, () => find('narwhal')));
    for (const page of pages) expect(page).toEqual([glyph.id]);
  });
});

describe('searches between feed reads (decision 0045)', () => {
  it('skips the feed read within half of maxLagMs, reads it behind the searches after that, and waits for it past maxLagMs', async () => {
    // Another instance with a hand-driven clock: whether it reads the feed depends on the clock alone.
    let clock = 1_000_000;
    const indexing = createSearchIndexing(t.database.db, { maxLagMs: 100, now: () => clock });
    const lagged = indexing.index;
    await lagged.start();
    const repo = createSearchRepository(t.database.db, indexing);
    const find = async (term: string) => (await repo.search({ term, sort: 'relevance', limit: 100 })).rows.map((row) => row.id).sort();
    try {
      const creator = await createUser(t.app, { username: 'lag_maker', name: 'Lee Lag' });
      expect(await find('dugong')).toEqual([]);
      const rounds = lagged.stats().rounds;
      // Written by "another instance" (behind this index's back) 49 ms after the last feed read began:
      // not read yet, and no feed read was made.
      const a = await insertGlyph(t.database, creator.id, { title: 'Dugong Lantern' });
      clock += 49;
      expect(await find('dugong')).toEqual([]);
      expect(lagged.stats().rounds).toBe(rounds);
      // Half the bound: this search does not wait, and a feed read starts behind it.
      clock += 1;
      await find('dugong');
      expect(lagged.stats().rounds).toBe(rounds + 1);
      await vi.waitFor(() => expect(lagged.stats().catchingUp).toBe(false));
      // The read landed: the write shows, with no further read (it began 0 ms ago on this clock).
      expect(await find('dugong')).toEqual([a.id]);
      expect(lagged.stats().rounds).toBe(rounds + 1);
      // Past the bound with no search in between (nothing read ahead): the next search waits for the feed.
      const b = await insertGlyph(t.database, creator.id, { title: 'Dugong Compass' });
      clock += 100;
      expect(await find('dugong')).toEqual([a.id, b.id].sort());
      expect(lagged.stats().rounds).toBe(rounds + 2);
      // A write this instance reports is seen at its next search, without waiting for the lag.
      const c = await insertGlyph(t.database, creator.id, { title: 'Dugong Beacon' });
      lagged.noteWrite();
      expect(await find('dugong')).toEqual([a.id, b.id, c.id].sort());
      expect(lagged.stats().rounds).toBe(rounds + 3);
    } finally {
      lagged.stop();
    }
  });

  it('makes an HTTP write on this instance visible to the app’s next search, lag or not', async () => {
    const lagApp = await buildTestApp({ SEARCH_INDEX_MAX_LAG_MS: '1000' });
    try {
      const owner = await createUser(lagApp.app, { username: 'tapir_owner', name: 'Tia Tapir' });
      const glyph = await insertGlyph(lagApp.database, owner.id, { title: 'Okapi Lantern', description: 'A small lantern' });
      const search = async (term: string) =>
        ((await lagApp.app.inject({ method: 'GET', url: `/api/get-glyphs?search=${term}&limit=100` })).json() as { glyphs: { id: string; title: string }[] }).glyphs;
      expect((await search('okapi')).map((g) => g.id)).toEqual([glyph.id]);
      const rounds = lagApp.app.glyphary.searchIndex?.stats().rounds;
      const updated = await lagApp.app.inject({
        method: 'PUT',
        url: `/api/update-glyph/${glyph.id}`,
        headers: owner.auth,
        payload: { title: 'Tapir Lantern', description: 'A small lantern', githubUrl: 'https://github.com/example/tapir' },
      });
      expect(updated.statusCode).toBe(200);
      expect(await search('tapir')).toMatchObject([{ id: glyph.id, title: 'Tapir Lantern' }]);
      expect(await search('okapi')).toEqual([]);
      // The write made the search read the feed (within a second of the previous read, it would not have).
      expect(lagApp.app.glyphary.searchIndex?.stats().rounds).toBeGreaterThan(rounds ?? Infinity);
    } finally {
      await lagApp.close();
    }
  });

  it('shows another instance’s write in a repeated search within a second: a page lives what the lag leaves of it (decision 0057)', async () => {
    let nowMs = Date.parse('2026-11-27T12:00:00Z');
    const lagApp = await buildTestApp({ SEARCH_INDEX_MAX_LAG_MS: '400' }, { clock: { now: () => new Date(nowMs) } });
    try {
      const owner = await createUser(lagApp.app, { username: 'manatee_owner', name: 'Mia Manatee' });
      const glyph = await insertGlyph(lagApp.database, owner.id, { title: 'Manatee Lantern' });
      const titles = async (term: string) =>
        ((await lagApp.app.inject({ method: 'GET', url: `/api/get-glyphs?search=${term}&limit=100` })).json() as { glyphs: { title: string }[] }).glyphs.map(
          (g) => g.title,
        );
      // The sign-up was this instance's write: this search reads the feed and finds the glyph.
      expect(await titles('manatee')).toEqual(['Manatee Lantern']);
      const index = lagApp.app.glyphary.searchIndex as SearchIndex;
      // Another instance renames it now, right after that feed read.
      await lagApp.database.db.execute(sql`update glyphs set title = 'Walrus Lantern' where id = ${glyph.id}`);
      // 399 ms later the index is still behind (within the 400 ms bound, the search reads the feed behind its
      // answer): this page is built from the old index and cached.
      nowMs += 399;
      expect(await titles('lantern')).toEqual(['Manatee Lantern']);
      await vi.waitFor(() => expect(index.stats().catchingUp).toBe(false));
      // The page cache still answers within its lifetime, though the index has read the rename meanwhile.
      nowMs += 200;
      expect(await titles('lantern')).toEqual(['Manatee Lantern']);
      expect(await titles('walrus')).toEqual(['Walrus Lantern']);
      // One second after the rename the page built from the old index is gone (1000 − 400 ms after it was
      // made); with the full second of the other caches it would live until 1,399 ms.
      nowMs += 401;
      expect(await titles('lantern')).toEqual(['Walrus Lantern']);
    } finally {
      await lagApp.close();
    }
  });
});
