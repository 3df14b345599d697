import { PageHeader } from '../../components/layout/page-header.tsx';
import { FileUpload } from '../../features/files/index.ts';
import { UploadGlyphForm, type FileUploadSlotProps } from '../../features/glyphs/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

const renderFileUpload = (props: FileUploadSlotProps) => <FileUpload {...props} />;

/** spec §2 Upload (/upload): the Share Glyph form (signed-in only, guarded by the router). */
export function UploadRoute() {
  useDocumentTitle('Share Glyph');
  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader title="Share Glyph" description="Share your glyph with the community." />
      <UploadGlyphForm renderFileUpload={renderFileUpload} />
    </section>
  );
}
