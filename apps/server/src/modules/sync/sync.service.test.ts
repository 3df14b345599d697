import { describe, expect, it } from 'vitest';
import { MSG } from '@glyphary/shared';
import { AppError } from '../../lib/errors.ts';
import type { SyncRepository } from './sync.repository.ts';
import { createSyncService, SyncInterruptedError } from './sync.service.ts';

/** A fake repository over `total` glyphs whose claim can be held open, to overlap two runs for certain. */
function fakeRepository(total: number, options: { holdClaim?: Promise<void>; changedEvery?: number } = {}) {
  let owner: Date | null = null;
  const calls: string[] = [];
  const repository = {
    async readState() {
      return null;
    },
    async claim() {
      calls.push('claim');
      await options.holdClaim;
      if (owner) return null;
      owner = new Date(1);
      return owner;
    },
    async recomputeBatch(token: Date, range: { afterId: string | null; limit: number } | { glyphId: string }) {
      if (token !== owner) return null;
      if ('glyphId' in range) return { token, updated: 1, lastId: range.glyphId, seen: 1 };
      const start = range.afterId === null ? 0 : Number(range.afterId) + 1;
      const end = Math.min(start + range.limit, total);
      calls.push(`batch ${start}-${end}`);
      const seen = Math.max(end - start, 0);
      const updated = Array.from({ length: seen }, (_, i) => start + i).filter(
        (i) => i % (options.changedEvery ?? 1) === 0,
      ).length;
      return { token, updated, lastId: seen ? String(end - 1) : null, seen };
    },
    async recomputeGlyphCounts(token: Date) {
      return token === owner ? { token, updated: 0 } : null;
    },
    async glyphExists() {
      return true;
    },
    async finish(token: Date, outcome: { ok: boolean; message: string }) {
      calls.push(`finish ${outcome.ok ? 'ok' : 'failed'}`);
      if (token === owner) owner = null;
      return true;
    },
  };
  return { repository: repository as unknown as SyncRepository, calls };
}

describe('sync service', () => {
  it('runs one sync at a time in a process: a second call while one runs gets 409 Sync already running', async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { repository } = fakeRepository(10, { holdClaim: hold });
    const service = createSyncService({ sync: repository, intervalMs: 1000, startedAt: new Date(0) });
    const first = service.run();
    const second = service.run().catch((error: unknown) => error);
    const refused = await second;
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 409, message: MSG.syncAlreadyRunning });
    release();
    await expect(first).resolves.toEqual({ updated: 10, message: 'Updated 10 glyphs' });
    // Once it is over, the next run goes ahead.
    await expect(service.run()).resolves.toMatchObject({ updated: 10 });
  });

  it('walks the glyphs in keyset batches and sums the changed ones', async () => {
    const { repository, calls } = fakeRepository(2500, { changedEvery: 100 });
    const service = createSyncService({ sync: repository, intervalMs: 1000, startedAt: new Date(0), batchSize: 1000 });
    await expect(service.run()).resolves.toEqual({ updated: 25, message: 'Updated 25 glyphs' });
    expect(calls).toEqual(['claim', 'batch 0-1000', 'batch 1000-2000', 'batch 2000-2500', 'finish ok']);
  });

  it('stops between batches when asked and gives the state back', async () => {
    const { repository, calls } = fakeRepository(5000);
    const service = createSyncService({ sync: repository, intervalMs: 1000, startedAt: new Date(0), batchSize: 1000 });
    let batches = 0;
    const run = service.run({ shouldStop: () => ++batches > 2 });
    await expect(run).rejects.toBeInstanceOf(SyncInterruptedError);
    expect(calls.at(-1)).toBe('finish failed');
    expect(calls.filter((c) => c.startsWith('batch'))).toHaveLength(2);
  });

  it('reports idle with nextRun = boot + interval before any run', async () => {
    const { repository } = fakeRepository(0);
    const service = createSyncService({ sync: repository, intervalMs: 60_000, startedAt: new Date('2026-01-01T00:00:00Z') });
    await expect(service.status()).resolves.toEqual({ status: 'idle', lastRun: null, nextRun: '2026-01-01T00:01:00.000Z' });
  });
});
