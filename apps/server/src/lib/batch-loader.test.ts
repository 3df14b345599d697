import { describe, expect, it } from 'vitest';
import { createBatchLoader } from './batch-loader.ts';

/** A loader over a fixed table that records every call's keys. */
function tableLoader(table: Record<string, number>, maxBatch = 100) {
  const calls: string[][] = [];
  const load = createBatchLoader(
    async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.filter((key) => key in table).map((key) => [key, table[key] as number] as const));
    },
    { maxBatch },
  );
  return { load, calls };
}

describe('createBatchLoader', () => {
  it('loads the keys asked for in one turn with one call, each key once', async () => {
    const { load, calls } = tableLoader({ a: 1, b: 2, c: 3 });
    expect(await Promise.all([load('a'), load('b'), load('a'), load('c')])).toEqual([1, 2, 1, 3]);
    expect(calls).toEqual([['a', 'b', 'c']]);
  });

  it('answers a key the call did not find with undefined, and the others as found', async () => {
    const { load, calls } = tableLoader({ a: 1 });
    expect(await Promise.all([load('a'), load('nope')])).toEqual([1, undefined]);
    expect(calls).toEqual([['a', 'nope']]);
  });

  it('starts a new call for keys asked for after the last one left', async () => {
    const { load, calls } = tableLoader({ a: 1, b: 2 });
    expect(await load('a')).toBe(1);
    expect(await Promise.all([load('a'), load('b')])).toEqual([1, 2]);
    expect(calls).toEqual([['a'], ['a', 'b']]);
  });

  it('splits a turn larger than maxBatch into several calls', async () => {
    const { load, calls } = tableLoader({ a: 1, b: 2, c: 3, d: 4, e: 5 }, 2);
    expect(await Promise.all(['a', 'b', 'c', 'd', 'e'].map(load))).toEqual([1, 2, 3, 4, 5]);
    expect(calls).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('rejects the keys of a failed call only, and the next turn loads again', async () => {
    let fail = true;
    const load = createBatchLoader(
      async (keys: string[]) => {
        if (fail && keys.includes('bad')) throw new Error('database down');
        return new Map(keys.map((key) => [key, key.toUpperCase()] as const));
      },
      { maxBatch: 2 },
    );
    const results = await Promise.allSettled([load('ok'), load('fine'), load('bad')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((results[2] as PromiseRejectedResult).reason).toEqual(new Error('database down'));
    fail = false;
    expect(await load('bad')).toBe('BAD');
  });

  it('rejects, instead of throwing, when the loader throws before returning a promise', async () => {
    const load = createBatchLoader<string, number>(
      () => {
        throw new Error('not even a promise');
      },
      { maxBatch: 10 },
    );
    await expect(load('a')).rejects.toThrow('not even a promise');
  });

  it('refuses a maxBatch that is not a positive integer', () => {
    expect(() => createBatchLoader(async () => new Map(), { maxBatch: 0 })).toThrow('maxBatch');
  });
});
