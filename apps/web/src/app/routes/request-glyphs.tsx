import { MAX_IMAGES } from '@glyphary/shared';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';
import { FileUpload } from '../../features/files/index.ts';
import { RequestBoard } from '../../features/requests/components/request-board.tsx';
import type { ImageUploadSlot } from '../../features/requests/components/create-request-dialog.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

// The requests feature asks for an uploader; the files feature provides it (features don't import each other).
const referenceImageUpload: ImageUploadSlot = ({ value, onChange, disabled, onBusyChange }) => (
  <FileUpload
    type="images"
    multiple
    maxFiles={MAX_IMAGES}
    value={value}
    onChange={onChange}
    label="Reference images (optional)"
    disabled={disabled}
    onBusyChange={onBusyChange}
  />
);

/** spec §2 Requests (/request-glyphs): the public board of glyph requests. */
export function RequestGlyphsRoute() {
  useDocumentTitle('Request Glyph Toys');
  const { user } = useAuth();
  return (
    <section>
      <PageHeader
        title="Request Glyph Toys"
        description="Ask the community for the Glyph Toy you want, or take on someone else's idea."
      />
      <RequestBoard viewerId={user?.id ?? null} imageUpload={referenceImageUpload} />
    </section>
  );
}
