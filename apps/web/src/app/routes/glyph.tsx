import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { CommentsSection, ReportButton } from '../../features/community/index.ts';
import { useGlyph } from '../../features/glyphs/api/get-glyph.ts';
import { useAuth } from '../../features/auth/index.ts';
import { FileUpload } from '../../features/files/index.ts';
import { GlyphDetail } from '../../features/glyphs/components/glyph-detail.tsx';
import type { FileUploadSlotProps } from '../../features/glyphs/components/file-upload-slot.ts';

const renderFileUpload = (props: FileUploadSlotProps) => <FileUpload {...props} />;

/** spec §2 Glyph detail (/glyph/{id}). */
export function GlyphRoute() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  return (
    <>
      <GlyphDetail key={id} id={id} viewerId={user?.id ?? null} renderFileUpload={renderFileUpload} />
      <GlyphCommunity key={`community-${id}`} id={id} />
    </>
  );
}

/** Issue 19: Report and the comments under a live glyph. */
function GlyphCommunity({ id }: { id: string }) {
  const { user, isAdmin } = useAuth();
  const glyph = useGlyph(id);
  const navigate = useNavigate();
  if (!glyph.data || glyph.data.deleted) return null;
  const toLogin = () => navigate(paths.loginWithRedirect(paths.glyph(id)));
  return (
    <div className="mx-auto max-w-6xl">
      {user?.id !== glyph.data.creatorId ? (
        <div className="mt-6 flex justify-end">
          <ReportButton targetType="glyph" targetId={glyph.data.id} label="glyph" signedIn={user !== null} onSignInRequired={toLogin} />
        </div>
      ) : null}
      <CommentsSection glyphId={glyph.data.id} viewerId={user?.id ?? null} viewerIsAdmin={isAdmin} onSignInRequired={toLogin} />
    </div>
  );
}
