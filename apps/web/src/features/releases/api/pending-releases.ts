import { queryOptions, useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import type { PendingReleases } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';

export type PendingRelease = PendingReleases['releases'][number];

const pendingKey = ['admin', 'releases', 'pending'] as const;

/** GET /api/admin/releases/pending → releases held for a signing key change, oldest first (admins only). */
export async function fetchPendingReleases(request?: RequestContext): Promise<PendingRelease[]> {
  const data = await api.get<PendingReleases>('/admin/releases/pending', request);
  return data.releases;
}

export const pendingReleasesQueryOptions = () => queryOptions({ queryKey: pendingKey, queryFn: (context) => fetchPendingReleases(context) });

/** The admin's queue of held releases. */
export function usePendingReleases() {
  return useQuery(pendingReleasesQueryOptions());
}

/** POST /api/admin/releases/{id}/approve|reject: publishes the release with the warning, or rejects it. */
export function useDecideRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ release, decision, note = '' }: { release: PendingRelease; decision: 'approve' | 'reject'; note?: string }) =>
      api.post<unknown>(`/admin/releases/${encodeURIComponent(release.id)}/${decision}`, note.trim() ? { note } : {}),
    onSuccess: async (_result, { release }) => {
      // The glyph's page changes too (its APK and history) when the release is approved.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pendingKey }),
        queryClient.invalidateQueries({ queryKey: ['releases', release.glyphId] }),
        queryClient.invalidateQueries({ queryKey: ['glyph', release.glyphId] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'queue-counts'] }),
      ]);
    },
  });
}
