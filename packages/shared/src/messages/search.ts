/**
 * Search and browse (spec §9).
 * Part of the text catalogue (../messages.ts): one home per text, split so a page loads only its own.
 */
export const SEARCH_MSG = {
  // §2 search
  searchTitle: 'Search Glyphs',
  searchSubtitle: 'Discover glyphs made by the community',
  searchPlaceholder: 'Search glyphs...',
  searchButton: 'Search',
  searching: 'Searching...',
  /** 'N results found'; `more` when further pages exist ('100+ results found'). */
  searchResultsFound: (count: number, more = false) => `${count}${more ? '+' : ''} ${count === 1 && !more ? 'result' : 'results'} found`,
  noResultsFound: 'No results found',
  browseAllGlyphs: 'Browse All Glyphs',
  startSearching: 'Start searching',
  startSearchingHint: 'Find glyphs by name, creator or description. Try one of these:',
  bestMatch: 'Best match',

  // Issue 17: browse, glyph tags and filters
  allGlyphsHeading: 'All Glyphs',
  glyphTagsInvalid: 'Tags must be a list of words or a comma-separated text',
  hasFilterInvalid: "has must be 'apk' or 'source'",
  tooManyTagFilters: 'Filter by at most 10 tags',
  withoutFilterInvalid: 'without must be a comma-separated list of trackers, ads, network',

  // Issue 18: releases
  sortUpdated: 'Recently updated',
} as const;
