import type { Health } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /api/health for the Share Glyph debug button (DESIGN §4.10): only reachability and latency.
 * @returns `{reachable, latencyMs}`; a 503 or a network error means unreachable.
 */
export async function checkDatabase(): Promise<{ reachable: boolean; latencyMs: number | null }> {
  const started = performance.now();
  try {
    const health = await api.get<Health>('/health');
    return { reachable: health.db === 'up', latencyMs: Math.round(health.latencyMs ?? performance.now() - started) };
  } catch {
    return { reachable: false, latencyMs: null };
  }
}
