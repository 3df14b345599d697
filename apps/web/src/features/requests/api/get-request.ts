import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GlyphRequest } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';
import { requestKeys } from './keys.ts';

/** GET /api/glyph-requests/{id} → the request. @throws ApiError 404 'Request not found'. */
export async function fetchRequest(id: string, request?: RequestContext): Promise<GlyphRequest> {
  const data = await api.get<{ request: GlyphRequest }>(`/glyph-requests/${encodeURIComponent(id)}`, request);
  return data.request;
}

export function requestQueryOptions(id: string) {
  return queryOptions({ queryKey: requestKeys.detail(id), queryFn: (context) => fetchRequest(id, context) });
}

/** One request, for the detail page. */
export function useRequest(id: string) {
  return useQuery(requestQueryOptions(id));
}
