import { PlaceholderScreen } from '../../components/layout/placeholder-screen.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** spec §2 Search (/search). Placeholder: the owning feature replaces this file (keep the export name). */
export function SearchRoute() {
  useDocumentTitle('Search Glyphs');
  return <PlaceholderScreen title="Search Glyphs" description="Discover glyphs made by the community." />;
}
