import { useState } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { pluralize, type GlyphFilters, type SearchSort } from '@glyphary/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SingleChoiceRow } from '../../../components/ui/filter-row.tsx';
import { useSearchGlyphs } from '../api/search-glyphs.ts';
import { FilterBar } from './filter-bar.tsx';

/** How many filters are on: each category counts. */
export const activeFilterCount = (filters: GlyphFilters) =>
  (filters.has ? 1 : 0) + (filters.device ? 1 : 0) + (filters.tags?.length ?? 0) + (filters.without?.length ?? 0);

/** What the sheet's close button says: the count the list behind it now shows, so a change is seen at once. */
function ShowResults({ term, sort, filters, onDone }: { term: string; sort: SearchSort; filters: GlyphFilters; onDone: () => void }) {
  // The same query (same key) as the list behind the sheet: no second request.
  const search = useSearchGlyphs({ term, sort, filters }, { browse: true });
  const count = search.data?.pages.reduce((sum, page) => sum + page.glyphs.length, 0);
  const label = count === undefined ? 'Show glyphs' : `Show ${search.hasNextPage ? `${count}+ glyphs` : pluralize(count, 'glyph')}`;
  return (
    <Button onClick={onDone} aria-live="polite">
      {label}
    </Button>
  );
}

/**
 * On a phone the sort and filters live in a sheet behind one "Filters" button, so the results start
 * on the first screen (issue 47): anchored to the bottom edge, its "Show N glyphs" button in reach of
 * the thumb and always in view. As a modal dialog it traps focus, closes on Escape and gives focus
 * back to the button.
 */
export function FilterSheet({
  term,
  sort,
  sortOptions,
  onSort,
  filters,
  onChange,
}: {
  term: string;
  sort: SearchSort;
  sortOptions: ReadonlyArray<{ value: SearchSort; label: string }>;
  onSort: (next: SearchSort | undefined) => void;
  filters: GlyphFilters;
  onChange: (next: GlyphFilters) => void;
}) {
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(filters);
  return (
    <>
      <Button variant="outline" size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <SlidersHorizontal size={16} aria-hidden="true" />
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Sort and filter"
        placement="sheet"
        footer={<ShowResults term={term} sort={sort} filters={filters} onDone={() => setOpen(false)} />}
      >
        <div className="flex flex-col gap-2">
          <SingleChoiceRow label="Sort results" title="Sort" options={sortOptions} value={sort} onChange={onSort} wrap />
          <FilterBar filters={filters} onChange={onChange} wrap />
        </div>
      </Dialog>
    </>
  );
}
