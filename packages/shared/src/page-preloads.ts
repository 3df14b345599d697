// The API GETs (as apiUrl builds them) each page's first render makes, by route module (pages.ts):
// the server embeds their answers as the page's boot data (docs/decisions/0013-page-boot-data.md).
// Only the server reads this; the browser's shell loads the page table without it.
import { HOME_PAGE_SIZE, REQUEST_SORTS, REQUEST_STATUSES } from './constants.ts';
import { searchFromQuery, searchListParams } from './list-params.ts';
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
      }),
    ),
  ],
};
