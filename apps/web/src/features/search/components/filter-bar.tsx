import {
  CODE_FILTER_LABELS,
  CODE_FILTERS,
  GLYPH_CATEGORIES,
  GLYPH_DEVICE_LABELS,
  GLYPH_DEVICES,
  type GlyphAvailability,
  type GlyphDevice,
  type GlyphFilters,
} from '@glyphary/shared';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { FilterRow, SingleChoiceRow } from '../../../components/ui/filter-row.tsx';
import { hasAnyFilter } from '../lib/filters.ts';

const AVAILABILITY_OPTIONS: ReadonlyArray<{ value: GlyphAvailability | undefined; label: string }> = [
  { value: undefined, label: 'Any download' },
  { value: 'apk', label: 'Has an APK' },
  { value: 'source', label: 'Source only' },
];

// Issue 15/17: the phones an APK's toys were found to run on (its report); 'Any phone' clears it.
const DEVICE_OPTIONS: ReadonlyArray<{ value: GlyphDevice | undefined; label: string }> = [
  { value: undefined, label: 'Any phone' },
  ...GLYPH_DEVICES.map((device) => ({ value: device, label: GLYPH_DEVICE_LABELS[device] })),
];

/**
 * The browse and search filters (issue 17): what can be downloaded, the phone it runs on, what the
 * APK's code is without, and categories. Each filter is one group of toggle buttons (aria-pressed) and lives in the URL, so a
 * filtered list is linkable.
 */
export function FilterBar({
  filters,
  onChange,
  wrap,
}: {
  filters: GlyphFilters;
  onChange: (next: GlyphFilters) => void;
  wrap?: boolean;
}) {
  const tags = filters.tags ?? [];
  const without = filters.without ?? [];
  const toggleTag = (tag: string) =>
    onChange({ ...filters, tags: tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag] });
  // Free tags from a link (a chip on a glyph page) are shown too, so they can be cleared.
  const shownTags = [...GLYPH_CATEGORIES, ...tags.filter((tag) => !(GLYPH_CATEGORIES as readonly string[]).includes(tag))];
  return (
    <div className="flex flex-col gap-1">
      {/* On a wide screen the three short rows share lines, so the results start on the first screen. */}
      <div className={cn('flex flex-col gap-1', !wrap && 'lg:flex-row lg:flex-wrap lg:gap-x-8')}>
        <SingleChoiceRow
          label="Filter by download"
          title="Download"
          options={AVAILABILITY_OPTIONS}
          value={filters.has}
          wrap={wrap}
          onChange={(has) => onChange({ ...filters, has })}
        />
        <SingleChoiceRow
          label="Filter by phone"
          title="Phone"
          options={DEVICE_OPTIONS}
          value={filters.device}
          wrap={wrap}
          onChange={(device) => onChange({ ...filters, device })}
        />
        {/* Issue 50: what the APK's code was found without (F-Droid's anti-features, absent). */}
        <FilterRow label="Filter by what the code does" title="Code" wrap={wrap}>
          {CODE_FILTERS.map((filter) => {
            const on = without.includes(filter);
            return (
              <Button
                key={filter}
                size="sm"
                variant={on ? 'secondary' : 'ghost'}
                aria-pressed={on}
                onClick={() => onChange({ ...filters, without: on ? without.filter((f) => f !== filter) : [...without, filter] })}
                className="shrink-0"
              >
                {CODE_FILTER_LABELS[filter]}
              </Button>
            );
          })}
        </FilterRow>
      </div>
      <FilterRow label="Filter by category" title="Category" wrap={wrap}>
        {shownTags.map((tag) => (
          <Button
            key={tag}
            size="sm"
            variant={tags.includes(tag) ? 'secondary' : 'ghost'}
            aria-pressed={tags.includes(tag)}
            onClick={() => toggleTag(tag)}
            className="shrink-0 font-mono text-xs tracking-wider uppercase"
          >
            {tag}
          </Button>
        ))}
        {hasAnyFilter(filters) ? (
          <Button size="sm" variant="ghost" onClick={() => onChange({})} className="shrink-0 underline">
            Clear filters
          </Button>
        ) : null}
      </FilterRow>
    </div>
  );
}
