import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/record-view {glyphId}: counted once per visitor (DESIGN §4.1). Failures are swallowed
 * (spec §7: result false). @returns the glyph's views after the call, or null.
 */
export async function recordView(glyphId: string): Promise<number | null> {
  try {
    const data = await api.post<{ views?: number }>('/record-view', { glyphId });
    return typeof data?.views === 'number' ? data.views : null;
  } catch {
    return null;
  }
}
