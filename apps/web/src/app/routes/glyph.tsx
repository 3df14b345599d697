import { useParams } from 'react-router';
import { PlaceholderScreen } from '../../components/layout/placeholder-screen.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** spec §2 Glyph detail (/glyph/{id}). Placeholder: the glyphs feature replaces this file (keep the export name). */
export function GlyphRoute() {
  const { id = '' } = useParams();
  useDocumentTitle('Glyph');
  return <PlaceholderScreen title="Glyph" description={`Glyph ${id}`} />;
}
