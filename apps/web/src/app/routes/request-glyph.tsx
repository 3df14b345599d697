import { useParams } from 'react-router';
import { PlaceholderScreen } from '../../components/layout/placeholder-screen.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Request detail (/request-glyphs/{id}). Placeholder: the requests feature replaces this file (keep the export name). */
export function RequestGlyphRoute() {
  const { id = '' } = useParams();
  useDocumentTitle('Glyph request');
  return <PlaceholderScreen title="Glyph request" description={`Request ${id}`} />;
}
