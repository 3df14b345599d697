import { CODE_FILTER_ANTI_FEATURE, type GlyphFilters } from '@glyphary/shared';
import { sql, type SQL } from 'drizzle-orm';
import { glyphs } from '../../db/schema/index.ts';
import { runsOnDevice, withoutAntiFeatures } from './glyphs.read-model.ts';

/**
 * The WHERE conditions of the browse and search filters (issue 17), shared by the discovery lists
 * and search so both filter alike. Each filter is one more entry here.
 */
export function glyphFilterConditions(filters: GlyphFilters | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (!filters) return conditions;
  if (filters.has === 'apk') conditions.push(sql`${glyphs.apkUrl} is not null`);
  // Source only: a repository to build from and no APK to install.
  if (filters.has === 'source') conditions.push(sql`(${glyphs.apkUrl} is null and ${glyphs.githubUrl} is not null)`);
  // Every chosen tag must be on the glyph; @> is answered by the GIN index glyphs_tags_idx.
  if (filters.device) conditions.push(runsOnDevice(filters.device));
  if (filters.without && filters.without.length > 0) conditions.push(withoutAntiFeatures(filters.without.map((f) => CODE_FILTER_ANTI_FEATURE[f])));
  if (filters.tags && filters.tags.length > 0) conditions.push(sql`${glyphs.tags} @> ${JSON.stringify(filters.tags)}::jsonb`);
  return conditions;
}

/** Whether any filter is set (an unfiltered list keeps its plain cache key and index path). */
export function hasGlyphFilters(filters: GlyphFilters | undefined): boolean {
  return glyphFilterConditions(filters).length > 0;
}
