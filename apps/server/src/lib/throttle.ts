/** A fixed-window counter store; memory by default, shared (PostgreSQL/Redis) when scaled out. */
export interface ThrottleStore {
  /** Adds `by` to the key's count in the current window and returns the new count and window end. */
  hit(key: string, windowMs: number, by?: number): Promise<{ count: number; resetAt: number }>;
  /** Reads a key's count without changing it. */
  peek(key: string): Promise<{ count: number; resetAt: number }>;
  reset(key: string): Promise<void>;
  /** Removes every key that starts with `prefix` (a password reset clears all of an email's sign-in counts). */
  resetPrefix(prefix: string): Promise<void>;
}

/** In-process store: right for one instance (the embedded default). */
export function createMemoryThrottleStore(now: () => number = Date.now): ThrottleStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const entry = windows.get(key);
    if (!entry || entry.resetAt <= now()) return undefined;
    return entry;
  };
  return {
    async hit(key, windowMs, by = 1) {
      const entry = current(key) ?? { count: 0, resetAt: now() + windowMs };
      entry.count += by;
      windows.set(key, entry);
      if (windows.size > 100_000) {
        for (const [k, v] of windows) if (v.resetAt <= now()) windows.delete(k);
      }
      return { ...entry };
    },
    async peek(key) {
      const entry = current(key);
      return entry ? { ...entry } : { count: 0, resetAt: now() };
    },
    async reset(key) {
      windows.delete(key);
    },
    async resetPrefix(prefix) {
      for (const key of windows.keys()) if (key.startsWith(prefix)) windows.delete(key);
    },
  };
}
