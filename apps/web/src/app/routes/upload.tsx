import { PlaceholderScreen } from '../../components/layout/placeholder-screen.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** spec §2 Upload (/upload). Placeholder: the owning feature replaces this file (keep the export name). */
export function UploadRoute() {
  useDocumentTitle('Share Glyph');
  return <PlaceholderScreen title="Share Glyph" description="Share your Glyph Toy with the community." />;
}
