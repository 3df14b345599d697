import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Glyph } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';

/** GET /api/get-glyph/{id} → the glyph (a deleted one answers `deleted: true`). @throws ApiError 404 'Glyph not found'. */
export async function fetchGlyph(id: string, signal?: AbortSignal): Promise<Glyph> {
  const data = await api.get<{ glyph: Glyph }>(`/get-glyph/${encodeURIComponent(id)}`, { signal });
  return data.glyph;
}

/** Query options for one glyph; other glyph calls update this cache entry in place. */
export const glyphQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['glyph', id] as const,
    queryFn: ({ signal }) => fetchGlyph(id, signal),
    retry: (count, error) => count < 2 && !/not found/i.test(error.message),
  });

/** The glyph with this id. */
export function useGlyph(id: string) {
  return useQuery(glyphQueryOptions(id));
}
