import type { GlyphRequest } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';
import { transitionPath, useRequestMutation, type TransitionResult } from './use-request-mutation.ts';

/** POST /api/glyph-requests/{id}/complete with an optional `glyph_id` of one of the caller's glyphs. */
export async function completeRequest({ id, glyphId }: { id: string; glyphId: string | null }): Promise<GlyphRequest> {
  return (await api.post<TransitionResult>(transitionPath(id, 'complete'), glyphId ? { glyph_id: glyphId } : {})).request;
}

/** Complete (the assignee, from in_progress). */
export const useCompleteRequest = () => useRequestMutation(completeRequest);
