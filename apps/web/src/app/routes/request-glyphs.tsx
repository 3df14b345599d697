import { PlaceholderScreen } from '../../components/layout/placeholder-screen.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** spec §2 Requests (/request-glyphs). Placeholder: the owning feature replaces this file (keep the export name). */
export function RequestGlyphsRoute() {
  useDocumentTitle('Request Glyph Toys');
  return <PlaceholderScreen title="Request Glyph Toys" description="Ask the community for the Glyph Toy you want." />;
}
