import type { SyncResult, SyncStatusResult } from '@glyphary/shared';
import type { SyncRunResult } from './sync.service.ts';

/** spec §3 Sync result. */
export function toSyncResult(result: SyncRunResult): SyncResult {
  return { success: true, message: result.message, updated: result.updated };
}

/** spec §3 Sync status. */
export function toSyncStatus(status: SyncStatusResult): SyncStatusResult {
  return { status: status.status, lastRun: status.lastRun, nextRun: status.nextRun };
}
