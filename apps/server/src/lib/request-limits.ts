import type { ThrottleStore } from './throttle.ts';

/**
 * A per-key counter for a high-volume limit (reads per IP): exact within this instance, and shared with
 * the other instances through the throttle store in batches, so a read costs no database round trip.
 * `hit` adds one locally; every `flushMs` the local increments go to the store in one `hit(key, by)`
 * each, and the store's total (every instance's share) becomes this instance's base (issue 21).
 */
export interface BatchedCounter {
  hit(key: string): { count: number; resetAt: number };
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createBatchedCounter(options: {
  store: ThrottleStore;
  windowMs: number;
  flushMs: number;
  now?: () => number;
}): BatchedCounter {
  const { store, windowMs } = options;
  const now = options.now ?? Date.now;
  // shared: the store's total at the last flush; inFlight: sent, not yet answered; pending: not yet sent.
  const entries = new Map<string, { shared: number; inFlight: number; pending: number; resetAt: number }>();
  let flushing: Promise<void> | null = null;

  async function flushOnce() {
    const at = now();
    const work: Promise<void>[] = [];
    for (const [key, entry] of entries) {
      if (entry.resetAt <= at) {
        entries.delete(key);
        continue;
      }
      if (entry.pending === 0) continue;
      const by = entry.pending;
      entry.pending = 0;
      entry.inFlight += by;
      work.push(
        store.hit(key, windowMs, by).then(
          ({ count, resetAt }) => {
            // The store's total includes `by` and every other instance's share; follow its window too.
            entry.inFlight -= by;
            entry.shared = count;
            entry.resetAt = resetAt;
          },
          () => {
            // The store is unreachable: keep counting locally and try again next time.
            entry.inFlight -= by;
            entry.pending += by;
          },
        ),
      );
    }
    await Promise.all(work);
  }

  const timer = setInterval(() => void flush(), options.flushMs);
  timer.unref();

  function flush(): Promise<void> {
    flushing ??= flushOnce().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  return {
    hit(key) {
      const at = now();
      let entry = entries.get(key);
      if (!entry || entry.resetAt <= at) {
        entry = { shared: 0, inFlight: 0, pending: 0, resetAt: at + windowMs };
        entries.set(key, entry);
      }
      entry.pending += 1;
      return { count: entry.shared + entry.inFlight + entry.pending, resetAt: entry.resetAt };
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
