import { describe, expect, it } from 'vitest';
import { notFound } from '../../lib/errors.ts';
import { createFileBytesCache } from './file-bytes-cache.ts';

let nowMs = 0;
const clock = { now: () => new Date(nowMs) };

function harness(options: { maxBytes?: number; maxEntryBytes?: number } = {}) {
  const cache = createFileBytesCache<string>({ maxBytes: 100, maxEntryBytes: 60, verifyMs: 1000, clock, ...options });
  const calls = { check: 0, read: 0 };
  const servable = new Set<string>();
  const get = (key: string, size: number) =>
    cache.get(
      key,
      async () => {
        calls.check += 1;
        if (!servable.has(key)) throw notFound('File not found');
        return { meta: `meta:${key}`, tag: `"${key}"`, size };
      },
      async () => {
        calls.read += 1;
        return Buffer.alloc(size, key.charCodeAt(0));
      },
    );
  return { cache, calls, servable, get };
}

describe('createFileBytesCache', () => {
  it('reads the bytes once; re-checks servability after verifyMs and keeps the bytes', async () => {
    const { cache, calls, servable, get } = harness();
    servable.add('a');
    const first = await get('a', 10);
    expect(first.body?.length).toBe(10);
    expect(cache.peek('a')?.body).toBe(first.body);
    nowMs += 999;
    await get('a', 10);
    expect(calls).toEqual({ check: 1, read: 1 });
    nowMs += 2;
    expect(cache.peek('a')).toBeUndefined();
    await get('a', 10);
    expect(calls).toEqual({ check: 2, read: 1 });
  });

  it('a file no longer servable is forgotten as soon as it is checked again (forgetVerification)', async () => {
    const { cache, servable, get } = harness();
    servable.add('a');
    await get('a', 10);
    servable.delete('a');
    expect(cache.peek('a')).toBeDefined(); // within its second, until a write says otherwise
    cache.forgetVerification();
    expect(cache.peek('a')).toBeUndefined();
    await expect(get('a', 10)).rejects.toMatchObject({ statusCode: 404 });
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('is bounded by bytes, least recently used first; a file above maxEntryBytes is never held', async () => {
    const { cache, calls, servable, get } = harness();
    for (const key of ['a', 'b', 'c', 'd']) servable.add(key);
    await get('a', 40);
    await get('b', 40);
    cache.peek('a'); // a is now the most recently used
    await get('c', 40); // 120 > 100: b goes
    expect(cache.bytes).toBe(80);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBeDefined();
    const big = await get('d', 61);
    expect(big.body).toBeNull();
    expect(cache.bytes).toBe(80);
    expect(calls.read).toBe(3);
  });

  it('concurrent requests share one check and one read; a check begun before forgetVerification is not trusted', async () => {
    const { cache, calls, servable, get } = harness();
    servable.add('a');
    const all = await Promise.all([get('a', 10), get('a', 10), get('a', 10)]);
    expect(new Set(all.map((r) => r.body)).size).toBe(1);
    expect(calls).toEqual({ check: 1, read: 1 });

    nowMs += 5000;
    const stale = get('a', 10);
    cache.forgetVerification();
    await stale;
    expect(cache.peek('a')).toBeUndefined(); // held, but checked again before its next use
    await get('a', 10);
    expect(cache.peek('a')).toBeDefined();
    expect(calls).toEqual({ check: 3, read: 1 });
  });
});
