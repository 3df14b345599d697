import { useParams } from 'react-router';
import { useAuth } from '../../features/auth/index.ts';
import { FileUpload } from '../../features/files/index.ts';
import { GlyphDetail } from '../../features/glyphs/components/glyph-detail.tsx';
import type { FileUploadSlotProps } from '../../features/glyphs/components/file-upload-slot.ts';

const renderFileUpload = (props: FileUploadSlotProps) => <FileUpload {...props} />;

/** spec §2 Glyph detail (/glyph/{id}). */
export function GlyphRoute() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  return <GlyphDetail key={id} id={id} viewerId={user?.id ?? null} renderFileUpload={renderFileUpload} />;
}
