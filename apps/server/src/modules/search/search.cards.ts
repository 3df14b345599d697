import { GlyphSchema } from '@glyphary/shared';
import { and, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { animations, files, glyphs, users } from '../../db/schema/index.ts';
import { partHash, schemaSerializer } from '../../lib/response-cache.ts';
import { toGlyph } from '../glyphs/glyphs.presenter.ts';
import { animationJoin, apkFileJoin, creatorJoin, glyphColumns, isLive, type GlyphRow } from '../glyphs/glyphs.read-model.ts';

/**
 * The result cards of index searches (decision 0034): the shared read model of each glyph on the
 * page, kept until the glyph changes. Every change a card shows except its view count reaches the
 * search feed (search_changes: glyph columns, popularity for likes and downloads, the APK report;
 * migrations 0017 and 0018), which the index reads before each search and which drops the glyph's
 * card here — so a card is never older than the index, on any instance. View counts may lag ≤ 1 s
 * (DESIGN §5; a counted view no longer writes a feed row, decision 0043): a card served more than
 * `countsMaxAgeMs` after its counts were read has them read again, with one narrow query per page.
 * Bounded by `maxEntries` (the least recently stored go first).
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
  /** When the card's view count was last read (ms, `now()`). */
  countsAt: number;
}

const serializeGlyph = schemaSerializer(GlyphSchema);

const createdAtKey = sql<string>`to_char(${glyphs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface SearchCardsOptions {
  maxEntries?: number;
  /** How old a card's view count may be when served (DESIGN §5: counts may lag ≤ 1 s). */
  countsMaxAgeMs?: number;
  now?: () => number;
}

export function createSearchCards(db: Db, options: SearchCardsOptions = {}) {
  const maxEntries = options.maxEntries ?? 50_000;
  const countsMaxAgeMs = options.countsMaxAgeMs ?? 1000;
  const now = options.now ?? Date.now;
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
  const fetchViews = db
    .select({ id: glyphs.id, views: glyphs.views })
    .from(glyphs)
    .where(and(sql`${glyphs.id} = any(${sql.placeholder('ids')}::uuid[])`, isLive))
    .prepare('search_card_views');

  function makeCard(row: GlyphRow, key: string, countsAt: number): Card {
    const json = serializeGlyph(toGlyph(row));
    return { row, createdAtKey: key, bytes: Buffer.from(json, 'utf8'), hash: partHash(json), countsAt };
  }

  /** Re-reads the view counts of `stale` (cards in `out`); a changed count makes a new card. */
  async function refreshCounts(stale: Card[], out: Map<string, Card>): Promise<void> {
    const started = generation;
    const at = now();
    const rows = await fetchViews.execute({ ids: stale.map((card) => card.row.id) });
    const views = new Map(rows.map((row) => [row.id, row.views]));
    for (const card of stale) {
      const count = views.get(card.row.id);
      const keep = started === generation;
      if (count === undefined) {
        // Deleted or hidden since: the feed drops it too; left out like a card that is gone.
        out.delete(card.row.id);
        if (keep) cache.delete(card.row.id);
      } else if (count === card.row.views) {
        card.countsAt = at;
      } else {
        const fresh = makeCard({ ...card.row, views: count }, card.createdAtKey, at);
        out.set(card.row.id, fresh);
        if (keep) cache.set(card.row.id, fresh);
      }
    }
  }

  return {
    /** The live glyphs among `ids`, by id (a glyph deleted meanwhile is absent). */
    async get(ids: readonly string[]): Promise<Map<string, Card>> {
      const out = new Map<string, Card>();
      const missing: string[] = [];
      const stale: Card[] = [];
      const oldest = now() - countsMaxAgeMs;
      for (const id of ids) {
        const hit = cache.get(id);
        if (!hit) missing.push(id);
        else {
          out.set(id, hit);
          if (hit.countsAt < oldest) stale.push(hit);
        }
      }
      if (missing.length === 0 && stale.length === 0) return out;
      const started = generation;
      const at = now();
      const [rows] = await Promise.all([
        missing.length > 0 ? fetchCards.execute({ ids: missing }) : [],
        stale.length > 0 ? refreshCounts(stale, out) : undefined,
      ]);
      for (const { createdAtKey: key, ...row } of rows) {
        const card = makeCard(row as GlyphRow, key, at);
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
