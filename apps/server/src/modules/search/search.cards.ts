import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { animations, files, glyphs, users } from '../../db/schema/index.ts';
import { animationJoin, apkFileJoin, creatorJoin, glyphColumns, isLive, type GlyphRow } from '../glyphs/glyphs.read-model.ts';

/**
 * The result cards of index searches (decision 0034): the shared read model of each glyph on the
 * page, kept per glyph for at most `ttlMs` (DESIGN §5: counts in searches may lag ≤ 1 s — the same
 * lag the 1 s search response cache already has). A cached card is dropped at once when the search
 * feed reports a change to the glyph (any instance's edit, deletion, hiding, like or download) and
 * when this instance writes (the same hook that clears the public read caches), so only what another
 * instance changed outside search data (a view count, an image) can be up to `ttlMs` old.
 */

export interface Card {
  row: GlyphRow;
  /** created_at as UTC microsecond text (the cursor's key). */
  createdAtKey: string;
}

const createdAtKey = sql<string>`to_char(${glyphs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface SearchCardsOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export function createSearchCards(db: Db, options: SearchCardsOptions = {}) {
  const ttlMs = options.ttlMs ?? 1000;
  const maxEntries = options.maxEntries ?? 20_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { card: Card; at: number }>();
  /** Bumped by every invalidation, so a fetch that overlapped one does not store what it read. */
  let generation = 0;

  return {
    /** The live glyphs among `ids`, by id (a glyph deleted meanwhile is absent). */
    async get(ids: readonly string[]): Promise<Map<string, Card>> {
      const out = new Map<string, Card>();
      const missing: string[] = [];
      const t = now();
      for (const id of ids) {
        const hit = cache.get(id);
        if (hit && t - hit.at < ttlMs) out.set(id, hit.card);
        else missing.push(id);
      }
      if (missing.length === 0) return out;
      const started = generation;
      const rows = await db
        .select({ ...glyphColumns, createdAtKey })
        .from(glyphs)
        .innerJoin(users, creatorJoin)
        .leftJoin(files, apkFileJoin)
        .leftJoin(animations, animationJoin)
        .where(and(inArray(glyphs.id, missing), isLive));
      for (const { createdAtKey: key, ...row } of rows) {
        const card = { row: row as GlyphRow, createdAtKey: key };
        out.set(row.id, card);
        if (started === generation) {
          cache.delete(row.id);
          cache.set(row.id, { card, at: t });
        }
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
  };
}

export type SearchCards = ReturnType<typeof createSearchCards>;
