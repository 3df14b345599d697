import { SEARCH_MSG } from '@glyphary/shared';
import { useSearchParams } from '../../lib/router.tsx';
import { SearchPage } from '../../features/search/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** spec §2 Search (/search?q=). */
export function SearchRoute() {
  const [params] = useSearchParams();
  const term = params.get('q')?.trim();
  useDocumentTitle(term ? `${term} · ${SEARCH_MSG.searchTitle}` : SEARCH_MSG.searchTitle);
  return <SearchPage />;
}
