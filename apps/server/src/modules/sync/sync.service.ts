import { MSG, type SyncStatusResult } from '@glyphary/shared';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { RunToken, SyncRepository } from './sync.repository.ts';

export const SYNC_BATCH_SIZE = 1000;

export interface SyncServiceDeps {
  sync: SyncRepository;
  /** SYNC_INTERVAL_MS: the background run's period (spec §9: every hour). */
  intervalMs: number;
  /** When this instance started: the next run before any has completed is boot + interval. */
  startedAt: Date;
  batchSize?: number;
}

export interface SyncRunOptions {
  /** One glyph only; otherwise every glyph and every user's glyphsCount. */
  glyphId?: string | undefined;
  /** The admin who asked for it (audited); none for the background run. */
  actorId?: string | undefined;
  /** Checked between batches: the app is closing. */
  shouldStop?: () => boolean;
}

export interface SyncRunResult {
  updated: number;
  message: string;
}

/** Thrown when a run stops early because the app is closing or another runner took over. */
export class SyncInterruptedError extends Error {}

/**
 * The count sync (DESIGN §4.2, spec §4 Sync): recomputes every counter from the event tables in
 * batches, one run at a time across every instance, and reports 'Updated N glyphs'.
 */
export function createSyncService({ sync, intervalMs, startedAt, batchSize = SYNC_BATCH_SIZE }: SyncServiceDeps) {
  // PGlite is one process by design: this guard is its lock; on PostgreSQL the claim adds the cluster-wide one.
  let current: Promise<SyncRunResult> | null = null;

  function nextRunFrom(lastRun: Date | null): Date {
    return new Date((lastRun ?? startedAt).getTime() + intervalMs);
  }

  async function execute(token: RunToken, options: SyncRunOptions): Promise<SyncRunResult> {
    let updated = 0;
    const lost = () => new SyncInterruptedError('Sync interrupted: another runner took over');
    try {
      if (options.glyphId) {
        const batch = await sync.recomputeBatch(token, { glyphId: options.glyphId });
        if (!batch) throw lost();
        updated = batch.updated;
        const counts = await sync.recomputeGlyphCounts(batch.token, options.glyphId);
        if (!counts) throw lost();
        token = counts.token;
      } else {
        let afterId: string | null = null;
        for (;;) {
          if (options.shouldStop?.()) throw new SyncInterruptedError('Sync interrupted: the server is closing');
          const batch = await sync.recomputeBatch(token, { afterId, limit: batchSize });
          if (!batch) throw lost();
          token = batch.token;
          updated += batch.updated;
          if (batch.seen < batchSize || !batch.lastId) break;
          afterId = batch.lastId;
        }
        const counts = await sync.recomputeGlyphCounts(token);
        if (!counts) throw lost();
        token = counts.token;
      }
    } catch (error) {
      await sync
        .finish(token, { full: !options.glyphId, ok: false, updated, message: `${MSG.syncFailed}: ${(error as Error).message}` })
        .catch(() => false);
      throw error;
    }
    const message = MSG.syncUpdated(updated);
    const audit = options.actorId
      ? {
          actorId: options.actorId,
          action: 'sync.run',
          targetType: 'sync' as const,
          targetId: options.glyphId ?? null,
          detail: message,
        }
      : undefined;
    await sync.finish(token, { full: !options.glyphId, ok: true, updated, message, ...(audit ? { audit } : {}) });
    return { updated, message };
  }

  return {
    /** spec §3 Sync status: running only while the heartbeat is fresh, so a crash never leaves it stuck. */
    async status(): Promise<SyncStatusResult> {
      const state = await sync.readState();
      if (!state) return { status: 'idle', lastRun: null, nextRun: nextRunFrom(null).toISOString() };
      const status = state.isLive ? 'running' : state.status === 'completed' ? 'completed' : 'idle';
      return { status, lastRun: state.lastRun?.toISOString() ?? null, nextRun: nextRunFrom(state.lastRun).toISOString() };
    },

    /** When the background run is next due (last run + interval, or boot + interval). */
    async nextRunAt(): Promise<Date> {
      const state = await sync.readState();
      return nextRunFrom(state?.lastRun ?? null);
    },

    /** True while this instance is running a sync. */
    isRunningHere(): boolean {
      return current !== null;
    },

    /** Waits for this instance's current run, if any, to settle. */
    async settled(): Promise<void> {
      await current?.catch(() => undefined);
    },

    /**
     * Runs the sync now.
     * @throws AppError 409 'Sync already running' when a run is live anywhere; 404 for an unknown glyph.
     */
    async run(options: SyncRunOptions = {}): Promise<SyncRunResult> {
      if (current) throw conflict(MSG.syncAlreadyRunning, 'SYNC_RUNNING');
      const promise = (async () => {
        if (options.glyphId !== undefined && (!isUuid(options.glyphId) || !(await sync.glyphExists(options.glyphId)))) {
          throw notFound(MSG.glyphNotFound);
        }
        const token = await sync.claim();
        if (!token) throw conflict(MSG.syncAlreadyRunning, 'SYNC_RUNNING');
        return execute(token, options);
      })();
      current = promise;
      try {
        return await promise;
      } finally {
        current = null;
      }
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
