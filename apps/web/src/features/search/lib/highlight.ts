/**
 * Which parts of a text match a search (issue 5: "Matching words are highlighted in results").
 * Mirrors the server's matching closely enough for display: a word matches a search word when it
 * starts with it ('anim' → "Animation"), when the search word starts with it ('animations' →
 * "animation"), or when it is one or two edits away (typos: 'chargng' → "Charging").
 * Pure text in, text parts out: the page renders them as React text, never as HTML.
 */

const WORD = /[\p{L}\p{M}\p{Nd}]+/gu;

export interface TextPart {
  text: string;
  match: boolean;
}

/** The lowercase words of a search term, as the server splits them. */
export function searchWords(term: string): string[] {
  const words = term.normalize('NFKC').toLowerCase().match(WORD) ?? [];
  return [...new Set(words)];
}

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), stopping early above `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    rows.push(Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  }
  for (let i = 1; i <= a.length; i += 1) {
    const row = rows[i]!;
    const prev = rows[i - 1]!;
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      row[j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Whether one word of a text matches one of the search words. */
export function isMatchingWord(word: string, terms: readonly string[]): boolean {
  const lower = word.toLowerCase();
  return terms.some((term) => {
    if (term.length < 2) return lower === term;
    if (lower.startsWith(term)) return true;
    if (lower.length >= 4 && term.startsWith(lower)) return true;
    const allowed = term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
    if (allowed === 0) return false;
    // A typo of the word itself, or of its beginning ('animaton' in "animations").
    return editDistance(lower, term, allowed) <= allowed || editDistance(lower.slice(0, term.length), term, allowed) <= allowed;
  });
}

/** Splits `text` into matching and non-matching parts for `term`; adjacent parts of a kind merge. */
export function highlightParts(text: string, term: string): TextPart[] {
  const terms = searchWords(term);
  if (terms.length === 0 || text.length === 0) return text ? [{ text, match: false }] : [];
  const parts: TextPart[] = [];
  const push = (piece: string, match: boolean) => {
    if (!piece) return;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += piece;
    else parts.push({ text: piece, match });
  };
  let position = 0;
  for (const found of text.matchAll(WORD)) {
    const start = found.index;
    push(text.slice(position, start), false);
    push(found[0], isMatchingWord(found[0], terms));
    position = start + found[0].length;
  }
  push(text.slice(position), false);
  return parts;
}
