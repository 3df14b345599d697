import type { SearchSort } from '@glyphary/shared';
import { badRequest } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * The last row's sort key for the next search page (DESIGN §4.12 "Load more"). `score` is the
 * relevance as exact float text; `createdAt` is UTC text with microseconds.
 */
export interface SearchCursor {
  sort: SearchSort;
  id: string;
  createdAt: string;
  score?: string;
  /** Relevance tier: 1 = title/creator match, 0 = description-only match. */
  tier?: 0 | 1;
  downloads?: number;
  likes?: number;
  views?: number;
  /** 'updated' (issue 18): the updated_at key. */
  updatedAt?: string;
}

export const INVALID_CURSOR = 'Invalid cursor';
const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
// A non-negative float in JavaScript's or PostgreSQL's shortest text form ('0.6079', '6.1e-05', '1e-7').
const SCORE_KEY = /^\d{1,20}(\.\d{1,20})?(e[-+]?\d{1,3})?$/;
// A calendar-valid timestamp: JS rolls 02-30 over to March, PostgreSQL would refuse it.
const isRealDate = (text: string): boolean => {
  const ms = Date.parse(text);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 19) === text.slice(0, 19);
};
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Encodes a cursor as opaque base64url JSON. */
export function encodeSearchCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

/**
 * Decodes and checks a cursor made by `encodeSearchCursor` for the same sort.
 * @throws AppError 400 'Invalid cursor' for anything else (tampered, truncated, another sort's cursor).
 */
export function decodeSearchCursor(text: string, sort: SearchSort): SearchCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID_CURSOR, 'INVALID_CURSOR');
  }
  const c = value as Partial<SearchCursor> | null;
  const valid =
    typeof c === 'object' &&
    c !== null &&
    c.sort === sort &&
    typeof c.id === 'string' &&
    isUuid(c.id) &&
    typeof c.createdAt === 'string' &&
    TIMESTAMP_KEY.test(c.createdAt) &&
    isRealDate(c.createdAt) &&
    (sort !== 'relevance' || (typeof c.score === 'string' && SCORE_KEY.test(c.score) && (c.tier === 0 || c.tier === 1))) &&
    (sort !== 'popular' || (isCount(c.downloads) && isCount(c.likes))) &&
    (sort !== 'liked' || isCount(c.likes)) &&
    (sort !== 'viewed' || isCount(c.views)) &&
    (sort !== 'updated' || (typeof c.updatedAt === 'string' && TIMESTAMP_KEY.test(c.updatedAt) && isRealDate(c.updatedAt)));
  if (!valid) throw badRequest(INVALID_CURSOR, 'INVALID_CURSOR');
  return c as SearchCursor;
}
