import { useQueryClient, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { glyphQueryOptions } from './get-glyph.ts';

/** DELETE /api/delete-glyph/{id} (creator or admin; soft delete). */
export async function deleteGlyph(id: string): Promise<void> {
  await api.delete<{ success: true }>(`/delete-glyph/${encodeURIComponent(id)}`);
}

/** Deletes, then reloads the detail so it shows the deleted notice; lists refresh too. */
export function useDeleteGlyph(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteGlyph(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: glyphQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'glyph' });
    },
  });
}
