import { useParams } from 'react-router';
import { useAuth } from '../../features/auth/index.ts';
import { FileUpload } from '../../features/files/index.ts';
import { GlyphDetail } from '../../features/glyphs/components/glyph-detail.tsx';
import { useGlyph } from '../../features/glyphs/api/get-glyph.ts';
import type { FileUploadSlotProps } from '../../features/glyphs/components/file-upload-slot.ts';
import { ReleasesSection, type RenderApkUpload } from '../../features/releases/index.ts';

const renderFileUpload = (props: FileUploadSlotProps) => <FileUpload {...props} />;
// Issue 18: the new APK of an update, through the same picker as the upload form.
const renderApkUpload: RenderApkUpload = (props) => <FileUpload type="apks" multiple={false} maxFiles={1} {...props} />;

/** spec §2 Glyph detail (/glyph/{id}), with its releases (issue 18) below. */
export function GlyphRoute() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  // The same cached query GlyphDetail reads: no second request.
  const glyph = useGlyph(id).data;
  return (
    <>
      <GlyphDetail key={id} id={id} viewerId={user?.id ?? null} renderFileUpload={renderFileUpload} />
      {glyph && !glyph.deleted ? (
        <ReleasesSection key={`releases-${id}`} glyph={glyph} viewerId={user?.id ?? null} renderApkUpload={renderApkUpload} />
      ) : null}
    </>
  );
}
