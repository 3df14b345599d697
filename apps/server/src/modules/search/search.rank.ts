/**
 * PostgreSQL's `ts_rank(vector, query)` (src/backend/utils/adt/tsrank.c: calc_rank, calc_rank_or,
 * calc_rank_and, word_distance), ported so the in-process index (decision 0034) ranks exactly as the
 * SQL path: default weights {D 0.1, C 0.2, B 0.4, A 1.0}, normalization 0, prefix items. C does this
 * arithmetic in `float` with some steps in `double`; `Math.fround` marks each float rounding, so the
 * result is the same float4 PostgreSQL returns.
 */

const f = Math.fround;
/** Weights by class: D (0), C (1), B (2), A (3). */
const WEIGHTS = [f(0.1), f(0.2), f(0.4), f(1.0)] as const;
/** tsvector positions are 14 bits; a lexeme without positions counts as being at the last one. */
const MAXENTRYPOS = 1 << 14;

/**
 * A parsed tsvector: lexemes in PostgreSQL's stored order (byte order), each with its positions as
 * `pos << 2 | weight` (weight 0 = D … 3 = A). A lexeme without positions has an empty list.
 */
export interface ParsedVector {
  lexemes: string[];
  positions: number[][];
}

/**
 * One vector's positions by entry, as the rank reads them: packed `pos << 2 | weight`, flat — entry
 * `e`'s are `positions[start(e)]` to `positions[start(e) + count(e) - 1]` (read in place: decision 0045).
 */
export interface VectorView {
  readonly positions: ArrayLike<number>;
  start(e: number): number;
  /** How many positions entry `e` has (0: a lexeme without positions). */
  count(e: number): number;
  /**
   * calc_rank_or's term of entry `e` (`orTerm` of its positions): it depends on the entry alone, so the
   * index computes it once per entry when the vector is stored (decision 0048).
   */
  term(e: number): number;
}

/**
 * The vector entries each query item matches, in the vector's order: item `i`'s are
 * `lists[i][0 … counts[i] - 1]`. Reused across vectors by the index (no per-vector arrays).
 */
export interface ItemEntries {
  readonly lists: readonly ArrayLike<number>[];
  readonly counts: ArrayLike<number>;
  /** How many items. */
  readonly size: number;
}

/** One distinct query operand of a tsquery, as ts_rank de-duplicates them (by text alone). */
export interface RankItem {
  text: string;
  prefix: boolean;
}

/**
 * Parses PostgreSQL's tsvector text output (`'word':1A,3 'other':2B`): quoted lexemes (a quote is
 * doubled, a backslash escapes) with optional positions and weight letters.
 */
export function parseTsvector(text: string): ParsedVector {
  const lexemes: string[] = [];
  const positions: number[][] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (text[i] === ' ') {
      i += 1;
      continue;
    }
    if (text[i] !== "'") throw new Error(`Unexpected tsvector text at ${i}`);
    i += 1;
    let word = '';
    for (;;) {
      if (i >= n) throw new Error('Unterminated tsvector lexeme');
      const ch = text[i] as string;
      if (ch === '\\') {
        word += text[i + 1] ?? '';
        i += 2;
      } else if (ch === "'") {
        if (text[i + 1] === "'") {
          word += "'";
          i += 2;
        } else {
          i += 1;
          break;
        }
      } else {
        word += ch;
        i += 1;
      }
    }
    const list: number[] = [];
    if (text[i] === ':') {
      i += 1;
      for (;;) {
        let pos = 0;
        while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) {
          pos = pos * 10 + (text.charCodeAt(i) - 48);
          i += 1;
        }
        let weight = 0;
        const w = text[i];
        if (w === 'A' || w === 'a') weight = 3;
        else if (w === 'B' || w === 'b') weight = 2;
        else if (w === 'C' || w === 'c') weight = 1;
        else if (w === 'D' || w === 'd') weight = 0;
        if (w !== undefined && /[A-Da-d]/.test(w)) i += 1;
        list.push((pos << 2) | weight);
        if (text[i] === ',') {
          i += 1;
          continue;
        }
        break;
      }
    }
    lexemes.push(word);
    positions.push(list);
  }
  return { lexemes, positions };
}

/** PostgreSQL's byte-order comparison of two lexemes (tsCompareString without prefix): code point order. */
export function compareLexemes(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(i) as number;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i += 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function wordDistance(w: number): number {
  if (w > 100) return f(1e-30);
  return f(1.0 / (1.005 + 0.05 * Math.exp(f(w) / 1.5 - 2)));
}

/**
 * word_distance for every distance calc_rank_and can meet (1 … MAXENTRYPOS), computed once: the same
 * float4 values as calling it (decision 0048: `Math.exp` per position pair was a share of rankAnd).
 */
const WORD_DISTANCE = (() => {
  const table = new Float32Array(MAXENTRYPOS + 1);
  for (let w = 0; w <= MAXENTRYPOS; w += 1) table[w] = wordDistance(w);
  return table;
})();
/** f(weight(a) · weight(b)) for the 4 × 4 weight classes, indexed `(a & 3) << 2 | (b & 3)`. */
const WEIGHT_PRODUCT = Float32Array.from({ length: 16 }, (_, i) => f((WEIGHTS[i >> 2] as number) * (WEIGHTS[i & 3] as number)));

const posOf = (packed: number) => packed >> 2;
const weightOf = (packed: number) => WEIGHTS[packed & 3] as number;

/**
 * calc_rank_or's term for one vector entry: its weights summed with 1/j² decay, the heaviest one
 * counted at full weight instead of its place's share. `count` 0: a lexeme without positions (once,
 * weight D — tsrank.c's POSNULL). Not yet divided by π²/6.
 */
export function orTerm(positions: ArrayLike<number>, start: number, count: number): number {
  const dimt = count === 0 ? 1 : count;
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < dimt; j += 1) {
    const w = count === 0 ? (WEIGHTS[0] as number) : weightOf(positions[start + j] as number);
    resj = f(resj + f(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  return f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1))));
}
/** tsrank.c's POSNULL stand-in: one position at MAXENTRYPOS − 1, weight D. */
const POS_NULL = ((MAXENTRYPOS - 1) << 2) | 0;
// calc_rank_and's per-item "last entry" positions, as offsets into the vector (scratch, grown on demand).
let itemStart = new Int32Array(32);
let itemCount = new Int32Array(32);

/**
 * The sorted, de-duplicated operands of a query as ts_rank sees them (SortAndUniqItems). PostgreSQL
 * de-duplicates by text alone and keeps whichever copy its quicksort leaves first, so a query naming
 * the same text both as a prefix and as an exact word has no portable answer: null then — unless
 * `prefixKept` says which copy PostgreSQL keeps for this query (learned by asking it, decision 0056):
 * the prefix copy for the texts in it, the exact one for the others.
 */
export function rankItems(items: readonly RankItem[], prefixKept?: ReadonlySet<string>): RankItem[] | null {
  const sorted = [...items].sort((a, b) => compareLexemes(a.text, b.text));
  const unique: RankItem[] = [];
  for (const item of sorted) {
    const last = unique.at(-1);
    if (last && last.text === item.text) {
      if (last.prefix !== item.prefix) {
        if (!prefixKept) return null;
        unique[unique.length - 1] = { text: item.text, prefix: prefixKept.has(item.text) };
      }
      continue;
    }
    unique.push(item);
  }
  return unique;
}

/** The texts a query names both as a prefix and as an exact word (the copies `rankItems` cannot choose between alone). */
export function ambiguousTexts(items: readonly RankItem[]): string[] {
  const prefix = new Set<string>();
  const exact = new Set<string>();
  for (const item of items) (item.prefix ? prefix : exact).add(item.text);
  return [...prefix].filter((text) => exact.has(text)).sort(compareLexemes);
}

/**
 * The entries of `vector` an item matches, in the vector's order (find_wordentry): the lexeme itself,
 * or for a prefix item every lexeme starting with it.
 */
export function matchingEntries(vector: ParsedVector, item: RankItem): number[] {
  const out: number[] = [];
  for (let e = 0; e < vector.lexemes.length; e += 1) {
    const lexeme = vector.lexemes[e] as string;
    if (item.prefix ? lexeme.startsWith(item.text) : lexeme === item.text) out.push(e);
  }
  return out;
}

/**
 * calc_rank_or: per item and matching entry, the entry's weights summed with 1/j² decay around its
 * heaviest occurrence, divided by π²/6; averaged over the items.
 * `entries[i]` are the vector entries item i matches (in vector order).
 */
export function rankOr(vector: VectorView, entries: ItemEntries): number {
  let res = 0;
  const size = entries.size;
  for (let i = 0; i < size; i += 1) {
    const list = entries.lists[i] as ArrayLike<number>;
    const n = entries.counts[i] as number;
    for (let x = 0; x < n; x += 1) res = f(res + vector.term(list[x] as number) / 1.64493406685);
  }
  if (size > 0) res = f(res / size);
  return res;
}

/**
 * calc_rank_and: every pair of positions of two different items, weighted by the product of their
 * weights and their distance; combined as 1 − Π(1 − w). For an item matching several entries (a
 * prefix), later items are paired with its last entry only — as tsrank.c does.
 */
export function rankAnd(vector: VectorView, entries: ItemEntries): number {
  const size = entries.size;
  if (size < 2) return rankOr(vector, entries);
  let res = -1;
  const positions = vector.positions;
  if (itemStart.length < size) {
    itemStart = new Int32Array(size);
    itemCount = new Int32Array(size);
  }
  // Per item, the positions of the last entry seen (tsrank.c's pos[i]): -1 none yet, 0 POSNULL.
  itemCount.fill(-1, 0, size);
  for (let i = 0; i < size; i += 1) {
    const list = entries.lists[i] as ArrayLike<number>;
    const n = entries.counts[i] as number;
    for (let x = 0; x < n; x += 1) {
      const e = list[x] as number;
      const count = vector.count(e);
      const start = vector.start(e);
      const isNull = count === 0;
      const lenL = isNull ? 1 : count;
      itemStart[i] = start;
      itemCount[i] = count;
      for (let k = 0; k < i; k += 1) {
        const ctCount = itemCount[k] as number;
        if (ctCount < 0) continue;
        const ctNull = ctCount === 0;
        const ctStart = itemStart[k] as number;
        const lenP = ctNull ? 1 : ctCount;
        for (let l = 0; l < lenL; l += 1) {
          const pl = isNull ? POS_NULL : (positions[start + l] as number);
          for (let p = 0; p < lenP; p += 1) {
            const pp = ctNull ? POS_NULL : (positions[ctStart + p] as number);
            let dist = Math.abs(posOf(pl) - posOf(pp));
            if (dist || isNull || ctNull) {
              if (!dist) dist = MAXENTRYPOS;
              const weight = WEIGHT_PRODUCT[((pl & 3) << 2) | (pp & 3)] as number;
              const curw = f(Math.sqrt(f(weight * (WORD_DISTANCE[dist] as number))));
              res = res < 0 ? curw : f(1.0 - (1.0 - res) * (1.0 - curw));
            }
          }
        }
      }
    }
  }
  return res;
}

/**
 * ts_rank(vector, query) with default weights and normalization 0. `isAnd`: the query's top operator
 * is AND (several search words); otherwise it is an OR of one word's alternatives.
 */
export function tsRank(vector: ParsedVector, items: readonly RankItem[], isAnd: boolean): number {
  if (vector.lexemes.length === 0 || items.length === 0) return 0;
  const lists = items.map((item) => matchingEntries(vector, item));
  const entries: ItemEntries = { lists, counts: lists.map((list) => list.length), size: lists.length };
  const starts: number[] = [];
  const flat: number[] = [];
  for (const list of vector.positions) {
    starts.push(flat.length);
    flat.push(...list);
  }
  const view: VectorView = {
    positions: flat,
    start: (e) => starts[e] as number,
    count: (e) => (vector.positions[e] as number[]).length,
    term: (e) => orTerm(flat, starts[e] as number, (vector.positions[e] as number[]).length),
  };
  let res = isAnd ? rankAnd(view, entries) : rankOr(view, entries);
  if (res < 0) res = f(1e-20);
  return res;
}
