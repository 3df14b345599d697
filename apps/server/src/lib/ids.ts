import { randomBytes, randomUUID } from 'node:crypto';

/** The one source of ids and randomness (CONVENTIONS rule 5). */
export const ids = {
  uuid: (): string => randomUUID(),
  token: (bytes = 32): string => randomBytes(bytes).toString('base64url'),
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` is a UUID; anything else can never name a glyph, request or file. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** True when `value` has the shape of a Better Auth user id. */
export function isUserId(value: string): boolean {
  return USER_ID_PATTERN.test(value);
}
