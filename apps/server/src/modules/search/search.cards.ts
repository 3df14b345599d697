import { GlyphSchema } from '@glyphary/shared';
import { and, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { animations, files, glyphSearch, glyphs, users } from '../../db/schema/index.ts';
import { partHash, schemaSerializer } from '../../lib/response-cache.ts';
import { toGlyph } from '../glyphs/glyphs.presenter.ts';
import { animationJoin, apkFileJoin, creatorJoin, glyphColumns, isLive, type GlyphRow } from '../glyphs/glyphs.read-model.ts';
import type { HitSlots } from './search.index.ts';

/**
 * The result cards of index searches (decision 0034): the shared read model of each glyph on the
 * page, kept until the glyph changes. Every change a card shows reaches the search feed
 * (search_changes: glyph columns including the view count, likes and downloads through popularity,
 * the APK report; migrations 0017 and 0018), which the
 * index reads before each search and which drops the glyph's card here — so a card is never older
 * than the index, on any instance. Bounded by `maxEntries` (decision 0045: the 2,000 bench terms show
 * ~56,000 distinct glyphs, and the former 50,000 bound, evicting in insertion order, re-read — and
 * re-serialized and re-hashed — a share of every page). Past the bound the oldest card goes unless it
 * was used since it was stored or last spared ("second chance"): nearly least-recently-used eviction
 * without moving 100 Map entries on every search.
 *
 * A search also finds its cards by the index slots of its hits (decision 0060): a Map lookup by a
 * 36-character id that is not the very string stored as the key compares the text and misses the CPU
 * cache several times, ~9 % of a cold search; an array read by slot does not. That array only
 * remembers entries of the Map: an entry that leaves the Map (changed, evicted, replaced, cleared)
 * leaves the array too, so it never gives a card the Map would not give, and never keeps one alive
 * past the bound.
 */

export interface Card {
  row: GlyphRow;
  /** created_at as UTC microsecond text (the cursor's key). */
  createdAtKey: string;
  /**
   * The card as it appears in a get-glyphs body after another card: a comma, then the glyph presenter's
   * output through the shared GlyphSchema serializer (what GlyphListSchema's serializer writes for each
   * element), made once. A page's first card is `bytes.subarray(1)` (decision 0056: one chunk per card).
   */
  bytes: Buffer;
  /** The leading 64 bits of the SHA-256 of the card's JSON text (`partHash`), for the page's ETag (prepareJsonParts). */
  hashHi: number;
  hashLo: number;
}

const serializeGlyph = schemaSerializer(GlyphSchema);

const createdAtKey = sql<string>`to_char(${glyphs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface SearchCardsOptions {
  maxEntries?: number;
}

interface Entry {
  card: Card;
  /** Read since stored or last spared by the eviction (a field write per hit, no Map move). */
  used: boolean;
  /** Where the slot array holds it (-1: nowhere). */
  slot: number;
}

export function createSearchCards(db: Db, options: SearchCardsOptions = {}) {
  const maxEntries = options.maxEntries ?? 100_000;
  const cache = new Map<string, Entry>();
  /** The entries of the index's slots of load `slotEpoch`, as searches met them (a memo of `cache`). */
  let slotEpoch = 0;
  let bySlot: (Entry | undefined)[] = [];
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

  function remember(slot: number, entry: Entry | undefined): void {
    if (entry) {
      if (entry.slot >= 0 && entry.slot !== slot && bySlot[entry.slot] === entry) bySlot[entry.slot] = undefined;
      entry.slot = slot;
    }
    bySlot[slot] = entry;
  }

  /** The entry left the Map: it leaves the slot array too. */
  function dropped(entry: Entry): void {
    if (entry.slot >= 0 && bySlot[entry.slot] === entry) bySlot[entry.slot] = undefined;
    entry.slot = -1;
  }

  function store(id: string, entry: Entry): void {
    const previous = cache.get(id);
    // A second read of the same glyph that finished later: the first one's entry leaves the Map.
    if (previous) dropped(previous);
    cache.set(id, entry);
  }

  const cards = {
    /**
     * The cards of `ids`, in their order; undefined for a glyph that is not live (deleted meanwhile).
     * `at`: the index slots of `ids` (`at.slots[i]` is the slot of `ids[i]`), from the search that found them.
     */
    async get(ids: readonly string[], at?: HitSlots): Promise<(Card | undefined)[]> {
      const out: (Card | undefined)[] = new Array<Card | undefined>(ids.length);
      const slots = at && at.slots.length >= ids.length ? at.slots : undefined;
      if (at && slots) {
        if (at.epoch !== slotEpoch) {
          slotEpoch = at.epoch;
          bySlot = [];
        }
        // Grown by push, so the array stays a packed one (not a dictionary) up to the highest slot.
        for (let i = 0; i < ids.length; i += 1) while (bySlot.length <= (slots[i] as number)) bySlot.push(undefined);
      }
      let missing: Map<string, number> | undefined;
      for (let i = 0; i < ids.length; i += 1) {
        const id = ids[i] as string;
        let hit = slots ? bySlot[slots[i] as number] : undefined;
        if (hit === undefined) {
          hit = cache.get(id);
          if (slots) remember(slots[i] as number, hit);
        }
        if (hit) {
          hit.used = true;
          out[i] = hit.card;
        } else (missing ??= new Map()).set(id, i);
      }
      if (!missing) return out;
      const started = generation;
      const rows = await fetchCards.execute({ ids: [...missing.keys()] });
      for (const { createdAtKey: key, ...row } of rows) {
        const json = serializeGlyph(toGlyph(row as GlyphRow));
        // Kept as UTF-8: a page joins its cards' bytes without encoding ~100 KB of text again.
        const [hashHi, hashLo] = partHash(json);
        const card: Card = { row: row as GlyphRow, createdAtKey: key, bytes: Buffer.from(`,${json}`, 'utf8'), hashHi, hashLo };
        const i = missing.get(row.id) as number;
        out[i] = card;
        if (started !== generation) continue;
        const entry: Entry = { card, used: false, slot: -1 };
        store(row.id, entry);
        if (at && slots && at.epoch === slotEpoch) remember(slots[i] as number, entry);
      }
      // Oldest first in the Map's order; a card used since is spared once (moved to the back, unmarked,
      // where this same walk meets it again). Ends within two laps. One iterator for the walk: a fresh one
      // per step would skip the holes the deletes leave at the front again and again.
      if (cache.size > maxEntries) {
        for (const [id, entry] of cache) {
          if (cache.size <= maxEntries) break;
          cache.delete(id);
          if (entry.used) {
            entry.used = false;
            cache.set(id, entry);
          } else dropped(entry);
        }
      }
      return out;
    },

    /** The glyph changed: its next search reads it again. */
    forget(id: string): void {
      generation += 1;
      const entry = cache.get(id);
      if (entry) dropped(entry);
      cache.delete(id);
    },

    clear(): void {
      generation += 1;
      cache.clear();
      bySlot = [];
    },

    get size(): number {
      return cache.size;
    },

    /**
     * Reads the cards of the live glyphs, most popular first, up to the bound (decision 0053), so a search
     * nobody has made before finds its page here instead of in the database. In batches through `get`
     * (an invalidation meanwhile keeps its glyph out, as for any read), yielding to requests between them.
     * Stops early when `stopped()` says so (the app is closing). Resolves to the number of cards held.
     */
    async warm(options: { batchSize?: number; stopped?: () => boolean } = {}): Promise<number> {
      const batchSize = options.batchSize ?? 500;
      const rows = await db.select({ id: glyphSearch.glyphId }).from(glyphSearch).orderBy(desc(glyphSearch.popularity), glyphSearch.glyphId).limit(maxEntries);
      for (let start = 0; start < rows.length; start += batchSize) {
        if (options.stopped?.()) break;
        await cards.get(rows.slice(start, start + batchSize).map((row) => row.id));
        await new Promise((resolve) => setImmediate(resolve));
      }
      return cache.size;
    },
  };
  return cards;
}

export type SearchCards = ReturnType<typeof createSearchCards>;
