import type { GlyphRequest } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';
import { transitionPath, useRequestMutation, type TransitionResult } from './use-request-mutation.ts';

/** POST /api/glyph-requests/{id}/take-on. @throws ApiError 409 when someone else was faster. */
export async function takeOnRequest(id: string): Promise<GlyphRequest> {
  return (await api.post<TransitionResult>(transitionPath(id, 'take-on'))).request;
}

/** Take on (spec §4: open → in_progress, assigned to the caller). */
export const useTakeOnRequest = () => useRequestMutation(takeOnRequest);
