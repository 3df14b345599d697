import type { FileType } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';

/** DELETE /api/delete-file {filename, type} (owner or admin). @throws ApiError (409 while a glyph uses it). */
export async function deleteFile(input: { filename: string; type: FileType }): Promise<void> {
  await api.delete<{ success: true }>('/delete-file', input);
}
