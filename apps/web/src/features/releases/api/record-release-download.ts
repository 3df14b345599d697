import { api } from '../../../lib/api-client.ts';

/** POST /api/glyphs/{id}/releases/{releaseId}/record-download after a confirmed download; failures are swallowed. */
export async function recordReleaseDownload(glyphId: string, releaseId: string): Promise<number | null> {
  try {
    const data = await api.post<{ downloads?: number }>(`/glyphs/${encodeURIComponent(glyphId)}/releases/${encodeURIComponent(releaseId)}/record-download`);
    return typeof data?.downloads === 'number' ? data.downloads : null;
  } catch {
    return null;
  }
}
