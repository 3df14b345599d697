import type { GlyphRequest } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';
import { transitionPath, useRequestMutation, type TransitionResult } from './use-request-mutation.ts';

/** POST /api/glyph-requests/{id}/cancel: the assignee gives it back, the requester cancels it. */
export async function cancelRequest(id: string): Promise<GlyphRequest> {
  return (await api.post<TransitionResult>(transitionPath(id, 'cancel'))).request;
}

/** Cancel (the assignee or the requester). */
export const useCancelRequest = () => useRequestMutation(cancelRequest);
