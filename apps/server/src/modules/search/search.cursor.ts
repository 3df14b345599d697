import type { SearchSort } from '@glyphary/shared';
import { decodeKeysetCursor, encodeKeysetCursor, type SortKeys } from '../../lib/keyset-cursor.ts';

/**
 * The last row's sort key for the next search page (DESIGN §4.12 "Load more"); the codec is shared
 * with the discovery lists (lib/keyset-cursor.ts). Relevance adds `score` — the relevance as exact
 * float text — and the tier.
 */
export interface SearchCursor extends SortKeys {
  sort: SearchSort;
  score?: string;
  /** Relevance tier: 1 = title/creator match, 0 = description-only match. */
  tier?: 0 | 1;
}

// A non-negative float in JavaScript's or PostgreSQL's shortest text form ('0.6079', '6.1e-05', '1e-7').
const SCORE_KEY = /^\d{1,20}(\.\d{1,20})?(e[-+]?\d{1,3})?$/;

/** Encodes a cursor as opaque base64url JSON. */
export function encodeSearchCursor(cursor: SearchCursor): string {
  return encodeKeysetCursor(cursor);
}

/**
 * Decodes and checks a cursor made by `encodeSearchCursor` for the same sort.
 * @throws AppError 400 'Invalid cursor' for anything else (tampered, truncated, another sort's cursor).
 */
export function decodeSearchCursor(text: string, sort: SearchSort): SearchCursor {
  return decodeKeysetCursor<SearchCursor>(
    text,
    sort,
    (c) => sort !== 'relevance' || (typeof c.score === 'string' && SCORE_KEY.test(c.score) && (c.tier === 0 || c.tier === 1)),
  );
}
