import type { SearchSort } from '@glyphary/shared';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files, glyphs, users } from '../../db/schema/index.ts';
import { apkFileJoin, creatorJoin, glyphColumns, isLive, type GlyphRow } from '../glyphs/glyphs.read-model.ts';
import { decodeSearchCursor, encodeSearchCursor, type SearchCursor } from './search.cursor.ts';
import { toSearchTerms, type SearchTerms } from './search.query.ts';

export interface SearchParams {
  term: string;
  sort: SearchSort;
  limit: number;
  cursor?: string | undefined;
  creatorId?: string | undefined;
}

export interface SearchPage {
  rows: GlyphRow[];
  nextCursor: string | null;
}

// UTC text with microseconds: the exact key the next page compares against (see search.cursor.ts).
const createdAtKey = sql<string>`to_char(${glyphs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The SQL pieces of one search (decision 0005). Every user-derived value is a bound parameter:
 * `tsquery` holds only letters, digits, ':*' and '&' (search.query.ts), `fuzzy` only letters,
 * digits and spaces, and neither is ever spliced into the SQL text.
 */
function searchSql(terms: SearchTerms) {
  // English stems ('animations' → 'anim') OR the words as typed (usernames are indexed unstemmed).
  const tsq = sql`(to_tsquery('english'::regconfig, ${terms.tsquery}) || to_tsquery('simple'::regconfig, ${terms.tsquery}))`;
  const fuzzy = sql`${terms.fuzzy}::text`;
  // Full-text match on title/creator/description, or a title with a word close to the query
  // (pg_trgm word similarity ≥ pg_trgm.word_similarity_threshold, 0.6): 'chargng' → "Charging".
  // Both arms are served by partial GIN indexes (glyphs_search_idx, glyphs_title_trgm_idx).
  const matches = sql`(${glyphs.searchVector} @@ ${tsq} or lower(${glyphs.title}) %> ${fuzzy})`;
  // Best match: weighted text rank (title A 1.0, creator B 0.4, description C 0.2) plus half the
  // title's word similarity, so a title hit outranks a description-only hit and typos still rank.
  // Rounded to exact numeric so the next page's keyset comparison is exact.
  const score = sql<string>`round((ts_rank(${glyphs.searchVector}, ${tsq}) + 0.5 * word_similarity(${fuzzy}, lower(${glyphs.title})))::numeric, 6)`;
  return { matches, score };
}

type Keyed = GlyphRow & { score: string; createdAtKey: string };

/** The ORDER BY and keyset condition of each sort; the same orderings as the discovery lists. */
function ordering(sort: SearchSort, score: SQL<string>): { orderBy: SQL[]; after: (c: SearchCursor) => SQL } {
  switch (sort) {
    case 'relevance':
      return {
        orderBy: [sql`${score} desc`, desc(glyphs.id)],
        after: (c) => sql`(${score}, ${glyphs.id}) < (${c.score}::numeric, ${c.id}::uuid)`,
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
  }
}

function cursorOf(sort: SearchSort, row: Keyed): string {
  const base = { sort, id: row.id, createdAt: row.createdAtKey };
  switch (sort) {
    case 'relevance':
      return encodeSearchCursor({ ...base, score: String(row.score) });
    case 'latest':
      return encodeSearchCursor(base);
    case 'popular':
      return encodeSearchCursor({ ...base, downloads: row.downloads, likes: row.likes });
    case 'liked':
      return encodeSearchCursor({ ...base, likes: row.likes });
    case 'viewed':
      return encodeSearchCursor({ ...base, views: row.views });
  }
}

/** Drops the sort keys so callers get exactly the shared read model. */
function toRow({ score: _score, createdAtKey: _key, ...row }: Keyed): GlyphRow {
  return row;
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
      const terms = toSearchTerms(params.term);
      if (!terms || params.limit <= 0) return { rows: [], nextCursor: null };
      const { matches, score } = searchSql(terms);
      const order = ordering(params.sort, score);
      const conditions: SQL[] = [isLive, matches];
      if (params.creatorId) conditions.push(eq(glyphs.creatorId, params.creatorId));
      if (after) conditions.push(order.after(after));
      const found = (await db
        .select({ ...glyphColumns, score, createdAtKey })
        .from(glyphs)
        .innerJoin(users, creatorJoin)
        .leftJoin(files, apkFileJoin)
        .where(and(...conditions))
        .orderBy(...order.orderBy)
        .limit(params.limit + 1)) as Keyed[];
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
