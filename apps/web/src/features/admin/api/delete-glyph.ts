import { useQueryClient, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** DELETE /api/admin/glyphs/{id}: soft-deletes any glyph. */
export function deleteGlyphAsAdmin(id: string): Promise<{ success: true }> {
  return api.delete<{ success: true }>(`/admin/glyphs/${encodeURIComponent(id)}`);
}

/** Delete on the Glyphs tab; the stats change too, so the panel reloads. */
export function useDeleteGlyphAsAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGlyphAsAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
