import type { GlyphFilters, SearchSort } from '@glyphary/shared';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { glyphFilterConditions } from '../glyphs/glyphs.filters.ts';
import { animations, files, glyphs, searchWords, users } from '../../db/schema/index.ts';
import { animationJoin, apkFileJoin, creatorJoin, glyphColumns, isLive, type GlyphRow } from '../glyphs/glyphs.read-model.ts';
import { decodeSearchCursor, encodeSearchCursor, type SearchCursor } from './search.cursor.ts';
import { MIN_FUZZY_LENGTH, toSearchTerms, tokenQuery } from './search.query.ts';

export interface SearchParams {
  term: string;
  sort: SearchSort;
  limit: number;
  cursor?: string | undefined;
  creatorId?: string | undefined;
  filters?: GlyphFilters | undefined;
}

export interface SearchPage {
  rows: GlyphRow[];
  nextCursor: string | null;
}

// UTC text with microseconds: the exact key the next page compares against (see search.cursor.ts).
const createdAtKey = sql<string>`to_char(${glyphs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const updatedAtKey = sql<string>`to_char(${glyphs.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Close words kept per misspelled search word. */
const MAX_ALTERNATIVES = 3;

/**
 * The full-text query: every search word must match (AND), each as itself or one of its close
 * words (OR), under English stemming ('animations' → anim) or as typed (usernames are unstemmed).
 * Each group's text comes from `tokenQuery` (plain words, ':*' and '|') and is a bound parameter.
 */
export function toTsQuery(groups: string[]): SQL {
  // An English stop word ('the') is dropped like PostgreSQL drops it from the indexed text, rather
  // than demanding the literal word from the unstemmed creator names.
  const parts = groups.map(
    (text) =>
      sql`(case when numnode(to_tsquery('english'::regconfig, ${text})) = 0 then ''::tsquery else to_tsquery('english'::regconfig, ${text}) || to_tsquery('simple'::regconfig, ${text}) end)`,
  );
  return sql`(${sql.join(parts, sql` && `)})`;
}

/**
 * "Best match" has two tiers: glyphs whose title or creator matches every search
 * word (tier 1, `title_vector`), then glyphs that match only with their description (tier 0).
 * Within a tier: weighted text rank (title A 1.0, creator B 0.4, description C 0.2 — PostgreSQL's
 * default weights) plus a tiny popularity term (at most ~0.02) that orders equally relevant glyphs.
 * A page is served from
 * tier 1 alone whenever it has enough rows, so a common word found in thousands of descriptions
 * never has all of them ranked.
 */
export type Tier = 0 | 1;

function scoreOf(tsq: SQL, tier: Tier): SQL<string> {
  const vector = tier === 1 ? glyphs.titleVector : glyphs.searchVector;
  // float8: deterministic for the same row and query, and its shortest text form (PostgreSQL ≥ 12,
  // JavaScript) round-trips exactly, so the cursor's keyset comparison is exact.
  return sql<string>`(ts_rank(${vector}, ${tsq})::float8 + 0.001 * ln(1 + ${glyphs.downloads} + ${glyphs.likes}))`;
}

/** The match condition of a relevance tier, or of the whole result for the other sorts. */
function matchOf(tsq: SQL, tier: Tier | undefined): SQL {
  if (tier === 1) return sql`${glyphs.titleVector} @@ ${tsq}`;
  if (tier === 0) return sql`(${glyphs.searchVector} @@ ${tsq} and not (${glyphs.titleVector} @@ ${tsq}))`;
  return sql`${glyphs.searchVector} @@ ${tsq}`;
}

type Keyed = GlyphRow & { score: string; createdAtKey: string; updatedAtKey: string; tier?: Tier };

/** The ORDER BY and keyset condition of each sort; the same orderings as the discovery lists. */
function ordering(sort: SearchSort, score: SQL<string>): { orderBy: SQL[]; after: (c: SearchCursor) => SQL } {
  switch (sort) {
    case 'relevance':
      return {
        orderBy: [sql`${score} desc`, desc(glyphs.id)],
        after: (c) => sql`(${score}, ${glyphs.id}) < (${c.score}::float8, ${c.id}::uuid)`,
      };
    case 'latest':
      return {
        orderBy: [desc(glyphs.createdAt), desc(glyphs.id)],
        after: (c) => sql`(${glyphs.createdAt}, ${glyphs.id}) < (${c.createdAt}::timestamptz, ${c.id}::uuid)`,
      };
    case 'popular':
      return {
        orderBy: [desc(glyphs.downloads), desc(glyphs.likes), desc(glyphs.createdAt), desc(glyphs.id)],
        after: (c) =>
          sql`(${glyphs.downloads}, ${glyphs.likes}, ${glyphs.createdAt}, ${glyphs.id}) < (${c.downloads}::int, ${c.likes}::int, ${c.createdAt}::timestamptz, ${c.id}::uuid)`,
      };
    case 'liked':
      return {
        orderBy: [desc(glyphs.likes), desc(glyphs.createdAt), desc(glyphs.id)],
        after: (c) => sql`(${glyphs.likes}, ${glyphs.createdAt}, ${glyphs.id}) < (${c.likes}::int, ${c.createdAt}::timestamptz, ${c.id}::uuid)`,
      };
    case 'viewed':
      return {
        orderBy: [desc(glyphs.views), desc(glyphs.createdAt), desc(glyphs.id)],
        after: (c) => sql`(${glyphs.views}, ${glyphs.createdAt}, ${glyphs.id}) < (${c.views}::int, ${c.createdAt}::timestamptz, ${c.id}::uuid)`,
      };
    case 'updated':
      return {
        orderBy: [desc(glyphs.updatedAt), desc(glyphs.id)],
        after: (c) => sql`(${glyphs.updatedAt}, ${glyphs.id}) < (${c.updatedAt}::timestamptz, ${c.id}::uuid)`,
      };
  }
}

function cursorOf(sort: SearchSort, row: Keyed): string {
  const base = { sort, id: row.id, createdAt: row.createdAtKey };
  switch (sort) {
    case 'relevance':
      return encodeSearchCursor({ ...base, score: String(row.score), tier: row.tier ?? 0 });
    case 'latest':
      return encodeSearchCursor(base);
    case 'popular':
      return encodeSearchCursor({ ...base, downloads: row.downloads, likes: row.likes });
    case 'liked':
      return encodeSearchCursor({ ...base, likes: row.likes });
    case 'viewed':
      return encodeSearchCursor({ ...base, views: row.views });
    case 'updated':
      return encodeSearchCursor({ ...base, updatedAt: row.updatedAtKey });
  }
}

/** Drops the sort keys so callers get exactly the shared read model. */
function toRow({ score: _score, createdAtKey: _key, updatedAtKey: _updated, tier: _tier, ...row }: Keyed): GlyphRow {
  return row;
}

/**
 * At most this many matches of a relevance tier are ranked per search: the GIN index
 * hands them over in table order and the scan stops there, so a word found in half the catalogue's
 * descriptions costs what a word found in 500 of them costs. Below the cap every match is ranked
 * exactly as before; above it the tier's best-ranked of the first candidates in table order are
 * shown (title/creator matches are rarely that broad, description-only matches often are).
 * Ranking (ts_rank per candidate) is most of a search's cost: on PGlite, which runs one query at a
 * time, 5,000 title candidates made a search cost ~70–100 ms of CPU and 20 searches/s piled up
 * without bound; 1,000 halve it (decision 0073, "Measured").
 */
export const MAX_RANKED_CANDIDATES: Record<Tier, number> = { 1: 1000, 0: 500 };

/** A spec sort's page: ordered and cut on the glyphs table alone (the sort's own index). */
function sortedPage(db: Db, conditions: SQL[], orderBy: SQL[], score: SQL<string>, limit: number) {
  return db
    .select({ id: sql<string>`${glyphs.id}`.as('page_id'), score: sql<string>`${score}`.as('score') })
    .from(glyphs)
    .where(and(...conditions))
    .orderBy(...orderBy)
    .limit(limit + 1)
    .as('page');
}

/**
 * A candidate set: a subquery aliased `cand` with the columns `cand_id`, `cand_vector` (the vector
 * the tier ranks) and `cand_popularity` (1 + downloads + likes).
 */
type Candidates = SQL;

/** The tier's first `MAX_RANKED_CANDIDATES` matches in table order. */
function glyphCandidates(db: Db, conditions: SQL[], tier: Tier, tsq: SQL): Candidates {
  const vector = tier === 1 ? glyphs.titleVector : glyphs.searchVector;
  const query = db
    .select({
      id: sql<string>`${glyphs.id}`.as('cand_id'),
      vector: sql<string>`${vector}`.as('cand_vector'),
      popularity: sql<number>`(1 + ${glyphs.downloads} + ${glyphs.likes})`.as('cand_popularity'),
    })
    .from(glyphs)
    // The match is stated twice on purpose: PostgreSQL multiplies the two selectivities, so a broad
    // word no longer looks like a tenth of the table, and the planner keeps the GIN bitmap scan
    // instead of a sequential scan "that stops after 1,000 matches" — which, for a word rarer than it
    // estimated, reads the whole table (EXPLAIN in decision 0023). `is true` keeps the second copy
    // out of the index condition (a filter on the ≤ 1,000 fetched rows). The result is the same.
    .where(and(...conditions, sql`(${matchOf(tsq, tier)}) is true`))
    .limit(MAX_RANKED_CANDIDATES[tier]);
  return sql`(${query}) as cand`;
}

/**
 * A relevance page: a bounded candidate set, ranked afterwards. The cursor applies to the ranked
 * candidates, so every page of one search ranks the same set: "Load more" never repeats or skips a
 * glyph within it (the spec asks for 100 results; the caps are above that).
 */
function rankedPage(db: Db, candidates: Candidates, tsq: SQL, limit: number, after?: SearchCursor) {
  // The same value as `scoreOf` (ln of an integer resolves to the float8 ln there too), so cursors
  // match.
  const score = sql<string>`(ts_rank(cand.cand_vector, ${tsq})::float8 + 0.001 * ln(cand.cand_popularity))`;
  return db
    .select({ id: sql<string>`cand.cand_id`.as('page_id'), score: sql<string>`${score}`.as('score') })
    .from(candidates)
    .where(after ? sql`(${score}, cand.cand_id) < (${after.score}::float8, ${after.id}::uuid)` : undefined)
    .orderBy(sql`${score} desc`, sql`cand.cand_id desc`)
    .limit(limit + 1)
    .as('page');
}

/**
 * The search query itself, not yet run: live glyphs matching every group of `groups` (see
 * `tokenQuery`) — for relevance, those of one `tier` — in `sort` order after `after`, `limit + 1`
 * rows. The inner query orders and cuts on the glyphs table alone (GIN indexes on the vectors),
 * so only the page is joined to its creator and file. Exported so the benchmark can EXPLAIN
 * exactly what runs.
 */
export function buildSearchQuery(
  db: Db,
  params: {
    groups: string[];
    sort: SearchSort;
    limit: number;
    tier?: Tier;
    after?: SearchCursor | undefined;
    creatorId?: string | undefined;
    filters?: GlyphFilters | undefined;
  },
) {
  const tsq = toTsQuery(params.groups);
  const tier = params.sort === 'relevance' ? (params.tier ?? 1) : undefined;
  const score = scoreOf(tsq, tier ?? 0);
  const order = ordering(params.sort, score);
  const narrowing = glyphFilterConditions(params.filters);
  if (params.creatorId) narrowing.push(eq(glyphs.creatorId, params.creatorId));
  const conditions: SQL[] = [isLive, matchOf(tsq, tier), ...narrowing];
  let page;
  if (tier === undefined) {
    if (params.after) conditions.push(order.after(params.after));
    page = sortedPage(db, conditions, order.orderBy, score, params.limit);
  } else {
    page = rankedPage(db, glyphCandidates(db, conditions, tier, tsq), tsq, params.limit, params.after);
  }
  const outerOrder = params.sort === 'relevance' ? [sql`${page.score} desc`, desc(glyphs.id)] : order.orderBy;
  return db
    .select({ ...glyphColumns, score: page.score, createdAtKey, updatedAtKey })
    .from(page)
    .innerJoin(glyphs, sql`${glyphs.id} = ${page.id}`)
    .innerJoin(users, creatorJoin)
    .leftJoin(files, apkFileJoin)
    .leftJoin(animations, animationJoin)
    .orderBy(...outerOrder);
}

/**
 * Close words for the search words that look misspelled (typo tolerance):
 * a word of 3+ letters that starts no known title or creator-name word gets up to 3 known words
 * with pg_trgm similarity ≥ pg_trgm.similarity_threshold (0.3), best first ('chargng' → charging).
 * One round trip; the words are bound parameters.
 */
async function findAlternatives(db: Db, tokens: string[]): Promise<Map<string, string[]>> {
  const candidates = tokens.filter((token) => token.length >= MIN_FUZZY_LENGTH);
  const result = new Map<string, string[]>();
  if (candidates.length === 0) return result;
  const values = sql.join(
    candidates.map((token) => sql`(${token}::text)`),
    sql`, `,
  );
  // The prefix test is a range on the "C"-collated primary key: every word starting with `tok`
  // sorts between tok and tok || U+10FFFF. It runs first (a materialized CTE): left to itself the
  // planner computed the similarity of every lexicon word before the cheap prefix test threw the
  // result away, for every search word — most of which are real words.
  const rows = await queryRows<{ tok: string; word: string }>(
    db,
    sql`with unknown as materialized (
               select t.tok
                 from (values ${values}) as t(tok)
                where not exists (
                      select 1 from ${searchWords} p
                       where p.word >= t.tok collate "C" and p.word < (t.tok || chr(1114111)) collate "C"
                      )
               )
        select u.tok, s.word
          from unknown u
         cross join lateral (
               select w.word
                 from ${searchWords} w
                where w.word % u.tok
                order by similarity(w.word, u.tok) desc, w.word
                limit ${MAX_ALTERNATIVES}
               ) s`,
  );
  for (const row of rows) result.set(row.tok, [...(result.get(row.tok) ?? []), row.word]);
  return result;
}

/**
 * The sanitized full-text groups for a user's term: one per search word, each the word (prefix) OR
 * its close words when it looks misspelled. Null when the term has no letters or digits.
 */
export async function searchGroups(db: Db, term: string): Promise<string[] | null> {
  const terms = toSearchTerms(term);
  if (!terms) return null;
  const alternatives = await findAlternatives(db, terms.tokens);
  return terms.tokens.map((token) => tokenQuery(token, alternatives.get(token)));
}

/** Data access for glyph search (spec §2 Search, §7 get-glyphs `search`; issue 5). */
export function createSearchRepository(db: Db) {
  return {
    /**
     * One page of live glyphs matching `term` (full text over title, creator and description plus
     * typo-tolerant title matching), ordered by relevance or one of the spec's sorts with `id` as
     * the final tie-break. Deleted glyphs never appear. A term with no letters or digits finds nothing.
     * @throws AppError 400 'Invalid cursor' for a cursor that is not this sort's.
     */
    async search(params: SearchParams): Promise<SearchPage> {
      const after = params.cursor ? decodeSearchCursor(params.cursor, params.sort) : undefined;
      if (params.limit <= 0) return { rows: [], nextCursor: null };
      const groups = await searchGroups(db, params.term);
      if (!groups) return { rows: [], nextCursor: null };
      const base = { groups, sort: params.sort, creatorId: params.creatorId, filters: params.filters };
      let found: Keyed[];
      if (params.sort !== 'relevance') {
        found = (await buildSearchQuery(db, { ...base, limit: params.limit, after })) as Keyed[];
      } else {
        // Tier 1 first; tier 0 only for what tier 1 cannot fill (a cursor says where the last page ended).
        found = [];
        if (!after || after.tier === 1) {
          const rows = (await buildSearchQuery(db, { ...base, limit: params.limit, tier: 1, after })) as Keyed[];
          found.push(...rows.map((row) => ({ ...row, tier: 1 as const })));
        }
        if (found.length <= params.limit) {
          const rest = params.limit - found.length;
          const rows = (await buildSearchQuery(db, { ...base, limit: rest, tier: 0, after: after?.tier === 0 ? after : undefined })) as Keyed[];
          found.push(...rows.map((row) => ({ ...row, tier: 0 as const })));
        }
      }
      const page = found.slice(0, params.limit);
      const last = page.at(-1);
      return {
        rows: page.map(toRow),
        nextCursor: found.length > params.limit && last ? cursorOf(params.sort, last) : null,
      };
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
