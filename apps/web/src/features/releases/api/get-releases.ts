import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HeldReleases, Release } from '@glyphary/shared';
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

/** GET /api/glyphs/{id}/releases/held → the creator's releases waiting for an admin's review (issue 48). */
export async function fetchHeldReleases(glyphId: string, request?: RequestContext): Promise<HeldReleases['releases']> {
  const data = await api.get<HeldReleases>(`/glyphs/${encodeURIComponent(glyphId)}/releases/held`, request);
  return data.releases;
}

/** The creator's held releases; only asked for on the creator's own page. */
export function useHeldReleases(glyphId: string, enabled: boolean) {
  return useQuery({ queryKey: ['releases', glyphId, 'held'] as const, queryFn: (context) => fetchHeldReleases(glyphId, context), enabled });
}
