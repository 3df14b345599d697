import { MAX_SEARCH_LENGTH } from '@glyphary/shared';

/** At most this many words of a search are used (a 100-character term has at most 50 anyway). */
const MAX_TOKENS = 12;
/** Words shorter than this match exactly; longer ones also match as a prefix ('anim' → animation). */
const MIN_PREFIX_LENGTH = 2;

/** What a search term becomes before it reaches SQL: only letters and digits, never operators. */
export interface SearchTerms {
  /** Lowercase words (letters, marks and digits only), in order, de-duplicated. */
  tokens: string[];
  /** A tsquery text built only from those words: `boot:* & anim:*`. Safe for to_tsquery(). */
  tsquery: string;
  /** The words joined by spaces, for pg_trgm word similarity against titles. */
  fuzzy: string;
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
  const tokens = [...new Set(words)].slice(0, MAX_TOKENS);
  if (tokens.length === 0) return null;
  return {
    tokens,
    tsquery: tokens.map((t) => (t.length >= MIN_PREFIX_LENGTH ? `${t}:*` : t)).join(' & '),
    fuzzy: tokens.join(' '),
  };
}
