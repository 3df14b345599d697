import { MAX_TAG_LENGTH } from '../constants.ts';

/**
 * Normalises request tags (spec §5: split on commas, trimmed, empties dropped; issue 6: duplicates
 * dropped, ignoring case, first spelling kept). Accepts a comma-separated string or a list.
 */
export function normalizeTags(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input.flatMap((tag) => tag.split(','));
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim();
    const key = tag.toLowerCase();
    if (tag.length === 0 || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag.slice(0, MAX_TAG_LENGTH * 4));
  }
  return tags;
}
