import { MAX_SEARCH_LENGTH } from '@glyphary/shared';

/** At most this many words of a search are used (a 100-character term has at most 50 anyway). */
const MAX_TOKENS = 12;
/** Words shorter than this match exactly; longer ones also match as a prefix ('anim' → animation). */
export const MIN_PREFIX_LENGTH = 2;

/** Only words made of letters, marks and digits ever reach a tsquery text. */
const WORD = /^[\p{L}\p{M}\p{Nd}]+$/u;
/** Words at least this long may be typos worth correcting (shorter ones have too few trigrams). */
export const MIN_FUZZY_LENGTH = 3;

/** What a search term becomes before it reaches SQL: only letters and digits, never operators. */
export interface SearchTerms {
  /** Lowercase words (letters, marks and digits only), in order, de-duplicated. */
  tokens: string[];
}

/**
 * Turns user input into sanitized search words (issue 5: "bounded, escaped and never interpolated").
 * Everything that is not a letter, mark or digit is a separator, so '%', '_', quotes, '&', '|', '!',
 * ':' and parentheses can never reach the tsquery parser or a LIKE pattern. Returns null when
 * nothing searchable is left (e.g. '%%%' or '"'), which means "no results".
 */
export function toSearchTerms(term: string): SearchTerms | null {
  const bounded = term.normalize('NFKC').slice(0, MAX_SEARCH_LENGTH).toLowerCase();
  const words = bounded.match(/[\p{L}\p{M}\p{Nd}]+/gu) ?? [];
  // A lone combining mark is not a word the parser would index.
  const tokens = [...new Set(words)].filter((word) => /[\p{L}\p{Nd}]/u.test(word)).slice(0, MAX_TOKENS);
  if (tokens.length === 0) return null;
  return { tokens };
}

/**
 * The tsquery text for one search word: the word itself (as a prefix when it is long enough, so
 * 'anim' finds "animation") OR any of the close words found for it ('animaton' → animation).
 * Alternatives that are not plain words are dropped, so the text never contains tsquery syntax
 * beyond the ':*' and '|' added here.
 */
export function tokenQuery(token: string, alternatives: readonly string[] = []): string {
  const own = token.length >= MIN_PREFIX_LENGTH ? `${token}:*` : token;
  const others = alternatives.filter((word) => word !== token && WORD.test(word));
  return [own, ...others].join(' | ');
}
