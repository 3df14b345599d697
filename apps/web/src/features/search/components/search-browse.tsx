import { useEffect } from 'react';
import { pluralize, SEARCH_QUICK_TERMS, type GlyphFilters, type SearchSort, COMMON_MSG, SEARCH_MSG } from '@glyphary/shared';
import { GlyphGrid, GlyphGridSkeleton } from '../../../components/glyph-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DotMatrix } from '../../../components/ui/dot-matrix.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useSearchGlyphs } from '../api/search-glyphs.ts';
import { hasAnyFilter } from '../lib/filters.ts';

// The search page before a search (search-page.tsx loads this module only then).

/** The quick terms: one click fills the box and searches. */
export function StartSearching({ onPick }: { onPick: (term: string) => void }) {
  return (
    <section aria-labelledby="start-searching" className="flex flex-col items-center gap-5 rounded-[var(--radius-card)] border border-dashed border-line px-6 py-12 text-center">
      <DotMatrix size={72} pattern="ring" />
      <h2 id="start-searching" className="font-display text-xl font-bold">
        {SEARCH_MSG.startSearching}
      </h2>
      <p className="max-w-md text-sm text-muted">{SEARCH_MSG.startSearchingHint}</p>
      <ul className="flex flex-wrap justify-center gap-2" aria-label="Suggested searches">
        {SEARCH_QUICK_TERMS.map((term) => (
          <li key={term}>
            <Button variant="outline" size="sm" onClick={() => onPick(term)}>
              {term}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The quick terms as one compact row, above a catalogue that has results to show. */
function QuickTerms({ onPick }: { onPick: (term: string) => void }) {
  return (
    <ul className="-mx-1.5 flex items-center gap-2 overflow-x-auto p-1.5 [scrollbar-width:thin] sm:flex-wrap" aria-label="Suggested searches">
      {SEARCH_QUICK_TERMS.map((term) => (
        <li key={term} className="shrink-0">
          <Button variant="outline" size="sm" onClick={() => onPick(term)}>
            {term}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Issue 17: before a search, the whole catalogue in the chosen sort and filters, with "Load more",
 * so 'Browse Glyphs' leads somewhere. Its count comes first, so a filter change is seen at once; the
 * spec's "Start searching" block shows only when there is nothing to list.
 */
export function BrowseCatalogue({ sort, filters, onPick }: { sort: SearchSort; filters: GlyphFilters; onPick: (term: string) => void }) {
  const browse = useSearchGlyphs({ term: '', sort, filters }, { browse: true });
  useEffect(() => {
    if (browse.isError) console.warn('Browse failed', browse.error);
  }, [browse.isError, browse.error]);
  if (browse.isPending) {
    return (
      <div role="status" aria-label="Loading glyphs">
        <GlyphGridSkeleton count={8} />
      </div>
    );
  }
  const pages = browse.data?.pages ?? [];
  const glyphs = pages.flatMap((page) => page.glyphs);
  if (glyphs.length === 0 && !hasAnyFilter(filters)) return <StartSearching onPick={onPick} />;
  if (glyphs.length === 0) return <EmptyState title={COMMON_MSG.noGlyphsFound} headingLevel={3} description="No glyph matches these filters." />;
  const lastPage = pages.at(-1)?.glyphs.length ?? 0;
  return (
    <div className="flex flex-col gap-3">
      <QuickTerms onPick={onPick} />
      <p role="status" className="text-sm text-muted">
        {browse.hasNextPage ? `Showing the first ${pluralize(glyphs.length, 'glyph')}` : `${pluralize(glyphs.length, 'glyph')}`}
      </p>
      <GlyphGrid glyphs={glyphs} batchStart={glyphs.length - lastPage} label="All glyphs" />
      {browse.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" loading={browse.isFetchingNextPage} onClick={() => void browse.fetchNextPage()}>
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
