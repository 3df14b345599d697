import { useQueryClient, useMutation } from '@tanstack/react-query';
import type { CreateRequestInput, GlyphRequest } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';
import { requestKeys } from './keys.ts';

/** POST /api/glyph-requests → the new open request. @throws ApiError with the server's message. */
export async function createRequest(input: CreateRequestInput): Promise<GlyphRequest> {
  const data = await api.post<{ success: true; id: string; request: GlyphRequest }>('/glyph-requests', input);
  return data.request;
}

/** Creates a request and refreshes every request list. */
export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}
