import { PlaceholderScreen } from '../../components/layout/placeholder-screen.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** spec §2 Liked (/liked). Placeholder: the owning feature replaces this file (keep the export name). */
export function LikedRoute() {
  useDocumentTitle('Liked Posts');
  return <PlaceholderScreen title="Liked Posts" description="Glyphs you have liked." />;
}
