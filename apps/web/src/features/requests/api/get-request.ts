import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GlyphRequest } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';
import { requestKeys } from './keys.ts';

/** GET /api/glyph-requests/{id} → the request. @throws ApiError 404 'Request not found'. */
export async function fetchRequest(id: string, signal?: AbortSignal): Promise<GlyphRequest> {
  const data = await api.get<{ request: GlyphRequest }>(`/glyph-requests/${encodeURIComponent(id)}`, { signal });
  return data.request;
}

export function requestQueryOptions(id: string) {
  return queryOptions({ queryKey: requestKeys.detail(id), queryFn: ({ signal }) => fetchRequest(id, signal) });
}

/** One request, for the detail page. */
export function useRequest(id: string) {
  return useQuery(requestQueryOptions(id));
}
