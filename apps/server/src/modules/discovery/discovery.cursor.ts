import { badRequest } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';

/** Every ordering the list route can page through (spec §9 sorts; DESIGN §4.12 "Load more"). */
export type ListSort = 'latest' | 'popular' | 'liked' | 'viewed' | 'updated';

/**
 * The last row's sort key. `createdAt` is the timestamp as UTC text with microseconds so its
 * microseconds survive the round trip (a JS Date keeps only milliseconds, which would skip or
 * repeat rows created within the same millisecond).
 */
export interface ListCursor {
  sort: ListSort | 'liked-at';
  createdAt: string;
  id: string;
  downloads?: number;
  likes?: number;
  views?: number;
  /** 'updated' (issue 18): the updated_at key, UTC text with microseconds. */
  updatedAt?: string;
}

export const INVALID_CURSOR = 'Invalid cursor';
/** The UTC microsecond text the repository selects as the timestamp key. */
const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Encodes a cursor as opaque base64url JSON. */
export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

// A calendar-valid timestamp: JS rolls 02-30 over to March, PostgreSQL would refuse it.
const isRealDate = (text: string): boolean => {
  const ms = Date.parse(text);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 19) === text.slice(0, 19);
};
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * Decodes and checks a cursor made by `encodeCursor` for the same ordering.
 * @throws AppError 400 'Invalid cursor' for anything else (tampered, truncated, another sort's cursor).
 */
export function decodeCursor(text: string, sort: ListCursor['sort']): ListCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID_CURSOR, 'INVALID_CURSOR');
  }
  const cursor = value as Partial<ListCursor> | null;
  const valid =
    typeof cursor === 'object' &&
    cursor !== null &&
    cursor.sort === sort &&
    typeof cursor.id === 'string' &&
    isUuid(cursor.id) &&
    typeof cursor.createdAt === 'string' &&
    TIMESTAMP_KEY.test(cursor.createdAt) &&
    isRealDate(cursor.createdAt) &&
    (sort !== 'popular' || (isCount(cursor.downloads) && isCount(cursor.likes))) &&
    (sort !== 'liked' || isCount(cursor.likes)) &&
    (sort !== 'viewed' || isCount(cursor.views)) &&
    (sort !== 'updated' || (typeof cursor.updatedAt === 'string' && TIMESTAMP_KEY.test(cursor.updatedAt) && isRealDate(cursor.updatedAt)));
  if (!valid) throw badRequest(INVALID_CURSOR, 'INVALID_CURSOR');
  return cursor as ListCursor;
}
