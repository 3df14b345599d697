import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { glyphApiPath, type Glyph } from '@glyphary/shared';
import { api, ApiError, type RequestContext } from '../../../lib/api-client.ts';

/** GET /api/get-glyph/{id} → the glyph (a deleted one answers `deleted: true`). @throws ApiError 404 'Glyph not found'. */
export async function fetchGlyph(id: string, request?: RequestContext): Promise<Glyph> {
  const data = await api.get<{ glyph: Glyph }>(glyphApiPath(id), request);
  return data.glyph;
}

/** Query options for one glyph; other glyph calls update this cache entry in place. */
export const glyphQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['glyph', id] as const,
    queryFn: (context) => fetchGlyph(id, context),
    // A missing glyph stays missing; a pre-render (code NOT_PRERENDERED) must not wait for a retry.
    retry: (count, error) => count < 2 && !/not found/i.test(error.message) && !(error instanceof ApiError && error.code === 'NOT_PRERENDERED'),
  });

/**
 * Issue 17: what a card already showed of a glyph (title, poster), kept while the glyph page's own
 * request is on its way. A separate entry: a list item lacks detail fields (the APK report).
 */
export const glyphPreviewKey = (id: string) => ['glyph-preview', id] as const;

/** Starts loading a glyph page's data; `preview` (a card's glyph) is shown until it arrives. */
export function prefetchGlyph(queryClient: QueryClient, id: string, preview?: unknown): void {
  if (preview && queryClient.getQueryData(glyphPreviewKey(id)) === undefined) queryClient.setQueryData(glyphPreviewKey(id), preview);
  void queryClient.prefetchQuery(glyphQueryOptions(id));
}

/** The glyph with this id. */
export function useGlyph(id: string) {
  return useQuery(glyphQueryOptions(id));
}
