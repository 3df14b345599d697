import { ADMIN_LIST_LIMIT, MSG, PUBLIC_LIST_LIMIT_MAX, type GetGlyphsQuery, type GlyphFilters, type SearchSort } from '@glyphary/shared';
import { notFound } from '../../lib/errors.ts';
import { isUserId, isUuid } from '../../lib/ids.ts';
import type { GlyphRow } from '../glyphs/glyphs.read-model.ts';
import { actorOf } from './discovery.actor.ts';
import { decodeCursor, encodeCursor, type ListCursor, type ListSort } from './discovery.cursor.ts';
import type { DiscoveryRepository, KeyedGlyphRow } from './discovery.repository.ts';

/** What discovery needs from search (modules/search/search.repository.ts), injected so the two modules stay apart. */
export interface SearchPort {
  search(params: {
    term: string;
    sort: SearchSort;
    limit: number;
    cursor?: string | undefined;
    creatorId?: string | undefined;
    filters?: GlyphFilters | undefined;
  }): Promise<{ rows: GlyphRow[]; nextCursor: string | null }>;
}

export interface DiscoveryServiceDeps {
  discovery: DiscoveryRepository;
  /** Full-text search; when absent, `search` falls back to nothing found. */
  search?: SearchPort | undefined;
  /** The server secret that keys the actor hash of anonymous callers (DESIGN §4.1). */
  secret: string;
  /**
   * Called after a counted view or download or a like toggle, with the glyph and what moved: the
   * short public read caches forget what shows that count at once.
   */
  onCountChange?: (glyphId: string, counter: 'views' | 'downloads' | 'likes') => void;
}

/** Who is calling, as far as counting and limits care. */
export interface Caller {
  userId: string | null;
  isAdmin: boolean;
  /** The trusted client IP (socket, or X-Forwarded-For only with TRUST_PROXY). */
  ip: string;
}

export interface Page {
  rows: GlyphRow[];
  nextCursor: string | null;
}

const LIKED_PAGE_DEFAULT = 100;
const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock detected
const MAX_ATTEMPTS = 5;

function pgCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Runs a transaction again when PostgreSQL aborted it as a serialization failure or deadlock (SECURITY R4). */
async function withRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(pgCode(error) ?? '')) throw error;
    }
  }
}

function cursorOf(sort: ListSort, row: KeyedGlyphRow): string {
  const cursor: ListCursor = { sort, createdAt: row.createdAtKey, id: row.id };
  if (sort === 'popular') Object.assign(cursor, { downloads: row.downloads, likes: row.likes });
  if (sort === 'liked') cursor.likes = row.likes;
  if (sort === 'viewed') cursor.views = row.views;
  if (sort === 'updated') cursor.updatedAt = row.updatedAtKey;
  return encodeCursor(cursor);
}

/** Clamps a requested page size (SECURITY "Input bounds": 100, admins 1,000). */
export function clampLimit(limit: number | undefined, isAdmin: boolean): number {
  const max = isAdmin ? ADMIN_LIST_LIMIT : PUBLIC_LIST_LIMIT_MAX;
  return Math.min(Math.max(limit ?? PUBLIC_LIST_LIMIT_MAX, 1), max);
}

/** Lists, counters and likes (spec §7 get-glyphs, record-view/-download, likes; DESIGN §4.1). */
export function createDiscoveryService({ discovery, search, secret, onCountChange }: DiscoveryServiceDeps) {
  /** @throws AppError 404 'Glyph not found' for ids that cannot name a glyph. */
  function checkGlyphId(glyphId: string): void {
    if (!isUuid(glyphId)) throw notFound(MSG.glyphNotFound);
  }

  return {
    /**
     * A page of live glyphs in the requested order; with a non-empty `search` the search module
     * ranks and filters instead. Cursors are opaque and tied to their sort.
     * @throws AppError 400 'Invalid cursor'.
     */
    async listGlyphs(query: GetGlyphsQuery, caller: Pick<Caller, 'isAdmin'>): Promise<Page> {
      const limit = clampLimit(query.limit, caller.isAdmin);
      const creatorId = query.creator_id?.trim() || undefined;
      // An id that no user can have has no glyphs: answer without a query.
      if (creatorId !== undefined && !isUserId(creatorId)) return { rows: [], nextCursor: null };
      const filters: GlyphFilters = { has: query.has, tags: query.tags, device: query.device, without: query.without };
      const term = query.search?.trim() ?? '';
      if (term) {
        if (!search) return { rows: [], nextCursor: null };
        return search.search({ term, sort: query.sort ?? 'relevance', limit, cursor: query.cursor, creatorId, filters });
      }
      // 'relevance' only means something with a search term; without one the newest come first.
      const sort: ListSort = !query.sort || query.sort === 'relevance' ? 'latest' : query.sort;
      const after = query.cursor ? decodeCursor(query.cursor, sort) : undefined;
      const rows = await discovery.listGlyphs({ sort, limit, creatorId, after, filters });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { rows: page, nextCursor: rows.length > limit && last ? cursorOf(sort, last) : null };
    },

    /**
     * Counts a view once per actor per glyph (DESIGN §4.1).
     * @throws AppError 404 'Glyph not found' for unknown or deleted glyphs.
     */
    async recordView(glyphId: string, caller: Caller): Promise<{ counted: boolean; views: number }> {
      checkGlyphId(glyphId);
      const result = await withRetry(() =>
        discovery.recordEvent('view', { glyphId, actor: actorOf({ userId: caller.userId, ip: caller.ip }, secret), userId: caller.userId }),
      );
      if (!result) throw notFound(MSG.glyphNotFound);
      if (result.counted) onCountChange?.(glyphId, 'views');
      return { counted: result.counted, views: result.total };
    },

    /**
     * Counts a download once per actor per glyph (DESIGN §4.1).
     * @throws AppError 404 'Glyph not found' for unknown or deleted glyphs.
     */
    async recordDownload(glyphId: string, caller: Caller): Promise<{ counted: boolean; downloads: number }> {
      checkGlyphId(glyphId);
      const result = await withRetry(() =>
        discovery.recordEvent('download', { glyphId, actor: actorOf({ userId: caller.userId, ip: caller.ip }, secret), userId: caller.userId }),
      );
      if (!result) throw notFound(MSG.glyphNotFound);
      if (result.counted) onCountChange?.(glyphId, 'downloads');
      return { counted: result.counted, downloads: result.total };
    },

    /**
     * Toggles the caller's like; the result comes from the same transaction (spec §3 Like result).
     * @throws AppError 404 'Glyph not found' for unknown or deleted glyphs.
     */
    async toggleLike(userId: string, glyphId: string): Promise<{ liked: boolean; totalLikes: number }> {
      checkGlyphId(glyphId);
      const result = await withRetry(() => discovery.toggleLike(userId, glyphId));
      if (!result) throw notFound(MSG.glyphNotFound);
      onCountChange?.(glyphId, 'likes');
      return result;
    },

    /**
     * Whether the caller likes a live glyph.
     * @throws AppError 404 'Glyph not found' for unknown or deleted glyphs.
     */
    async likeStatus(userId: string, glyphId: string): Promise<{ liked: boolean }> {
      checkGlyphId(glyphId);
      if (!(await discovery.isLiveGlyph(glyphId))) throw notFound(MSG.glyphNotFound);
      return { liked: await discovery.hasLike(userId, glyphId) };
    },

    /**
     * The caller's liked live glyphs, most recently liked first, with their total.
     * @throws AppError 400 'Invalid cursor'.
     */
    async likedGlyphs(userId: string, params: { limit?: number | undefined; cursor?: string | undefined; isAdmin: boolean }): Promise<Page & { total: number }> {
      const limit = clampLimit(params.limit ?? LIKED_PAGE_DEFAULT, params.isAdmin);
      const after = params.cursor ? decodeCursor(params.cursor, 'liked-at') : undefined;
      const [rows, total] = await Promise.all([
        discovery.listLikedGlyphs(userId, { limit, after: after ? { likedAt: after.createdAt, id: after.id } : undefined }),
        discovery.countLikedGlyphs(userId),
      ]);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const nextCursor = rows.length > limit && last ? encodeCursor({ sort: 'liked-at', createdAt: last.likedAtKey, id: last.id }) : null;
      return { rows: page, nextCursor, total };
    },

    /**
     * Storefront totals over all of a creator's live glyphs.
     * @throws AppError 404 'User not found'.
     */
    async creatorStats(userId: string): Promise<{ glyphs: number; downloads: number; likes: number }> {
      if (!isUserId(userId) || !(await discovery.userExists(userId))) throw notFound(MSG.userNotFound);
      return discovery.creatorTotals(userId);
    },
  };
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
