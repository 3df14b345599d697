import { GlyphSchema } from '@glyphary/shared';
import { and, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { animations, files, glyphs, users } from '../../db/schema/index.ts';
import { partHash, schemaSerializer } from '../../lib/response-cache.ts';
import { toGlyph } from '../glyphs/glyphs.presenter.ts';
import { animationJoin, apkFileJoin, creatorJoin, glyphColumns, isLive, type GlyphRow } from '../glyphs/glyphs.read-model.ts';

/**
 * The result cards of index searches (decision 0034): the shared read model of each glyph on the
 * page, kept until the glyph changes. Every change a card shows reaches the search feed
 * (search_changes: glyph columns including the counters, the APK report; migration 0017), which the
 * index reads before each search and which drops the glyph's card here — so a card is never older
 * than the index, on any instance. Bounded by `maxEntries` (the least recently stored go first).
 */

export interface Card {
  row: GlyphRow;
  /** created_at as UTC microsecond text (the cursor's key). */
  createdAtKey: string;
  /**
   * The card as it appears in a get-glyphs body: the glyph presenter's output through the shared
   * GlyphSchema serializer (what GlyphListSchema's serializer writes for each element), made once.
   */
  json: string;
  /** SHA-256 of `json`, for the page's ETag (prepareJsonParts). */
  hash: string;
}

const serializeGlyph = schemaSerializer(GlyphSchema);

const createdAtKey = sql<string>`to_char(${glyphs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface SearchCardsOptions {
  maxEntries?: number;
}

export function createSearchCards(db: Db, options: SearchCardsOptions = {}) {
  const maxEntries = options.maxEntries ?? 50_000;
  const cache = new Map<string, Card>();
  /** Bumped by every invalidation, so a fetch that overlapped one does not store what it read. */
  let generation = 0;
  // A prepared statement: planned once per connection, not once per search.
  const fetchCards = db
    .select({ ...glyphColumns, createdAtKey })
    .from(glyphs)
    .innerJoin(users, creatorJoin)
    .leftJoin(files, apkFileJoin)
    .leftJoin(animations, animationJoin)
    .where(and(sql`${glyphs.id} = any(${sql.placeholder('ids')}::uuid[])`, isLive))
    .prepare('search_cards');

  return {
    /** The live glyphs among `ids`, by id (a glyph deleted meanwhile is absent). */
    async get(ids: readonly string[]): Promise<Map<string, Card>> {
      const out = new Map<string, Card>();
      const missing: string[] = [];
      for (const id of ids) {
        const hit = cache.get(id);
        if (hit) out.set(id, hit);
        else missing.push(id);
      }
      if (missing.length === 0) return out;
      const started = generation;
      const rows = await fetchCards.execute({ ids: missing });
      for (const { createdAtKey: key, ...row } of rows) {
        const json = serializeGlyph(toGlyph(row as GlyphRow));
        const card = { row: row as GlyphRow, createdAtKey: key, json, hash: partHash(json) };
        out.set(row.id, card);
        if (started === generation) cache.set(row.id, card);
      }
      // Oldest first in insertion order: trim to the bound.
      for (const key of cache.keys()) {
        if (cache.size <= maxEntries) break;
        cache.delete(key);
      }
      return out;
    },

    /** The glyph changed: its next search reads it again. */
    forget(id: string): void {
      generation += 1;
      cache.delete(id);
    },

    clear(): void {
      generation += 1;
      cache.clear();
    },

    get size(): number {
      return cache.size;
    },
  };
}

export type SearchCards = ReturnType<typeof createSearchCards>;
