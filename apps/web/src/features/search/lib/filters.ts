import { GLYPH_AVAILABILITY, GLYPH_DEVICES, normalizeGlyphTags, parseCodeFilters, type GlyphAvailability, type GlyphDevice, type GlyphFilters } from '@glyphary/shared';

/** The URL parameter names of the browse/search filters (issue 17). */
export const FILTER_PARAMS = { has: 'has', tags: 'tags', device: 'device', without: 'without' } as const;

const isAvailability = (value: string | null): value is GlyphAvailability => value !== null && (GLYPH_AVAILABILITY as readonly string[]).includes(value);
const isDevice = (value: string | null): value is GlyphDevice => value !== null && (GLYPH_DEVICES as readonly string[]).includes(value);

/** The filters a URL asks for; anything malformed is ignored rather than shown as an error page. */
export function filtersFromParams(params: URLSearchParams): GlyphFilters {
  const has = params.get(FILTER_PARAMS.has);
  const tags = normalizeGlyphTags(params.get(FILTER_PARAMS.tags) ?? '').slice(0, 10);
  const device = params.get(FILTER_PARAMS.device);
  const without = parseCodeFilters(params.get(FILTER_PARAMS.without));
  return { has: isAvailability(has) ? has : undefined, tags, device: isDevice(device) ? device : undefined, without };
}

/** The same URL parameters with `filters` applied (empty filters leave the URL clean). */
export function withFilters(params: URLSearchParams, filters: GlyphFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  if (filters.has) next.set(FILTER_PARAMS.has, filters.has);
  else next.delete(FILTER_PARAMS.has);
  if (filters.tags && filters.tags.length > 0) next.set(FILTER_PARAMS.tags, filters.tags.join(','));
  else next.delete(FILTER_PARAMS.tags);
  if (filters.device) next.set(FILTER_PARAMS.device, filters.device);
  else next.delete(FILTER_PARAMS.device);
  if (filters.without && filters.without.length > 0) next.set(FILTER_PARAMS.without, filters.without.join(','));
  else next.delete(FILTER_PARAMS.without);
  return next;
}

export const hasAnyFilter = (filters: GlyphFilters) =>
  Boolean(filters.has) || Boolean(filters.device) || (filters.tags?.length ?? 0) > 0 || (filters.without?.length ?? 0) > 0;
