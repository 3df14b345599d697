import { badRequest } from './errors.ts';
import { isUuid } from './ids.ts';

/**
 * The one codec of the "Load more" keyset cursors (DESIGN §4.12) of the discovery lists and of search:
 * the last row's sort key as opaque base64url JSON, checked on the way back in. Timestamps travel as
 * UTC text with microseconds (a JS Date keeps only milliseconds, which would skip or repeat rows
 * created within the same millisecond).
 */
export const INVALID_CURSOR = 'Invalid cursor';

/** The keys every sort's cursor may carry; a module's cursor type adds its own. */
export interface SortKeys {
  sort: string;
  id: string;
  createdAt: string;
  downloads?: number;
  likes?: number;
  views?: number;
  /** 'updated' (issue 18): the updated_at key. */
  updatedAt?: string;
}

/** The UTC microsecond text the repositories select as a timestamp key. */
const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

// A calendar-valid timestamp: JS rolls 02-30 over to March, PostgreSQL would refuse it.
const isRealDate = (text: string): boolean => {
  const ms = Date.parse(text);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 19) === text.slice(0, 19);
};

/** A timestamp key as the repositories write it, for a real calendar date. */
export const isTimestampKey = (value: unknown): value is string => typeof value === 'string' && TIMESTAMP_KEY.test(value) && isRealDate(value);

/** A counter value: a non-negative safe integer. */
export const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Encodes a cursor as opaque base64url JSON. */
export function encodeKeysetCursor(cursor: SortKeys): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

/**
 * Decodes a cursor made by `encodeKeysetCursor` for `sort` and checks the keys that sort needs: always
 * the id and createdAt; popular → downloads and likes; liked → likes; viewed → views; updated →
 * updatedAt; plus whatever `extra` checks (a module's own sorts).
 * @throws AppError 400 'Invalid cursor' for anything else (tampered, truncated, another sort's cursor).
 */
export function decodeKeysetCursor<T extends SortKeys>(text: string, sort: T['sort'], extra?: (cursor: Partial<T>) => boolean): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID_CURSOR, 'INVALID_CURSOR');
  }
  const c = value as Partial<T> | null;
  const valid =
    typeof c === 'object' &&
    c !== null &&
    c.sort === sort &&
    typeof c.id === 'string' &&
    isUuid(c.id) &&
    isTimestampKey(c.createdAt) &&
    (sort !== 'popular' || (isCount(c.downloads) && isCount(c.likes))) &&
    (sort !== 'liked' || isCount(c.likes)) &&
    (sort !== 'viewed' || isCount(c.views)) &&
    (sort !== 'updated' || isTimestampKey(c.updatedAt)) &&
    (extra === undefined || extra(c));
  if (!valid) throw badRequest(INVALID_CURSOR, 'INVALID_CURSOR');
  return c as T;
}
