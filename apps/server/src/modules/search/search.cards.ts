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
 * (search_changes: glyph columns including the view count, likes and downloads through popularity,
 * the APK report; migrations 0017 and 0018), which the
 * index reads before each search and which drops the glyph's card here — so a card is never older
 * than the index, on any instance. Bounded by `maxEntries`, least recently used first out: the
 * 2,000 bench terms show ~56,000 distinct glyphs, so a 50,000 bound evicting in insertion order
 * re-read (and re-serialized and re-hashed) a share of every page (decision 0045).
 */

export interface Card {
  row: GlyphRow;
  /** created_at as UTC microsecond text (the cursor's key). */
  createdAtKey: string;
  /**
   * The card as it appears in a get-glyphs body: the glyph presenter's output through the shared
   * GlyphSchema serializer (what GlyphListSchema's serializer writes for each element), made once.
   */
  bytes: Buffer;
  /** SHA-256 of the card's JSON text, for the page's ETag (prepareJsonParts). */
  hash: string;
}

const serializeGlyph = schemaSerializer(GlyphSchema);

const createdAtKey = sql<string>`to_char(${glyphs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface SearchCardsOptions {
  maxEntries?: number;
}

export function createSearchCards(db: Db, options: SearchCardsOptions = {}) {
  const maxEntries = options.maxEntries ?? 100_000;
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
        if (hit) {
          // Most recently used last in the Map's order: eviction below takes the least recently used.
          cache.delete(id);
          cache.set(id, hit);
          out.set(id, hit);
        } else missing.push(id);
      }
      if (missing.length === 0) return out;
      const started = generation;
      const rows = await fetchCards.execute({ ids: missing });
      for (const { createdAtKey: key, ...row } of rows) {
        const json = serializeGlyph(toGlyph(row as GlyphRow));
        // Kept as UTF-8: a page joins its cards' bytes without encoding ~100 KB of text again.
        const card = { row: row as GlyphRow, createdAtKey: key, bytes: Buffer.from(json, 'utf8'), hash: partHash(json) };
        out.set(row.id, card);
        if (started === generation) cache.set(row.id, card);
      }
      // Least recently used first in the Map's order: trim to the bound. Only when over it: a Map's
      // iterator walks the holes the LRU moves leave at its front, so an idle walk is not free.
      if (cache.size > maxEntries) {
        for (const key of cache.keys()) {
          if (cache.size <= maxEntries) break;
          cache.delete(key);
        }
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
