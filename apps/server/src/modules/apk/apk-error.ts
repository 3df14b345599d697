import { APK_MSG } from '@glyphary/shared';

/**
 * The APK cannot be read safely: truncated or overlapping chunks, offsets past the end, counts
 * beyond the bounds, duplicate entries. Answered 422 and nothing is stored.
 */
export class ApkInvalidError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ApkInvalidError';
  }
}

/** A malformed-structure error with the product's wording. */
export function malformed(what: string): ApkInvalidError {
  return new ApkInvalidError(APK_MSG.malformed(what));
}
