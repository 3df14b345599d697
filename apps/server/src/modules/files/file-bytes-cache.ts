import { systemClock, type Clock } from '../../lib/clock.ts';

/**
 * Stored files kept in memory for serving (issue 20: the player's animation files). The bytes behind
 * a stored name never change (names are fresh per upload), so they are kept until evicted (LRU, bounded
 * by bytes). Whether the file may still be *served* can change — a deleted, hidden or swept file answers
 * 404 — so an entry is only used while its servability was checked less than `verifyMs` ago in the
 * current generation; `forgetVerification()` (after a write that may change it) starts a new generation
 * and every entry is checked again on its next request, keeping its bytes.
 */
export interface FileBytesCache<M> {
  /** The entry for `key` when its check is fresh, synchronously (the serving route's fast path). */
  peek(key: string): CachedFile<M> | undefined;
  /**
   * The entry for `key`: fresh; or re-checked with `check` (the bytes are kept when the check answers the
   * same `tag`); or loaded with `check` then `read`. Concurrent callers for one key share one check.
   * `check` throwing (404) forgets the entry and rethrows. A file larger than `maxEntryBytes` is never
   * read here: the answer then has `body: null` and the caller streams it.
   */
  get(
    key: string,
    check: () => Promise<{ meta: M; tag: string; size: number }>,
    read: () => Promise<Buffer>,
  ): Promise<CachedFile<M> | { meta: M; body: null }>;
  /** Every entry must be checked again before its next use (a write may have changed what is servable). */
  forgetVerification(): void;
  /** Bytes held (tests, metrics). */
  readonly bytes: number;
  readonly size: number;
}

export interface CachedFile<M> {
  readonly meta: M;
  readonly body: Buffer;
}

interface Entry<M> extends CachedFile<M> {
  tag: string;
  checkedAt: number;
  generation: number;
}

export interface FileBytesCacheOptions {
  /** Bound on the bytes held; least recently used entries go first. */
  maxBytes: number;
  /** Larger files are streamed, never held. */
  maxEntryBytes: number;
  /** How long a servability check is trusted (the public-read staleness budget, DESIGN §5: 1 s). */
  verifyMs: number;
  clock?: Clock;
}

export function createFileBytesCache<M>({
  maxBytes,
  maxEntryBytes,
  verifyMs,
  clock = systemClock,
}: FileBytesCacheOptions): FileBytesCache<M> {
  // Insertion order is recency: a use re-inserts, so the first key is the least recently used.
  const entries = new Map<string, Entry<M>>();
  const inflight = new Map<string, Promise<CachedFile<M> | { meta: M; body: null }>>();
  let held = 0;
  let generation = 0;

  function isFresh(entry: Entry<M>): boolean {
    return entry.generation === generation && clock.now().getTime() - entry.checkedAt < verifyMs;
  }

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    held -= entry.body.length;
  }

  function store(key: string, entry: Entry<M>): void {
    remove(key);
    entries.set(key, entry);
    held += entry.body.length;
    for (const oldest of entries.keys()) {
      if (held <= maxBytes) break;
      remove(oldest);
    }
  }

  async function load(key: string, check: () => Promise<{ meta: M; tag: string; size: number }>, read: () => Promise<Buffer>) {
    const startedIn = generation;
    const checkedAt = clock.now().getTime();
    let checked: { meta: M; tag: string; size: number };
    try {
      checked = await check();
    } catch (error) {
      remove(key);
      throw error;
    }
    if (checked.size > maxEntryBytes) {
      remove(key);
      return { meta: checked.meta, body: null };
    }
    const known = entries.get(key);
    const body = known && known.tag === checked.tag ? known.body : await read();
    // A check that began before forgetVerification() may have seen the old state: keep the bytes, not the check.
    const entry: Entry<M> = { meta: checked.meta, body, tag: checked.tag, checkedAt, generation: startedIn };
    store(key, entry);
    return entry;
  }

  function peek(key: string): CachedFile<M> | undefined {
    const entry = entries.get(key);
    if (entry === undefined || !isFresh(entry)) return undefined;
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

  return {
    peek,
    get(key, check, read) {
      const entry = peek(key);
      if (entry) return Promise.resolve(entry);
      const running = inflight.get(key);
      if (running) return running;
      const promise = load(key, check, read).finally(() => {
        if (inflight.get(key) === promise) inflight.delete(key);
      });
      inflight.set(key, promise);
      return promise;
    },
    forgetVerification() {
      generation += 1;
      // Callers from now on must not join a check that began before the write.
      inflight.clear();
    },
    get bytes() {
      return held;
    },
    get size() {
      return entries.size;
    },
  };
}
