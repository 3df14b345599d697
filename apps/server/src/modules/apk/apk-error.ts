import { APK_MSG } from '@glyphary/shared';

/**
 * The APK cannot be read safely: truncated or overlapping chunks, offsets past the end, counts
 * beyond the bounds, duplicate entries. Answered 422 and nothing is stored.
 */
export class ApkInvalidError extends Error {
  /** 415 when the file is not a ZIP at all; 422 otherwise. */
  readonly status: 415 | 422;
  constructor(message: string, status: 415 | 422 = 422) {
    super(message);
    this.name = 'ApkInvalidError';
    this.status = status;
  }
}

/** A malformed-structure error with the product's wording. */
export function malformed(what: string): ApkInvalidError {
  return new ApkInvalidError(APK_MSG.malformed(what));
}
