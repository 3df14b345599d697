import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Release } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';

/** GET /api/glyphs/{id}/releases → the published releases, newest first (issue 18). */
export async function fetchReleases(glyphId: string, signal?: AbortSignal): Promise<Release[]> {
  const data = await api.get<{ releases: Release[] }>(`/glyphs/${encodeURIComponent(glyphId)}/releases`, { signal });
  return data.releases;
}

export const releasesQueryOptions = (glyphId: string) =>
  queryOptions({ queryKey: ['releases', glyphId] as const, queryFn: ({ signal }) => fetchReleases(glyphId, signal) });

/** The glyph's published releases. */
export function useReleases(glyphId: string) {
  return useQuery(releasesQueryOptions(glyphId));
}
