import { compareLexemes } from './search.rank.ts';

/**
 * pg_trgm's `similarity()` and the typo lookup of decision 0005 over the `search_words` lexicon, in
 * process (decision 0034). Trigrams as contrib/pg_trgm/trgm_op.c makes them: the text lower-cased and
 * split into words of letters and digits, each word padded with two spaces in front and one behind,
 * every three consecutive characters a trigram, de-duplicated; similarity = shared / (n1 + n2 − shared)
 * as a float4. (pg_trgm stores a trigram with multibyte characters as a CRC of its bytes; comparing
 * the characters themselves differs only on a CRC collision.)
 */

const f = Math.fround;
/** pg_trgm.similarity_threshold's default: `word % token` holds at or above it. */
export const SIMILARITY_THRESHOLD = 0.3;

const WORDS = /[\p{L}\p{Nd}]+/gu;

/** The distinct trigrams of `text`, as pg_trgm's generate_trgm makes them. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().match(WORDS) ?? []) {
    const chars = ['  ', ...word, ' '].join('');
    const cps = [...chars];
    for (let i = 0; i + 2 < cps.length; i += 1) out.add(`${cps[i]}${cps[i + 1]}${cps[i + 2]}`);
  }
  return out;
}

/** pg_trgm's similarity(a, b) (a float4). */
export function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let common = 0;
  for (const t of ta) if (tb.has(t)) common += 1;
  return f(common / (ta.size + tb.size - common));
}

/**
 * The typo lexicon: every `search_words` word, sorted in byte order (the table's "C" collation) for
 * the "does any word start with this?" test, and an inverted trigram index for the similarity search.
 */
export class TypoLexicon {
  private sorted: string[] = [];
  private sortedDirty = false;
  private readonly known = new Set<string>();
  private readonly words: string[] = [];
  private readonly sizes: number[] = [];
  private readonly postings = new Map<string, number[]>();
  private counts = new Int32Array(0);

  get size(): number {
    return this.words.length;
  }

  /** Adds a word (the table only ever gains words). */
  add(word: string): void {
    if (this.known.has(word)) return;
    this.known.add(word);
    const id = this.words.length;
    this.words.push(word);
    const grams = trigrams(word);
    this.sizes.push(grams.size);
    for (const gram of grams) {
      let list = this.postings.get(gram);
      if (!list) this.postings.set(gram, (list = []));
      list.push(id);
    }
    this.sorted.push(word);
    this.sortedDirty = true;
  }

  /** Whether some lexicon word starts with `token` (the word itself included). */
  hasPrefix(token: string): boolean {
    if (this.sortedDirty) {
      this.sorted.sort(compareLexemes);
      this.sortedDirty = false;
    }
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareLexemes(this.sorted[mid] as string, token) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.sorted.length && (this.sorted[lo] as string).startsWith(token);
  }

  /**
   * The words with similarity ≥ 0.3 to `token`, best first, ties by word in byte order, at most
   * `limit` — what `where w.word % tok order by similarity(w.word, tok) desc, w.word limit 3` returns.
   */
  closest(token: string, limit: number): string[] {
    const grams = trigrams(token);
    if (grams.size === 0) return [];
    if (this.counts.length < this.words.length) this.counts = new Int32Array(Math.max(this.words.length * 2, 1024));
    const counts = this.counts;
    const touched: number[] = [];
    for (const gram of grams) {
      const list = this.postings.get(gram);
      if (!list) continue;
      for (const id of list) {
        if (counts[id] === 0) touched.push(id);
        counts[id] = (counts[id] as number) + 1;
      }
    }
    const found: { word: string; sml: number }[] = [];
    for (const id of touched) {
      const common = counts[id] as number;
      counts[id] = 0;
      const sml = f(common / ((this.sizes[id] as number) + grams.size - common));
      if (sml >= SIMILARITY_THRESHOLD) found.push({ word: this.words[id] as string, sml });
    }
    found.sort((a, b) => (a.sml !== b.sml ? b.sml - a.sml : compareLexemes(a.word, b.word)));
    return found.slice(0, limit).map((x) => x.word);
  }
}
