import { useQueryClient, useMutation } from '@tanstack/react-query';
import type { Glyph } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';
import { glyphQueryOptions } from './get-glyph.ts';
import type { GlyphPayload } from './upload-glyph.ts';

/** PUT /api/update-glyph/{id} (creator only) → the saved glyph. */
export async function updateGlyph(id: string, payload: GlyphPayload): Promise<Glyph> {
  const data = await api.put<{ success: true; glyph: Glyph }>(`/update-glyph/${encodeURIComponent(id)}`, payload);
  return data.glyph;
}

/** Saves an edit and puts the result straight into the detail cache. */
export function useUpdateGlyph(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: GlyphPayload) => updateGlyph(id, payload),
    onSuccess: async (glyph) => {
      // A read sent before the save finished must not answer over it with the glyph as it was.
      await queryClient.cancelQueries({ queryKey: glyphQueryOptions(id).queryKey });
      queryClient.setQueryData(glyphQueryOptions(id).queryKey, glyph);
    },
  });
}
