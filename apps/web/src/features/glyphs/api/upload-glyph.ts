import { useMutation } from '@tanstack/react-query';
import type { Glyph } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';

export interface GlyphPayload {
  title: string;
  description: string;
  images: string[];
  apkUrl: string | null;
  githubUrl: string | null;
  instructions: string | null;
  /** Issue 16: an uploaded animation's URL; null removes it, left out keeps the current one. */
  animationUrl?: string | null;
  /** Issue 48: an SPDX identifier or null. */
  license?: string | null;
}

/** POST /api/upload-glyph → the new glyph's id (creator and counters come from the server). */
export async function uploadGlyph(payload: GlyphPayload): Promise<{ id: string; glyph: Glyph }> {
  return api.post<{ success: true; id: string; glyph: Glyph }>('/upload-glyph', payload);
}

export function useUploadGlyph() {
  return useMutation({ mutationFn: uploadGlyph });
}
