import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';

/** Keyset position (created_at, id) for newest-first pages (DESIGN §4.12 "Load more"). */
export interface PageCursor {
  createdAt: string;
  id: string;
}

const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The timestamp as UTC text with microseconds, so rows within one millisecond are neither skipped nor repeated. */
export function timeKey(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export function encodePageCursor(cursor: PageCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, 'utf8').toString('base64url');
}

/**
 * Decodes a cursor made by `encodePageCursor`.
 * @throws AppError 400 'Invalid cursor'.
 */
export function decodePageCursor(text: string | undefined): PageCursor | null {
  if (!text) return null;
  const [createdAt, id, extra] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !createdAt || !id || !TIMESTAMP_KEY.test(createdAt) || !isUuid(id) || Number.isNaN(Date.parse(createdAt))) {
    throw badRequest('Invalid cursor', 'INVALID_CURSOR');
  }
  return { createdAt, id };
}

/** Rows strictly after the cursor in (created_at desc, id desc) order. */
export function pageWhere(createdAt: AnyColumn, id: AnyColumn, cursor: PageCursor | null): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${createdAt}, ${id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
}
