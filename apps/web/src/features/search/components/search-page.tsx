import { Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '../../../lib/router.tsx';
import { Search } from 'lucide-react';
import { MAX_SEARCH_LENGTH, SEARCH_SORTS, type GlyphFilters, type SearchSort, SEARCH_MSG } from '@glyphary/shared';
import { GlyphGrid, GlyphGridSkeleton } from '../../../components/glyph-card.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { controlClasses } from '../../../components/ui/control-classes.ts';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { useSearchGlyphs } from '../api/search-glyphs.ts';
import { FilterBar } from './filter-bar.tsx';
import { FilterSheet } from './filter-sheet.tsx';
import { SingleChoiceRow } from '../../../components/ui/filter-row.tsx';
import { filtersFromParams, hasAnyFilter, withFilters } from '../lib/filters.ts';
import { HighlightedText } from './highlighted-text.tsx';
import { preloadableLazy } from '../../../lib/preloadable-lazy.tsx';

/** spec §2 Search sort buttons, plus relevance ("Best match", issue 5) first as the default. */
const SORT_OPTIONS: ReadonlyArray<{ value: SearchSort; label: string }> = [
  { value: 'relevance', label: SEARCH_MSG.bestMatch },
  { value: 'latest', label: 'Latest' },
  { value: 'popular', label: 'Popular' },
  { value: 'liked', label: 'Most Liked' },
  { value: 'viewed', label: 'Most Viewed' },
  // Issue 18: newest release or edit first.
  { value: 'updated', label: SEARCH_MSG.sortUpdated },
];
const DEFAULT_SORT: SearchSort = 'relevance';

// Before a search: the whole catalogue (issue 17), or the quick terms when it is empty. A page with a
// term never shows them, so they load only where they render; preloadable, as /search is
// pre-rendered with them.
const BrowseCatalogue = preloadableLazy('browse', () => import('./search-browse.tsx').then((m) => m.BrowseCatalogue));

const isSearchSort = (value: string | null): value is SearchSort => value !== null && (SEARCH_SORTS as readonly string[]).includes(value);

/** Without a term the catalogue is browsed, newest first by default ('Best match' needs a term). */
const BROWSE_DEFAULT_SORT: SearchSort = 'latest';

/**
 * The URL of a search: ?q= holds the trimmed term, ?sort= only when it is not the default, then the
 * filters (issue 17) so a filtered list is linkable and back/forward restores it.
 */
function searchHref(term: string, sort: SearchSort, filters: GlyphFilters): string {
  const defaultSort = term ? DEFAULT_SORT : BROWSE_DEFAULT_SORT;
  const base = paths.search(term || undefined, sort === defaultSort ? undefined : sort);
  const [path, query = ''] = base.split('?');
  const params = withFilters(new URLSearchParams(query), filters).toString();
  return params ? `${path}?${params}` : (path ?? base);
}

function SearchResults({ term, sort, filters }: { term: string; sort: SearchSort; filters: GlyphFilters }) {
  const search = useSearchGlyphs({ term, sort, filters });
  useEffect(() => {
    // spec §8: a search failure is logged and the list becomes empty.
    if (search.isError) console.warn('Search failed', search.error);
  }, [search.isError, search.error]);

  if (search.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="text-sm text-muted">
          {SEARCH_MSG.searching}
        </p>
        <GlyphGridSkeleton count={8} />
      </div>
    );
  }
  const pages = search.data?.pages ?? [];
  const glyphs = pages.flatMap((page) => page.glyphs);
  if (glyphs.length === 0) {
    return (
      <EmptyState
        title={SEARCH_MSG.noResultsFound}
        headingLevel={3}
        description={
          hasAnyFilter(filters) ? `Nothing matched “${term}” with these filters. Try other words or clear the filters.` : `Nothing matched “${term}”. Try other words, or browse everything.`
        }
        action={
          <Link to={paths.home} className={buttonClasses({ variant: 'outline' })}>
            {SEARCH_MSG.browseAllGlyphs}
          </Link>
        }
      />
    );
  }
  const lastPage = pages.at(-1)?.glyphs.length ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-sm text-muted">
        {SEARCH_MSG.searchResultsFound(glyphs.length, search.hasNextPage)} for <strong className="font-semibold text-fg">“{term}”</strong>
      </p>
      <GlyphGrid
        glyphs={glyphs}
        batchStart={glyphs.length - lastPage}
        label="Search results"
        renderText={(text) => <HighlightedText text={text} term={term} />}
        priorityCount={2}
      />
      {search.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" loading={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * spec §2 Search (/search?q=): the box and Search button put the trimmed term in ?q= (an empty or
 * blank term does nothing); the sort buttons re-run a non-empty search; before any search the quick
 * terms fill the box and search. Everything is read from the URL, so back/forward and reload
 * restore the search.
 */
export function SearchPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const term = (searchParams.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  const sortParam = searchParams.get('sort');
  const defaultSort = term ? DEFAULT_SORT : BROWSE_DEFAULT_SORT;
  const askedSort: SearchSort = isSearchSort(sortParam) ? sortParam : defaultSort;
  // 'Best match' means nothing without a term: browsing falls back to Latest.
  const sort: SearchSort = !term && askedSort === 'relevance' ? BROWSE_DEFAULT_SORT : askedSort;
  const filters = filtersFromParams(searchParams);

  // The box follows the URL (back/forward), but keeps what the user types in between.
  const [draft, setDraft] = useState(term);
  const [shownTerm, setShownTerm] = useState(term);
  if (shownTerm !== term) {
    setShownTerm(term);
    setDraft(term);
  }

  function runSearch(text: string) {
    const trimmed = text.trim().slice(0, MAX_SEARCH_LENGTH);
    if (!trimmed) return; // spec §2: an empty or whitespace term does nothing
    setDraft(trimmed);
    // A sort the person did not choose (the browse default) gives way to the search default.
    void navigate(searchHref(trimmed, isSearchSort(sortParam) ? sort : DEFAULT_SORT, filters));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    runSearch(draft);
  }

  function handleSort(next: SearchSort) {
    if (next === sort) return;
    void navigate(searchHref(term, next, filters));
  }

  function handleFilters(next: GlyphFilters) {
    void navigate(searchHref(term, sort, next));
  }

  const sortOptions = term ? SORT_OPTIONS : SORT_OPTIONS.filter((option) => option.value !== 'relevance');

  return (
    <div className="flex flex-col gap-5 sm:gap-6">
      <header className="flex flex-col gap-1 sm:gap-2">
        <h1 className="font-display text-3xl font-bold sm:text-5xl">{SEARCH_MSG.searchTitle}</h1>
        <p className="text-muted">{SEARCH_MSG.searchSubtitle}</p>
      </header>

      <form role="search" aria-label="Search glyphs" onSubmit={handleSubmit} className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor="search-page-input" className="sr-only">
          Search glyphs
        </label>
        <div className="relative flex-1">
          <Search size={18} aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-subtle" />
          <input
            id="search-page-input"
            type="search"
            name="q"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={SEARCH_MSG.searchPlaceholder}
            maxLength={MAX_SEARCH_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
            className={cn(controlClasses, 'pl-11')}
          />
        </div>
        <Button type="submit" size="lg" className="sm:h-auto">
          {SEARCH_MSG.searchButton}
        </Button>
      </form>

      {/* Desktop: the rows, all in view. Phone: one button and a sheet, so the results start on the first screen. */}
      <div className="hidden flex-col gap-1 sm:flex">
        <SingleChoiceRow label="Sort results" title="Sort" options={sortOptions} value={sort} onChange={(next) => handleSort(next ?? defaultSort)} />
        <FilterBar filters={filters} onChange={handleFilters} />
      </div>
      <div className="-mb-2 sm:hidden">
        <FilterSheet term={term} sort={sort} sortOptions={sortOptions} onSort={(next) => handleSort(next ?? defaultSort)} filters={filters} onChange={handleFilters} />
      </div>

      {term ? (
        // The cards are h3s: a (visually hidden) h2 keeps the outline h1 → h2 → h3, as on the home page.
        <section aria-labelledby="search-results-title">
          <h2 id="search-results-title" className="sr-only">
            Search results
          </h2>
          <SearchResults term={term} sort={sort} filters={filters} />
        </section>
      ) : (
        // Until their module arrives: nothing on a new page, the server's markup on a pre-rendered one.
        <Suspense fallback={null}>
          <section aria-labelledby="browse-title" className="flex flex-col gap-3">
            <h2 id="browse-title" className="font-display text-xl font-bold">
              {SEARCH_MSG.allGlyphsHeading}
            </h2>
            <BrowseCatalogue sort={sort} filters={filters} onPick={runSearch} />
          </section>
        </Suspense>
      )}
    </div>
  );
}
