import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Release } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';

/** GET /api/glyphs/{id}/releases → the published releases, newest first (issue 18). */
export async function fetchReleases(glyphId: string, request?: RequestContext): Promise<Release[]> {
  const data = await api.get<{ releases: Release[] }>(`/glyphs/${encodeURIComponent(glyphId)}/releases`, request);
  return data.releases;
}

export const releasesQueryOptions = (glyphId: string) =>
  queryOptions({ queryKey: ['releases', glyphId] as const, queryFn: (context) => fetchReleases(glyphId, context) });

/** The glyph's published releases. */
export function useReleases(glyphId: string) {
  return useQuery(releasesQueryOptions(glyphId));
}
