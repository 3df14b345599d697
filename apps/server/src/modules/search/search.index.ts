import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows, type Db } from '../../db/client.ts';
import { ambiguousTexts, compareLexemes, orTerm, parseTsvector, rankAnd, rankItems, rankOr, type ItemEntries, type RankItem, type VectorView } from './search.rank.ts';
import { englishLexeme, isStemmedWord, simpleLexeme, STEMMER_PROBES } from './search.stem.ts';
import { TypoLexicon } from './search.trigram.ts';
import { MIN_FUZZY_LENGTH, toSearchTerms, tokenQuery } from './search.query.ts';

/**
 * The in-process search index (decision 0034): a cache of PostgreSQL's own full-text data —
 * `glyph_search` (both vectors, popularity, band) and the `search_words` typo lexicon — kept fresh
 * through the `search_changes` feed, so a plain "Best match" search needs no database work but the
 * result cards. Matching, ranking, tiers, candidate caps and cursors are those of the SQL path
 * (search.repository.ts), which still serves whatever this index does not (not loaded yet, other
 * sorts, creator and filter searches, words that are not plain ASCII letters and digits).
 */

/** Candidates ranked per tier, most popular band first (decision 0032's caps, kept: see 0034). */
export const INDEX_CANDIDATE_CAPS = { 1: 500, 0: 300 } as const;
/**
 * The production default of `maxLagMs` (decisions 0045, 0057): a feed read at most 8 times a second
 * under load (from half the bound on, in the background: decision 0056) instead of once per search
 * batch. The bound is several event-loop turns long under load (a turn is ~30–50 ms with 50 searches
 * waiting), so the background read lands before it and no search waits; with the search page cache
 * (`searchPageTtlMs`), another instance's write shows within the ≤ 1 s of DESIGN §5.
 */
export const SEARCH_INDEX_MAX_LAG_MS = 250;

/**
 * How long a search page may be reused (decision 0057): what the index's lag leaves of DESIGN §5's
 * second, so a page built from an index up to `maxLagMs` behind is never served later than one second
 * after a write it missed. 0 turns the page cache off (single flight only).
 */
export function searchPageTtlMs(maxLagMs: number): number {
  return Math.max(0, 1000 - maxLagMs);
}
const MAX_ALTERNATIVES = 3;
/** Queries whose copy choice is remembered (decision 0056); past it the memory starts over. */
const MAX_PREFIX_CHOICES = 10_000;
const NO_PREFIXES: ReadonlySet<string> = new Set();
/** Feed rows older than this are pruned; an instance that has not caught up for half of it reloads. */
const FEED_KEEP_MS = 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
const LOAD_BATCH = 5000;

const f = Math.fround;

/** A growable int array. */
class IntList {
  a: Int32Array;
  n = 0;
  constructor(capacity = 4) {
    this.a = new Int32Array(capacity);
  }
  push(v: number): void {
    if (this.n === this.a.length) {
      const next = new Int32Array(this.a.length * 2);
      next.set(this.a);
      this.a = next;
    }
    this.a[this.n] = v;
    this.n += 1;
  }
}

/** A growable uint16 array (packed positions: pos << 2 | weight). */
class U16List {
  a = new Uint16Array(1024);
  n = 0;
  push(v: number): void {
    if (this.n === this.a.length) {
      const next = new Uint16Array(this.a.length * 2);
      next.set(this.a);
      this.a = next;
    }
    this.a[this.n] = v;
    this.n += 1;
  }
}

/** A growable float64 array. */
class F64List {
  a = new Float64Array(1024);
  n = 0;
  push(v: number): void {
    if (this.n === this.a.length) {
      const next = new Float64Array(this.a.length * 2);
      next.set(this.a);
      this.a = next;
    }
    this.a[this.n] = v;
    this.n += 1;
  }
}

/** Numbers per slot in `VectorStore.docs`. */
const DOC_FIELDS = 3;

/**
 * A lexeme with at least this many postings in a store also keeps them as a bitset over slots
 * (decision 0048): OR-ing ~3,100 words is cheaper than setting that many scattered bits one by one.
 */
export const BITSET_POSTINGS = 2048;

/** For storing a float4 term's bits in an int array. */
const termFloat = new Float32Array(1);
const termBits = new Int32Array(termFloat.buffer);

/** One tsvector column of every slot, flat: entries (lexeme ids) and their positions. */
class VectorStore {
  /**
   * Per slot, `DOC_FIELDS` numbers: its first entry, the entry after its last, and the slot's
   * `popularityTerm` — what ranking a candidate reads first, on one cache line (decision 0048).
   */
  readonly docs = new F64List();
  /**
   * Per entry, two ints: its lexeme id and the float4 bits of calc_rank_or's term of its positions
   * (`orTerm`, computed once here; decision 0048) — read together by the rank, so kept together.
   */
  readonly entries = new IntList(8192);
  readonly entryPosStart = new IntList(4096);
  readonly entryPosEnd = new IntList(4096);
  readonly positions = new U16List();
  /** Per lexeme id: the slots whose vector holds it, ascending (slots only grow). */
  readonly postings: IntList[] = [];
  /** Per frequent lexeme id (≥ `bitsetPostings` postings): the same slots as bits; `bitWords` words each. */
  readonly postingBits: (Uint32Array | undefined)[] = [];
  bitWords = 0;
  private readonly bitsetPostings: number;

  constructor(bitsetPostings: number) {
    this.bitsetPostings = bitsetPostings;
  }

  add(slot: number, lexIds: number[], positions: number[][], popularityTerm: number): void {
    if ((slot >> 5) + 2 > this.bitWords) this.growBits((slot >> 5) + 2);
    this.docs.push(this.entries.n >> 1);
    for (let e = 0; e < lexIds.length; e += 1) {
      const lex = lexIds[e] as number;
      const start = this.positions.n;
      this.entryPosStart.push(start);
      for (const p of positions[e] as number[]) this.positions.push(p);
      this.entryPosEnd.push(this.positions.n);
      termFloat[0] = orTerm(this.positions.a, start, this.positions.n - start);
      this.entries.push(lex);
      this.entries.push(termBits[0] as number);
      let list = this.postings[lex];
      if (!list) this.postings[lex] = list = new IntList(2);
      list.push(slot);
      const bits = this.postingBits[lex];
      if (bits) bits[slot >> 5] = (bits[slot >> 5] as number) | (1 << (slot & 31));
      else if (list.n >= this.bitsetPostings) {
        const made = new Uint32Array(this.bitWords);
        for (let i = 0; i < list.n; i += 1) {
          const s = list.a[i] as number;
          made[s >> 5] = (made[s >> 5] as number) | (1 << (s & 31));
        }
        this.postingBits[lex] = made;
      }
    }
    this.docs.push(this.entries.n >> 1);
    this.docs.push(popularityTerm);
  }

  setPopularity(slot: number, popularityTerm: number): void {
    this.docs.a[slot * DOC_FIELDS + 2] = popularityTerm;
  }

  /** Room for at least `words` words in every posting bitset (doubling, so a reload's growth is amortized). */
  private growBits(words: number): void {
    this.bitWords = Math.max(words, this.bitWords * 2);
    for (let lex = 0; lex < this.postingBits.length; lex += 1) {
      const old = this.postingBits[lex];
      if (!old) continue;
      const next = new Uint32Array(this.bitWords);
      next.set(old);
      this.postingBits[lex] = next;
    }
  }
}

/** A view of a store's vectors for the rank port (entries are store-wide, so one view serves every slot). */
class SlotView implements VectorView {
  readonly positions: Uint16Array;
  private readonly posStart: Int32Array;
  private readonly posEnd: Int32Array;
  private readonly terms: Float32Array;
  constructor(store: VectorStore) {
    // The arrays as they are now: a search runs between awaits, while the feed cannot grow them.
    this.positions = store.positions.a;
    this.posStart = store.entryPosStart.a;
    this.posEnd = store.entryPosEnd.a;
    this.terms = new Float32Array(store.entries.a.buffer);
  }
  term(e: number): number {
    return this.terms[2 * e + 1] as number;
  }
  start(e: number): number {
    return this.posStart[e] as number;
  }
  count(e: number): number {
    return (this.posEnd[e] as number) - (this.posStart[e] as number);
  }
}

/** cyrb53: a 53-bit string hash, to tell an edited vector from a popularity-only change. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * The leading 48 bits of a canonical (lower-case) UUID's text — the first 12 hex digits — as a number:
 * ids with different keys are in the same order as their texts; equal keys compare as text. Glyph ids
 * are PostgreSQL uuids read as text, always canonical; anything else gets -1 (and so compares as text).
 */
export function idKey(id: string): number {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}/.test(id)) return -1;
  return Number.parseInt(id.slice(0, 8), 16) * 65536 + Number.parseInt(id.slice(9, 13), 16);
}

interface GlyphSearchRow {
  id: string;
  /**
   * The popularity part of a hit's score, `0.001 * ln(popularity)` as the SQL path adds it, computed by
   * the database: V8's Math.log is not always glibc's (ln 74 differs in the last bit), and the cursor
   * carries the score to the last bit (decision 0056).
   */
  pt: number;
  band: number;
  tv: string;
  sv: string;
}

/** One ranked hit of the index: the SQL path's keys (score as a float8, tier, id). */
export interface IndexHit {
  id: string;
  score: number;
  tier: 0 | 1;
}

/**
 * Where the hits of one search sit in the index (`search`'s `slotsOut`): the slot of each hit, in
 * order, and the load they belong to (`epoch` changes when the index is loaded again, which renumbers
 * the slots). A slot always holds the same glyph within one epoch, so a cache of per-glyph data — the
 * result cards — can keep its entries by slot and skip the lookup by id (decision 0060).
 */
export interface HitSlots {
  epoch: number;
  slots: number[];
}

/** A relevance cursor position (search.cursor.ts). */
export interface IndexAfter {
  score: number;
  tier: 0 | 1;
  id: string;
}

/** Loads so far, numbering each IndexData (`HitSlots.epoch`). */
let loads = 0;

/** The index's data: rebuilt whole on a reload, changed in place by the feed. */
class IndexData {
  /** This load's number: slots are only comparable within one. */
  readonly epoch = (loads += 1);
  readonly lexIds = new Map<string, number>();
  readonly lexStrings: string[] = [];
  /** Lexeme ids in byte order of their text, for prefix ranges. */
  sortedLex: number[] = [];
  private sortedDirty = false;
  readonly title: VectorStore;
  readonly search: VectorStore;
  readonly slotIds: string[] = [];
  /** Per slot, its id's leading 48 bits as a number (`idKey`): id order without comparing strings. */
  readonly idKeys = new F64List();
  readonly band = new IntList(1024);
  readonly hashes: number[] = [];
  live = new Uint32Array(64);
  bands = [new Uint32Array(64), new Uint32Array(64), new Uint32Array(64), new Uint32Array(64)];
  readonly slotOf = new Map<string, number>();
  /** The feed rev last applied to each glyph (a re-read row is applied once). */
  readonly revOf = new Map<string, number>();
  deadSlots = 0;
  readonly typos = new TypoLexicon();

  constructor(bitsetPostings: number) {
    this.title = new VectorStore(bitsetPostings);
    this.search = new VectorStore(bitsetPostings);
  }

  get slots(): number {
    return this.slotIds.length;
  }

  lexId(text: string): number {
    let id = this.lexIds.get(text);
    if (id === undefined) {
      id = this.lexStrings.length;
      this.lexIds.set(text, id);
      this.lexStrings.push(text);
      this.sortedLex.push(id);
      this.sortedDirty = true;
    }
    return id;
  }

  private ensureBits(slot: number): void {
    const words = (slot >> 5) + 1;
    if (words <= this.live.length) return;
    const grow = (old: Uint32Array) => {
      const next = new Uint32Array(Math.max(words, old.length * 2));
      next.set(old);
      return next;
    };
    this.live = grow(this.live);
    this.bands = this.bands.map(grow);
  }

  private setBand(slot: number, band: number, on: boolean): void {
    const bits = this.bands[band] as Uint32Array;
    if (on) bits[slot >> 5] = (bits[slot >> 5] as number) | (1 << (slot & 31));
    else bits[slot >> 5] = (bits[slot >> 5] as number) & ~(1 << (slot & 31));
  }

  /** Applies one glyph_search row (null: the glyph left search). */
  apply(id: string, row: GlyphSearchRow | null): void {
    const old = this.slotOf.get(id);
    if (row && old !== undefined && this.hashes[old] === hash53(row.tv) * 31 + hash53(row.sv)) {
      // Popularity only (likes, downloads): the slot stays, its band may move.
      this.setBand(old, this.band.a[old] as number, false);
      this.title.setPopularity(old, row.pt);
      this.search.setPopularity(old, row.pt);
      this.band.a[old] = row.band;
      this.setBand(old, row.band, true);
      return;
    }
    if (old !== undefined) {
      this.live[old >> 5] = (this.live[old >> 5] as number) & ~(1 << (old & 31));
      this.setBand(old, this.band.a[old] as number, false);
      this.slotOf.delete(id);
      this.deadSlots += 1;
    }
    if (!row) return;
    const slot = this.slots;
    this.ensureBits(slot);
    this.slotIds.push(id);
    this.idKeys.push(idKey(id));
    this.band.push(row.band);
    this.hashes.push(hash53(row.tv) * 31 + hash53(row.sv));
    for (const [store, text] of [
      [this.title, row.tv],
      [this.search, row.sv],
    ] as const) {
      const parsed = parseTsvector(text);
      store.add(
        slot,
        parsed.lexemes.map((lexeme) => this.lexId(lexeme)),
        parsed.positions,
        row.pt,
      );
    }
    this.live[slot >> 5] = (this.live[slot >> 5] as number) | (1 << (slot & 31));
    this.setBand(slot, row.band, true);
    this.slotOf.set(id, slot);
  }

  /** Lexeme ids whose text is `text` (exact) or starts with it (prefix). */
  matching(item: RankItem, out: number[]): void {
    if (!item.prefix) {
      const id = this.lexIds.get(item.text);
      if (id !== undefined) out.push(id);
      return;
    }
    if (this.sortedDirty) {
      this.sortedLex.sort((a, b) => compareLexemes(this.lexStrings[a] as string, this.lexStrings[b] as string));
      this.sortedDirty = false;
    }
    let lo = 0;
    let hi = this.sortedLex.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareLexemes(this.lexStrings[this.sortedLex[mid] as number] as string, item.text) < 0) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.sortedLex.length; i += 1) {
      const id = this.sortedLex[i] as number;
      if (!(this.lexStrings[id] as string).startsWith(item.text)) break;
      out.push(id);
    }
  }
}

/** A search term compiled for the index: the groups of `tokenQuery`, as tsquery items. */
export interface CompiledQuery {
  /** Per non-empty group: its items (english, then simple), as the SQL's `english || simple`. */
  groups: RankItem[][];
  /** The distinct items as ts_rank sees them, in its order. */
  items: RankItem[];
  isAnd: boolean;
  /** The texts named both as a prefix and exactly, whose copy `prefixKept` chose (empty without it). */
  ambiguous: readonly string[];
}

/**
 * The tsquery the SQL path builds from `groups` (`toTsQuery` in search.repository.ts: each group's
 * text `word:* | alt | …` under the english and the simple configuration, the groups AND-ed), as
 * items — or null when some word needs PostgreSQL's parser (not plain ASCII letters and digits) or
 * ts_rank's de-duplication is ambiguous, and 'none' when the query matches nothing. A group whose
 * english part is only stop words is dropped (the SQL's `numnode(...) = 0` case).
 */
export function compileGroups(
  groupTexts: readonly string[],
  stemOf: (word: string) => string | null = englishLexeme,
  prefixKept?: ReadonlySet<string>,
): CompiledQuery | null | 'none' {
  const groups: RankItem[][] = [];
  for (const text of groupTexts) {
    const english: RankItem[] = [];
    const simple: RankItem[] = [];
    for (const part of text.split(' | ')) {
      const prefix = part.endsWith(':*');
      const word = prefix ? part.slice(0, -2) : part;
      const e = stemOf(word);
      const s = simpleLexeme(word);
      if (e === null || s === null) return null;
      if (e !== '') english.push({ text: e, prefix });
      simple.push({ text: s, prefix });
    }
    if (english.length === 0) continue;
    groups.push([...english, ...simple]);
  }
  if (groups.length === 0) return 'none';
  const all = groups.flat();
  const items = rankItems(all, prefixKept);
  if (!items || items.length > 31) return null;
  return { groups, items, isAnd: groups.length >= 2, ambiguous: prefixKept ? ambiguousTexts(all) : [] };
}

/**
 * The feed since `$1` (the previous read's snapshot xmin: every transaction from then on, committed
 * since or not, is read again — applying a row twice is harmless), plus this read's own xmin.
 */
const CATCH_UP_SQL = `select 'x' as kind, pg_snapshot_xmin(pg_current_snapshot())::text as id, null::bigint as rev, null::float8 as pt,
       null::int as band, null::text as tv, null::text as sv
union all
select 'g', c.glyph_id::text, c.rev, 0.001 * ln(s.popularity), s.band::int, s.title_vector::text, s.search_vector::text
  from (select glyph_id, max(rev) as rev from search_changes where xid >= $1::xid8 group by glyph_id) c
  left join glyph_search s on s.glyph_id = c.glyph_id
union all
select 'w', word, rev, null, null, null, null from search_words where xid >= $1::xid8`;

interface RawClient {
  query(
    textOrConfig: string | { name: string; text: string; values: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: unknown[] }>;
}

export interface SearchIndexOptions {
  /** Called when a glyph's search data changed (the feed): its cached card is stale. */
  onGlyphChange?: (glyphId: string) => void;
  /** Reports a failed load or catch-up (the SQL path serves meanwhile). */
  onError?: (error: unknown) => void;
  /** Candidates ranked per tier (default `INDEX_CANDIDATE_CAPS`; the benchmark compares others). */
  candidateCaps?: { 1: number; 0: number };
  /** Postings from which a lexeme also keeps a bitset (default `BITSET_POSTINGS`; tests use 1 to match through bitsets only). */
  bitsetPostings?: number;
  /**
   * How stale a search may be with respect to *other* instances' writes (decision 0045): a search
   * skips the feed read when the last completed catch-up started less than this long ago and this
   * instance reported no write (`noteWrite`) since it started; from half of it on, such a search starts
   * the next catch-up without waiting for it (decision 0056). 0 (the default): a catch-up before every
   * search, as decision 0034 had it.
   */
  maxLagMs?: number;
  now?: () => number;
  /**
   * ts_rank of the glyph's tier vector (1 title, 0 search) for the query `groups` builds on the SQL
   * path, as float8, plus `addend` (in float8, in the database); null when the glyph has no row.
   * Settles which copy of a text named both as a prefix and exactly PostgreSQL ranks with (decision
   * 0056); without it such queries go to SQL.
   */
  probeRank?: (groups: readonly string[], tier: 0 | 1, glyphId: string, addend: number) => Promise<number | null>;
}

/** The in-process search index of one server instance. */
export function createSearchIndex(db: Db, options: SearchIndexOptions = {}) {
  const now = options.now ?? Date.now;
  const caps = options.candidateCaps ?? INDEX_CANDIDATE_CAPS;
  const maxLagMs = options.maxLagMs ?? 0;
  /** Writes this instance reported (`noteWrite`), counted so a catch-up knows which ones it covers. */
  let localWrites = 0;
  /**
   * The last catch-up that completed: when it started and how many local writes had been reported
   * by then. Everything committed before `startedAt` is in the index (its read began after).
   */
  let settled: { startedAt: number; localWrites: number } | null = null;
  const resolved = Promise.resolve();
  let data: IndexData | null = null;
  let loading: Promise<void> | null = null;
  /** The snapshot xmin of the last read: rows of transactions from then on are read again. */
  let xmin = '0';
  let lastCatchUp = 0;
  let lastPrune = 0;
  /**
   * 'js': porter2 stems exactly as this database (checked at load on the lexicon and the probes);
   * 'db': it does not (another Snowball release), so words are stemmed by the database, once each.
   */
  let stemMode: 'js' | 'db' = 'js';
  const stemCache = new Map<string, string>();
  let inFlight: Promise<void> | null = null;
  let waiting: Promise<void> | null = null;
  let stopped = false;
  /** Searches answered by the index, and those it left to SQL (a word only PostgreSQL can parse). */
  let answered = 0;
  let declined = 0;
  /** Catch-up queries run (shared by the searches that waited for them). */
  let rounds = 0;
  /** Queries whose copy of a doubly named text PostgreSQL was asked about (decision 0056). */
  let probes = 0;
  /**
   * Per query (its groups) that names a text both ways, the choices still open — each the set of texts
   * whose prefix copy PostgreSQL would keep; one when settled — or 'sql' when no choice reproduced its
   * rank (decision 0056).
   */
  const prefixChoices = new Map<string, readonly ReadonlySet<string>[] | 'sql'>();
  // Scratch for one search (searches run one at a time between awaits).
  let itemMask = new Int32Array(1024);
  let bitsA = new Uint32Array(64);
  let bitsB = new Uint32Array(64);
  let bitsT = new Uint32Array(64);
  let bitsS = new Uint32Array(64);
  const groupLexes: number[] = [];
  let candidateSlots = new Int32Array(0);
  let bandSlots = [new Int32Array(0), new Int32Array(0), new Int32Array(0), new Int32Array(0)];
  const bandCounts = new Int32Array(4);
  let hitSlots = new Int32Array(0);
  let hitScores = new Float64Array(0);
  let selectScores = new Float64Array(0);
  let hitOrder = new Int32Array(0);
  const sortStack = new Int32Array(128);

  /**
   * The catch-up runs before every search: on PostgreSQL as a named prepared statement, planned once
   * per connection instead of on every call (planning the three-part query cost more than running it).
   */
  async function runNamed<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
    const client = (db as unknown as { $client: RawClient }).$client;
    const result = client instanceof pg.Pool ? await client.query({ name, text, values }) : await client.query(text, values);
    return result.rows as T[];
  }

  async function snapshotXmin(): Promise<string> {
    const rows = await queryRows<{ xmin: string }>(db, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`);
    return rows[0]?.xmin ?? '0';
  }

  /** The english lexeme of each plain ASCII word, from the database ('' for a stop word). */
  async function stemInDatabase(words: string[]): Promise<Map<string, string>> {
    const plain = [...new Set(words.filter(isStemmedWord))];
    const out = new Map<string, string>();
    if (plain.length === 0) return out;
    const rows = await queryRows<{ w: string; e: string | null }>(
      db,
      sql`select w, array_to_string(tsvector_to_array(to_tsvector('english'::regconfig, w)), ' ') as e
            from jsonb_array_elements_text(${JSON.stringify(plain)}::jsonb) as w`,
    );
    for (const row of rows) out.set(row.w, row.e ?? '');
    return out;
  }

  function stemOf(word: string): string | null {
    if (stemMode === 'js' || !isStemmedWord(word)) return englishLexeme(word);
    return stemCache.get(word) ?? null;
  }

  /** In 'db' mode: the words of `groups` the cache does not know yet, stemmed by the database. */
  async function stemGroups(groups: string[]): Promise<void> {
    if (stemMode === 'js') return;
    const missing = groups
      .flatMap((text) => text.split(' | ').map((part) => part.replace(/:\*$/, '')))
      .filter((word) => isStemmedWord(word) && !stemCache.has(word));
    if (missing.length === 0) return;
    if (stemCache.size > 100_000) stemCache.clear();
    for (const [word, lexeme] of await stemInDatabase(missing)) stemCache.set(word, lexeme);
  }

  async function load(): Promise<void> {
    const started = await snapshotXmin();
    const next = new IndexData(options.bitsetPostings ?? BITSET_POSTINGS);
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await queryRows<GlyphSearchRow>(
        db,
        sql`select glyph_id::text as id, 0.001 * ln(popularity) as pt, band, title_vector::text as tv, search_vector::text as sv
              from glyph_search where glyph_id > ${after}::uuid order by glyph_id limit ${LOAD_BATCH}`,
      );
      for (const row of rows) next.apply(row.id, row);
      if (rows.length < LOAD_BATCH) break;
      after = (rows.at(-1) as GlyphSearchRow).id;
    }
    const words = await queryRows<{ word: string }>(db, sql`select word from search_words`);
    for (const row of words) next.typos.add(row.word);
    const stems = await stemInDatabase([...STEMMER_PROBES, ...words.map((row) => row.word)]);
    stemMode = [...stems].every(([word, lexeme]) => englishLexeme(word) === lexeme) ? 'js' : 'db';
    if (stemMode === 'db') for (const [word, lexeme] of stems) stemCache.set(word, lexeme);
    if (stopped) return;
    data = next;
    xmin = started;
    lastCatchUp = now();
    settled = null;
  }

  async function catchUp(): Promise<void> {
    const current = data;
    if (!current) return;
    if (now() - lastCatchUp > FEED_KEEP_MS / 2) {
      // The feed may have been pruned past this instance's position: start over (SQL serves meanwhile).
      reload();
      return;
    }
    const startedAt = now();
    const writesAtStart = localWrites;
    rounds += 1;
    const rows = await runNamed<{
      kind: string;
      id: string;
      rev: string | number | null;
      pt: number | null;
      band: number | null;
      tv: string | null;
      sv: string | null;
    }>('search_index_catch_up', CATCH_UP_SQL, [xmin]);
    for (const row of rows) {
      if (row.kind === 'x') xmin = row.id;
      else if (row.kind === 'w') current.typos.add(row.id);
      else {
        const rev = Number(row.rev);
        if ((current.revOf.get(row.id) ?? -1) >= rev) continue;
        current.revOf.set(row.id, rev);
        current.apply(
          row.id,
          row.tv === null || row.sv === null
            ? null
            : { id: row.id, pt: Number(row.pt ?? 0), band: row.band ?? 0, tv: row.tv, sv: row.sv },
        );
        options.onGlyphChange?.(row.id);
      }
    }
    lastCatchUp = startedAt;
    if (data === current) settled = { startedAt, localWrites: writesAtStart };
    if (current.deadSlots > 1000 && current.deadSlots > current.slots / 4) {
      // Edited glyphs leave dead slots behind; past a quarter of the index, rebuild it.
      reload();
      return;
    }
    if (startedAt - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = startedAt;
      await queryRows(
        db,
        sql`delete from search_changes where changed_at < now() - make_interval(secs => ${FEED_KEEP_MS / 1000})`,
      );
    }
  }

  function start(): Promise<void> {
    loading ??= load()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  function reload(): void {
    data = null;
    settled = null;
    void start();
  }

  function startRound(): Promise<void> {
    const round: Promise<void> = catchUp().finally(() => {
      if (inFlight === round) inFlight = null;
    });
    inFlight = round;
    return round;
  }

  /**
   * Resolves once the index holds every change committed before the call: a catch-up that starts
   * now, or — when one is already running (it may have read before those commits) — the next one,
   * shared by every search that arrived meanwhile.
   */
  function fresh(): Promise<void> {
    // Decision 0045: within `maxLagMs` of a completed catch-up and with no local write since it began,
    // the index already holds every write of this instance and those of others up to that bound.
    if (settled && settled.localWrites === localWrites) {
      const age = now() - settled.startedAt;
      if (age < maxLagMs) {
        // Past half the bound, the next catch-up starts now, in the background: it lands before the bound,
        // so no search waits for it (a search that waits on a round waits for the event loop's current
        // turn too: ~50 searches under load). Its failure is reported; the next search past the bound retries.
        if (age >= maxLagMs / 2 && !inFlight && !waiting) startRound().catch((error: unknown) => options.onError?.(error));
        return resolved;
      }
    }
    if (waiting) return waiting;
    if (inFlight) {
      const previous = inFlight;
      waiting = previous
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          waiting = null;
          return startRound();
        });
      return waiting;
    }
    return startRound();
  }

  function grow(bits: Uint32Array<ArrayBuffer>, words: number): Uint32Array<ArrayBuffer> {
    return bits.length >= words ? bits : new Uint32Array(Math.max(words, bits.length * 2));
  }

  /**
   * OR of the postings of every lexeme an item of the group matches, AND-ed over the groups, AND live.
   * A frequent lexeme's postings are OR-ed in as its bitset (decision 0048).
   */
  function matchBits(d: IndexData, store: VectorStore, compiled: CompiledQuery, out: Uint32Array, words: number): void {
    const lexes = groupLexes;
    for (let g = 0; g < compiled.groups.length; g += 1) {
      const target = g === 0 ? out : bitsA;
      target.fill(0, 0, words);
      lexes.length = 0;
      for (const item of compiled.groups[g] as RankItem[]) d.matching(item, lexes);
      for (const lex of lexes) {
        const bits = store.postingBits[lex];
        if (bits) {
          for (let w = 0; w < words; w += 1) target[w] = (target[w] as number) | (bits[w] as number);
          continue;
        }
        const list = store.postings[lex];
        if (!list) continue;
        const a = list.a;
        for (let i = 0; i < list.n; i += 1) {
          const slot = a[i] as number;
          target[slot >> 5] = (target[slot >> 5] as number) | (1 << (slot & 31));
        }
      }
      if (g > 0) for (let w = 0; w < words; w += 1) out[w] = (out[w] as number) & (bitsA[w] as number);
    }
    for (let w = 0; w < words; w += 1) out[w] = (out[w] as number) & (d.live[w] as number);
  }

  /**
   * The tier's candidates into `candidateSlots` (returns how many): whole popularity bands, most popular
   * first, then the first of the last band, up to `cap`.
   */
  function candidates(d: IndexData, bits: Uint32Array, words: number, cap: number): number {
    // One pass over the match bits (most words are 0), each band's slots ascending up to `cap`; then the
    // bands most popular first — the same slots in the same order as a pass per band (decision 0045).
    if (candidateSlots.length < cap) {
      candidateSlots = new Int32Array(cap);
      bandSlots = bandSlots.map(() => new Int32Array(cap));
    }
    const counts = bandCounts;
    counts.fill(0);
    for (let w = 0; w < words; w += 1) {
      const word = bits[w] as number;
      if (word === 0) continue;
      for (let band = 3; band >= 0; band -= 1) {
        let n = counts[band] as number;
        if (n >= cap) continue;
        const list = bandSlots[band] as Int32Array;
        let m = (word & ((d.bands[band] as Uint32Array)[w] as number)) >>> 0;
        while (m !== 0 && n < cap) {
          const low = m & -m;
          list[n] = (w << 5) + (31 - Math.clz32(low));
          n += 1;
          m = (m ^ low) >>> 0;
        }
        counts[band] = n;
      }
    }
    let out = 0;
    for (let band = 3; band >= 0 && out < cap; band -= 1) {
      const list = bandSlots[band] as Int32Array;
      const n = Math.min(counts[band] as number, cap - out);
      candidateSlots.set(list.subarray(0, n), out);
      out += n;
    }
    return out;
  }

  /**
   * Ranks the first `count` of `candidateSlots` exactly as `ts_rank(vector, query)::float8 + 0.001 * ln(popularity)`,
   * into `hitSlots`/`hitScores` (no object per candidate: decision 0048), keeping those after `after`;
   * returns how many.
   */
  function rank(d: IndexData, store: VectorStore, compiled: CompiledQuery, count: number, after: IndexAfter | undefined): number {
    const view = new SlotView(store);
    const size = compiled.items.length;
    const docs = store.docs.a;
    const entryData = store.entries.a;
    const terms = new Float32Array(entryData.buffer);
    if (hitSlots.length < count) {
      hitSlots = new Int32Array(count);
      hitScores = new Float64Array(count);
    }
    // One item, OR (a single search word whose english and simple forms agree, no typo alternatives):
    // ts_rank is its matching entries' terms summed in vector order — no per-item lists (decision 0048).
    const single = size === 1 && !compiled.isAnd;
    // Per item, the matching entries of the vector at hand: fixed arrays reset by count, not new arrays
    // per vector (decision 0045). An item matches at most every entry of one vector.
    let longest = 0;
    if (!single) {
      for (let c = 0; c < count; c += 1) {
        const slot = candidateSlots[c] as number;
        longest = Math.max(longest, (docs[slot * DOC_FIELDS + 1] as number) - (docs[slot * DOC_FIELDS] as number));
      }
    }
    const lists = single ? [] : Array.from({ length: size }, () => new Int32Array(longest));
    const counts = new Int32Array(size);
    const entries: ItemEntries = { lists, counts, size };
    let n = 0;
    for (let c = 0; c < count; c += 1) {
      const slot = candidateSlots[c] as number;
      const start = docs[slot * DOC_FIELDS] as number;
      const end = docs[slot * DOC_FIELDS + 1] as number;
      let r: number;
      if (single) {
        r = 0;
        for (let e = start; e < end; e += 1) {
          if (itemMask[entryData[2 * e] as number] !== 0) r = f(r + (terms[2 * e + 1] as number) / 1.64493406685);
        }
      } else {
        counts.fill(0);
        for (let e = start; e < end; e += 1) {
          let mask = itemMask[entryData[2 * e] as number] as number;
          while (mask !== 0) {
            const low = mask & -mask;
            const i = 31 - Math.clz32(low);
            (lists[i] as Int32Array)[counts[i] as number] = e;
            counts[i] = (counts[i] as number) + 1;
            mask ^= low;
          }
        }
        r = compiled.isAnd ? rankAnd(view, entries) : rankOr(view, entries);
        if (r < 0) r = f(1e-20);
      }
      const score = r + (docs[slot * DOC_FIELDS + 2] as number);
      if (after && !(score < after.score || (score === after.score && (d.slotIds[slot] as string) < after.id))) continue;
      hitSlots[n] = slot;
      hitScores[n] = score;
      n += 1;
    }
    return n;
  }

  /**
   * The first `k` of the `n` hits in the SQL path's order (score, then id, descending): the k-th best score found by selection,
   * then only the hits at or above it sorted — ties at that score included, so the order is exactly the
   * full sort's (decision 0045: sorting every candidate was ~8 % of a search).
   */
  function topHits(d: IndexData, n: number, k: number, tier: 0 | 1, slotsOut: HitSlots | undefined): IndexHit[] {
    if (hitOrder.length < n) hitOrder = new Int32Array(hitScores.length);
    const order = hitOrder;
    let m = 0;
    if (n <= k) {
      for (let i = 0; i < n; i += 1) order[m++] = i;
    } else {
      if (selectScores.length < n) selectScores = new Float64Array(hitScores.length);
      const scores = selectScores;
      scores.set(hitScores.subarray(0, n));
      // Quickselect for the k-th largest score (index k - 1 in descending order).
      let lo = 0;
      let hi = n - 1;
      const target = k - 1;
      while (lo < hi) {
        const pivot = scores[(lo + hi) >>> 1] as number;
        let i = lo;
        let j = hi;
        while (i <= j) {
          while ((scores[i] as number) > pivot) i += 1;
          while ((scores[j] as number) < pivot) j -= 1;
          if (i <= j) {
            const tmp = scores[i] as number;
            scores[i] = scores[j] as number;
            scores[j] = tmp;
            i += 1;
            j -= 1;
          }
        }
        if (target <= j) hi = j;
        else if (target >= i) lo = i;
        else break;
      }
      const kth = scores[target] as number;
      for (let i = 0; i < n; i += 1) if ((hitScores[i] as number) >= kth) order[m++] = i;
    }
    sortHits(d, order, m);
    const ids = d.slotIds;
    const out: IndexHit[] = [];
    for (let x = 0; x < m && x < k; x += 1) {
      const i = order[x] as number;
      const slot = hitSlots[i] as number;
      out.push({ id: ids[slot] as string, score: hitScores[i] as number, tier });
      slotsOut?.slots.push(slot);
    }
    return out;
  }

  /**
   * Whether hit `a` comes before hit `b` in the SQL path's order: score descending, then id descending —
   * by the ids' leading 48 bits (`IndexData.idKeys`), their text only when those are equal.
   */
  function before(d: IndexData, a: number, b: number): boolean {
    const sa = hitScores[a] as number;
    const sb = hitScores[b] as number;
    if (sa !== sb) return sa > sb;
    const slotA = hitSlots[a] as number;
    const slotB = hitSlots[b] as number;
    const ka = d.idKeys.a[slotA] as number;
    const kb = d.idKeys.a[slotB] as number;
    if (ka !== kb && ka >= 0 && kb >= 0) return ka > kb;
    return (d.slotIds[slotA] as string) > (d.slotIds[slotB] as string);
  }

  /**
   * Sorts the first `m` hit indexes of `order` by `before`: quicksort, insertion sort below 12 (an
   * `Array#sort` with a comparator was ~10 % of an index search: a call into the comparator per comparison).
   */
  function sortHits(d: IndexData, order: Int32Array, m: number): void {
    const stack = sortStack;
    let top = 0;
    stack[top++] = 0;
    stack[top++] = m - 1;
    while (top > 0) {
      const hi = stack[--top] as number;
      const lo = stack[--top] as number;
      if (hi - lo < 12) {
        for (let i = lo + 1; i <= hi; i += 1) {
          const v = order[i] as number;
          let j = i - 1;
          while (j >= lo && before(d, v, order[j] as number)) {
            order[j + 1] = order[j] as number;
            j -= 1;
          }
          order[j + 1] = v;
        }
        continue;
      }
      const pivot = order[(lo + hi) >>> 1] as number;
      let i = lo;
      let j = hi;
      while (i <= j) {
        while (before(d, order[i] as number, pivot)) i += 1;
        while (before(d, pivot, order[j] as number)) j -= 1;
        if (i <= j) {
          const tmp = order[i] as number;
          order[i] = order[j] as number;
          order[j] = tmp;
          i += 1;
          j -= 1;
        }
      }
      // The larger side goes on the stack first, so the stack stays within 2·log2(m) entries.
      const leftFirst = j - lo > hi - i;
      for (let side = 0; side < 2; side += 1) {
        const left = (side === 0) === leftFirst;
        const from = left ? lo : i;
        const to = left ? j : hi;
        if (from < to) {
          stack[top++] = from;
          stack[top++] = to;
        }
      }
    }
  }

  /** Sizes the scratch for `d`; returns the number of 32-bit words of a match bitset. */
  function prepare(d: IndexData): number {
    const words = ((d.slots + 31) >> 5) + 1;
    bitsA = grow(bitsA, words);
    bitsB = grow(bitsB, words);
    bitsT = grow(bitsT, words);
    bitsS = grow(bitsS, words);
    if (itemMask.length < d.lexStrings.length) itemMask = new Int32Array(Math.max(d.lexStrings.length * 2, 1024));
    return words;
  }

  /** Marks in `itemMask` which of the query's items each lexeme matches; returns the lexemes marked (for `unmark`). */
  function mark(d: IndexData, compiled: CompiledQuery): number[] {
    const marked: number[] = [];
    compiled.items.forEach((item, i) => {
      const lexes: number[] = [];
      d.matching(item, lexes);
      for (const lex of lexes) {
        if (itemMask[lex] === 0) marked.push(lex);
        itemMask[lex] = (itemMask[lex] as number) | (1 << i);
      }
    });
    return marked;
  }

  function unmark(marked: readonly number[]): void {
    for (const lex of marked) itemMask[lex] = 0;
  }

  /**
   * A query that names a text both as a prefix and exactly (a typo alternative equal to another
   * word's stem: "clok clock"), whose ranks depend on the copy PostgreSQL keeps (decision 0056).
   * Ranks each tier's candidates under every choice of copies: 'either' when no candidate's rank
   * depends on it; otherwise the first candidate whose does, with its score under each choice (rank
   * plus its popularity term), for PostgreSQL to settle.
   */
  function prefixProbe(
    d: IndexData,
    variants: readonly CompiledQuery[],
  ): 'either' | { tier: 0 | 1; glyphId: string; popularityTerm: number; scores: number[] } {
    const words = prepare(d);
    const first = variants[0] as CompiledQuery;
    matchBits(d, d.title, first, bitsT, words);
    matchBits(d, d.search, first, bitsS, words);
    for (let w = 0; w < words; w += 1) bitsS[w] = (bitsS[w] as number) & ~(bitsT[w] as number);
    for (const tier of [1, 0] as const) {
      const store = tier === 1 ? d.title : d.search;
      const n = candidates(d, tier === 1 ? bitsT : bitsS, words, caps[tier]);
      const scores = variants.map((variant) => {
        const marked = mark(d, variant);
        try {
          const ranked = rank(d, store, variant, n, undefined);
          return hitScores.slice(0, ranked);
        } finally {
          unmark(marked);
        }
      });
      for (let i = 0; i < n; i += 1) {
        if (scores.every((list) => list[i] === scores[0]?.[i])) continue;
        const slot = candidateSlots[i] as number;
        return {
          tier,
          glyphId: d.slotIds[slot] as string,
          popularityTerm: store.docs.a[slot * DOC_FIELDS + 2] as number,
          scores: scores.map((list) => list[i] as number),
        };
      }
    }
    return 'either';
  }

  /**
   * Narrows `open`, the choices of copy for the doubly named texts of the query `groups` still in play
   * (decision 0056): every open choice is ranked here, and a candidate whose score tells them apart goes
   * to PostgreSQL, until one choice is left — or until the open choices rank every candidate alike (none
   * of today's glyphs tells them apart: nothing to ask). Returns the choices still open (none: no choice
   * gives PostgreSQL's score), or 'gone' when the index went away or a probed glyph was deleted meanwhile.
   */
  async function settleCopies(
    groups: readonly string[],
    choices: readonly ReadonlySet<string>[],
  ): Promise<readonly ReadonlySet<string>[] | 'gone'> {
    let open = choices;
    while (open.length > 1 && options.probeRank) {
      const d = data;
      if (!d || stopped) return 'gone';
      const probe = prefixProbe(
        d,
        open.map((choice) => compileGroups(groups, stemOf, choice) as CompiledQuery),
      );
      if (probe === 'either') break;
      probes += 1;
      // PostgreSQL's rank plus this index's popularity term: the same float8 addition as the scores here,
      // so a popularity changed meanwhile in the database does not spoil the comparison.
      const score = await options.probeRank(groups, probe.tier, probe.glyphId, probe.popularityTerm);
      if (score === null) return 'gone';
      open = open.filter((_choice, i) => probe.scores[i] === score);
    }
    return open;
  }

  /**
   * One relevance page of a plain search: `limit + 1` hits after `after`, tier 1 first; or null when
   * the index cannot answer (not ready, a word only PostgreSQL can parse) and the SQL path must.
   * `slotsOut`, when given, receives the slot of each hit returned. Call `fresh()` first.
   */
  async function search(term: string, limit: number, after?: IndexAfter, slotsOut?: HitSlots): Promise<IndexHit[] | null> {
    if (slotsOut) slotsOut.slots.length = 0;
    if (!data || stopped) return null;
    const groups = groupsOf(data, term);
    if (!groups) {
      answered += 1;
      return [];
    }
    await stemGroups(groups);
    const d = data;
    if (!d || stopped) return null;
    const key = groups.join('\n');
    let kept = prefixChoices.get(key);
    let compiled = compileGroups(groups, stemOf, kept === 'sql' ? undefined : (kept?.[0] ?? NO_PREFIXES));
    if (compiled === null) {
      declined += 1;
      return null;
    }
    if (compiled !== 'none' && compiled.ambiguous.length > 0 && kept !== 'sql' && (kept === undefined || kept.length > 1)) {
      // Every choice of copies: one such text in practice, two at most; more are left to SQL.
      const texts = compiled.ambiguous;
      const open = await settleCopies(
        groups,
        kept ?? (texts.length > 2 ? [] : Array.from({ length: 1 << texts.length }, (_, bits) => new Set(texts.filter((_text, i) => (bits >> i) & 1)))),
      );
      if (open === 'gone') {
        declined += 1;
        return null;
      }
      if (prefixChoices.size >= MAX_PREFIX_CHOICES) prefixChoices.clear();
      kept = open.length === 0 ? 'sql' : open;
      prefixChoices.set(key, kept);
      // The index may have moved on during a probe: start over with what was learned.
      if (d !== data || kept === 'sql' || kept.length === 1) return search(term, limit, after, slotsOut);
      // The choices still open rank today's candidates alike: any of them will do.
      compiled = compileGroups(groups, stemOf, kept[0]) as CompiledQuery;
    }
    answered += 1;
    if (compiled === 'none') return [];
    const words = prepare(d);
    const marked = mark(d, compiled);
    if (slotsOut) slotsOut.epoch = d.epoch;
    try {
      const found: IndexHit[] = [];
      matchBits(d, d.title, compiled, bitsT, words);
      if (!after || after.tier === 1) {
        const n = rank(d, d.title, compiled, candidates(d, bitsT, words, caps[1]), after);
        found.push(...topHits(d, n, limit + 1, 1, slotsOut));
      }
      if (found.length <= limit) {
        matchBits(d, d.search, compiled, bitsS, words);
        for (let w = 0; w < words; w += 1) bitsS[w] = (bitsS[w] as number) & ~(bitsT[w] as number);
        const tierAfter = after?.tier === 0 ? after : undefined;
        const n = rank(d, d.search, compiled, candidates(d, bitsS, words, caps[0]), tierAfter);
        found.push(...topHits(d, n, limit + 1 - found.length, 0, slotsOut));
      }
      return found;
    } finally {
      unmark(marked);
    }
  }

  /** `searchGroups` (search.repository.ts) from the in-process lexicon: the same texts, no round trip. */
  function groupsOf(d: IndexData, term: string): string[] | null {
    const terms = toSearchTerms(term);
    if (!terms) return null;
    return terms.tokens.map((token) => {
      const close = token.length >= MIN_FUZZY_LENGTH && !d.typos.hasPrefix(token) ? d.typos.closest(token, MAX_ALTERNATIVES) : [];
      return tokenQuery(token, close);
    });
  }

  return {
    /** Whether searches can use the index now. */
    get ready(): boolean {
      return data !== null && !stopped;
    },

    /** Loads the index (the SQL path serves until it is ready). */
    start,

    stop(): void {
      stopped = true;
      data = null;
    },

    /**
     * Brings the index up to date with every committed write of this instance, and of other
     * instances up to `maxLagMs` ago (see `fresh`).
     */
    fresh,

    /**
     * This instance committed a write that may reach the feed: the next search reads it (call after
     * the commit; a catch-up already under way may have read before it).
     */
    noteWrite(): void {
      localWrites += 1;
    },

    /** The query groups of `term` as the index builds them (null: no letters or digits, or not loaded). */
    groups(term: string): string[] | null {
      return data ? groupsOf(data, term) : null;
    },

    /** The english lexemes of `words` as the index stems them (null: left to PostgreSQL's parser). */
    async englishLexemes(words: string[]): Promise<Map<string, string | null>> {
      await stemGroups(words);
      return new Map(words.map((word) => [word, stemOf(word)]));
    },

    /** What the index holds and how many searches it answered or left to SQL. */
    stats() {
      const d = data;
      const sizes = d ? { glyphs: d.slotOf.size, slots: d.slots, lexemes: d.lexStrings.length, words: d.typos.size } : null;
      return { ready: d !== null, answered, declined, rounds, probes, catchingUp: inFlight !== null, stemmer: stemMode, ...sizes };
    },

    /** One relevance page of a plain search, or null for the SQL path (see `search` above). Call `fresh()` first. */
    search,
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
