// The API GETs (as apiUrl builds them) each page's first render makes, by route module (pages.ts):
// the server embeds their answers as the page's boot data (docs/decisions/0013-page-boot-data.md).
// Only the server reads this; the browser's shell loads the page table without it.
import { HOME_PAGE_SIZE, REQUEST_SORTS, REQUEST_STATUSES } from './constants.ts';
import { searchFromQuery, searchListParams } from './list-params.ts';
import { GLYPH_DEVICES } from './apk/devices.ts';
import { GLYPH_PAGE_MSG } from './messages/glyph-page.ts';
import { apiUrl, glyphApiPath, glyphListParams, requestListParams } from './pages.ts';

const UUID = /^[0-9a-fA-F-]{36}$/;

export type PagePreloads = (params: Record<string, string>, query: URLSearchParams) => string[];

export const PAGE_PRELOADS: Readonly<Record<string, PagePreloads>> = {
  home: () => [apiUrl('/get-glyphs', glyphListParams({ sort: 'latest', limit: HOME_PAGE_SIZE }))],
  // Only a well-formed id is asked for: nothing else from the path reaches the in-process request.
  glyph: ({ id = '' }) => (UUID.test(id) ? [apiUrl(glyphApiPath(id))] : []),
  search: (_params, query) => [apiUrl('/get-glyphs', searchListParams(searchFromQuery(query)))],
  // Issue 17: the board's status filter and sort from the URL (features/requests/components/request-board.tsx).
  'request-glyphs': (_params, query) => [
    apiUrl(
      '/glyph-requests',
      requestListParams({
        offset: 0,
        search: '',
        sort: REQUEST_SORTS.find((known) => known === query.get('sort')),
        status: REQUEST_STATUSES.find((known) => known === query.get('status')),
        device: GLYPH_DEVICES.find((known) => known === query.get('device')),
      }),
    ),
  ],
};

/**
 * The 404s a page's first request is known to get without asking (issue 47): a glyph address whose id
 * is no UUID can name no glyph, so the page is a real 404 at once, and carries the answer the API
 * would give under the URL the client asks for (so it shows 'Glyph not found' without asking either).
 */
export const PAGE_KNOWN_MISSING: Readonly<Record<string, (params: Record<string, string>) => Record<string, { error: string; code: string }> | null>> = {
  glyph: ({ id = '' }) => (UUID.test(id) ? null : { [apiUrl(glyphApiPath(id))]: { error: GLYPH_PAGE_MSG.glyphNotFound, code: 'NOT_FOUND' } }),
};
