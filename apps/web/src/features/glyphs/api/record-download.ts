import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/record-download {glyphId} after a confirmed download. Failures are swallowed
 * (spec §7: result false). @returns the glyph's downloads after the call, or null.
 */
export async function recordDownload(glyphId: string): Promise<number | null> {
  try {
    const data = await api.post<{ downloads?: number }>('/record-download', { glyphId });
    return typeof data?.downloads === 'number' ? data.downloads : null;
  } catch {
    return null;
  }
}
