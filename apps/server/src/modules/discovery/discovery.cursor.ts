import { decodeKeysetCursor, encodeKeysetCursor, type SortKeys } from '../../lib/keyset-cursor.ts';

/** Every ordering the list route can page through (spec §9 sorts; DESIGN §4.12 "Load more"). */
export type ListSort = 'latest' | 'popular' | 'liked' | 'viewed' | 'updated';

/** The last row's sort key of a discovery list (the codec is shared with search: lib/keyset-cursor.ts). */
export interface ListCursor extends SortKeys {
  sort: ListSort | 'liked-at';
}


/** Encodes a cursor as opaque base64url JSON. */
export function encodeCursor(cursor: ListCursor): string {
  return encodeKeysetCursor(cursor);
}

/**
 * Decodes and checks a cursor made by `encodeCursor` for the same ordering.
 * @throws AppError 400 'Invalid cursor' for anything else (tampered, truncated, another sort's cursor).
 */
export function decodeCursor(text: string, sort: ListCursor['sort']): ListCursor {
  return decodeKeysetCursor<ListCursor>(text, sort);
}
