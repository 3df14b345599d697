/** Search (DESIGN §5, decisions 0012 and 0023): a popular term, a misspelled one, and 2,000 varied terms. */
import { searchTerms } from '../../../scripts/seed/content.ts';
import { createRng } from '../../../scripts/seed/prng.ts';
import { get, type Leg } from './types.ts';

export const common = get('/api/get-glyphs?search=boot&limit=100');
export const typo = get('/api/get-glyphs?search=animaton&limit=100');

/** What Chromium and Firefox send with every fetch (Safari omits zstd). */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const variedTerms = () => searchTerms(createRng(9), 2000);

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
      requests: () => variedTerms().map((term) => get(`/api/get-glyphs?search=${encodeURIComponent(term)}&limit=100`)),
      spread: true,
    },
    {
      // Decision 0071: the same searches as a browser asks for them. Every other row asks for no encoding, so
      // it measures the API and not the compressor (0009); a fresh page is compressed for each of these.
      // No budget: what it shows is the cost a visitor's cold search puts on the server.
      name: 'search-varied-browser',
      label: `Search, 2,000 varied terms, as a browser asks (Accept-Encoding: ${BROWSER_ACCEPT_ENCODING})`,
      group: 'search-browser',
      requests: () =>
        variedTerms().map((term) =>
          get(`/api/get-glyphs?search=${encodeURIComponent(term)}&limit=100`, { 'accept-encoding': BROWSER_ACCEPT_ENCODING }),
        ),
      spread: true,
      noCeiling: true,
    },
  ],
};
