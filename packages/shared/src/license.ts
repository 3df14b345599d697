import SPDX_IDS from 'spdx-license-ids/index.json' with { type: 'json' };

/** Every current SPDX licence identifier (the spdx-license-ids package, docs/decisions/0085). */
export const SPDX_LICENSE_IDS: readonly string[] = SPDX_IDS;

const byLowerCase = new Map(SPDX_IDS.map((id) => [id.toLowerCase(), id] as const));

/**
 * The canonical spelling of an SPDX licence identifier ('mit' → 'MIT'), or null when it names none.
 * SPDX identifiers match case-insensitively; a toy stores the list's own spelling.
 */
export function canonicalLicense(value: string): string | null {
  return byLowerCase.get(value.trim().toLowerCase()) ?? null;
}
