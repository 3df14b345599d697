import { useQueryClient, useMutation } from '@tanstack/react-query';
import type { PublishReleaseResult } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';

/** POST /api/glyphs/{id}/releases {apkUrl, changelog}: publishes an update, or holds it for an admin (202). */
export function usePublishRelease(glyphId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { apkUrl: string; changelog: string; note?: string }) => api.post<PublishReleaseResult>(`/glyphs/${encodeURIComponent(glyphId)}/releases`, input),
    onSuccess: async () => {
      // The glyph's APK, size and SHA-256 now name the new release.
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['releases', glyphId] }), queryClient.invalidateQueries({ queryKey: ['glyph', glyphId] }), queryClient.invalidateQueries({ queryKey: ['releases', glyphId, 'held'] })]);
    },
  });
}
