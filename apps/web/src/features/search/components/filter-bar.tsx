import { GLYPH_CATEGORIES, type GlyphAvailability, type GlyphFilters } from '@glyphary/shared';
import { Button } from '../../../components/ui/button.tsx';
import { hasAnyFilter } from '../lib/filters.ts';

const AVAILABILITY_OPTIONS: ReadonlyArray<{ value: GlyphAvailability | undefined; label: string }> = [
  { value: undefined, label: 'Any download' },
  { value: 'apk', label: 'Has an APK' },
  { value: 'source', label: 'Source only' },
];

/**
 * The browse and search filters (issue 17): what can be downloaded, and categories. Each filter is
 * one group of toggle buttons (aria-pressed) and lives in the URL, so a filtered list is linkable.
 * A further filter (such as the device) is one more group here.
 */
export function FilterBar({ filters, onChange }: { filters: GlyphFilters; onChange: (next: GlyphFilters) => void }) {
  const tags = filters.tags ?? [];
  const toggleTag = (tag: string) => onChange({ ...filters, tags: tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag] });
  // Free tags from a link (a chip on a glyph page) are shown too, so they can be cleared.
  const shownTags = [...GLYPH_CATEGORIES, ...tags.filter((tag) => !(GLYPH_CATEGORIES as readonly string[]).includes(tag))];
  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label="Filter by download" className="flex flex-wrap gap-2">
        {AVAILABILITY_OPTIONS.map((option) => (
          <Button
            key={option.label}
            size="sm"
            variant={filters.has === option.value ? 'secondary' : 'outline'}
            aria-pressed={filters.has === option.value}
            onClick={() => onChange({ ...filters, has: option.value })}
          >
            {option.label}
          </Button>
        ))}
      </div>
      <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-2">
        {shownTags.map((tag) => (
          <Button key={tag} size="sm" variant={tags.includes(tag) ? 'secondary' : 'ghost'} aria-pressed={tags.includes(tag)} onClick={() => toggleTag(tag)} className="font-mono text-xs tracking-wider uppercase">
            {tag}
          </Button>
        ))}
        {hasAnyFilter(filters) ? (
          <Button size="sm" variant="ghost" onClick={() => onChange({})} className="underline">
            Clear filters
          </Button>
        ) : null}
      </div>
    </div>
  );
}
