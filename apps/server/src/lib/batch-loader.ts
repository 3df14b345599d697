/**
 * Loads by key, one call for all the keys asked for in the same turn of the event loop:
 * the glyph pages whose cache entries expire together are read back in one query instead of one each.
 */
export type BatchLoader<K, V> = (key: K) => Promise<V | undefined>;

export interface BatchLoaderOptions {
  /** Keys per call at most; a larger turn is split into several calls. */
  maxBatch: number;
}

interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/**
 * Returns `load(key)`. The keys of one turn are collected and passed to `loadMany` after the turn's I/O
 * callbacks (`setImmediate`), each key once; `loadMany` answers with what it found, and a key it left out
 * resolves to undefined. A failed call rejects the keys of that call only.
 */
export function createBatchLoader<K, V>(loadMany: (keys: K[]) => Promise<ReadonlyMap<K, V>>, { maxBatch }: BatchLoaderOptions): BatchLoader<K, V> {
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new Error('createBatchLoader: maxBatch must be a positive integer');
  let pending = new Map<K, Waiter<V>[]>();

  function flush(): void {
    const batch = pending;
    pending = new Map();
    const keys = [...batch.keys()];
    for (let start = 0; start < keys.length; start += maxBatch) {
      const chunk = keys.slice(start, start + maxBatch);
      // Called inside a promise: a loader that throws before returning one still only rejects its keys.
      Promise.resolve(chunk)
        .then(loadMany)
        .then(
          (found) => {
            for (const key of chunk) for (const waiter of batch.get(key) ?? []) waiter.resolve(found.get(key));
          },
          (error: unknown) => {
            for (const key of chunk) for (const waiter of batch.get(key) ?? []) waiter.reject(error);
          },
        );
    }
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (pending.size === 0) setImmediate(flush);
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
}
