/** Search (DESIGN §5, decisions 0012 and 0023): a popular term, a misspelled one, and 2,000 varied terms. */
import { searchTerms } from '../content.ts';
import { createRng } from '../prng.ts';
import { get, type Leg } from './types.ts';

export const common = get('/api/get-glyphs?search=boot&limit=100');
export const typo = get('/api/get-glyphs?search=animaton&limit=100');

export const search: Leg = {
  name: 'search',
  scenarios: [
    { name: 'search-common', label: 'Search "boot" (limit=100)', group: 'search', requests: () => [common] },
    { name: 'search-typo', label: 'Search misspelled "animaton" (limit=100)', group: 'search-typo', requests: () => [typo] },
    {
      name: 'search-varied',
      label: 'Search, 2,000 varied terms (limit=100, cache misses)',
      group: 'search-varied',
      // 2,000 distinct terms, each connection starting at its own place in the list: a term comes round
      // again only after ~40 others on every connection, far more than the 200-entry search cache keeps
      // in step, so nearly every query misses the read cache and this measures the search itself.
      requests: () =>
        searchTerms(createRng(9), 2000).map((term) => get(`/api/get-glyphs?search=${encodeURIComponent(term)}&limit=100`)),
      spread: true,
    },
  ],
};
