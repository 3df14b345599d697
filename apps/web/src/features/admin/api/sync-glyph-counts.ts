import { useQueryClient, useMutation } from '@tanstack/react-query';
import type { SyncResult } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** POST /api/admin/sync-glyph-counts {syncAll: true} → {success, message, updated} (spec §7). */
export function syncGlyphCounts(): Promise<SyncResult> {
  return api.post<SyncResult>('/admin/sync-glyph-counts', { syncAll: true });
}

/** Sync All; when it settles the whole panel reloads (spec §4 Sync). */
export function useSyncGlyphCounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncGlyphCounts,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
