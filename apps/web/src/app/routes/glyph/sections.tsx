import { useNavigate } from '../../../lib/router.tsx';
import { paths } from '../../../config/paths.ts';
import { CommentsSection, ReportButton } from '../../../features/community/index.ts';
import { useGlyph } from '../../../features/glyphs/api/get-glyph.ts';
import { useAuth } from '../../../features/auth/index.ts';
import { LazyFileUpload as FileUpload } from '../../../features/files/index.ts';
import { ReleasesSection, type RenderApkUpload, type RenderReleaseAction } from '../../../features/releases/index.ts';

// The glyph page's sections below the detail: the route loads this module when they
// come near the viewport, so a visitor's first screen does not carry their code.

// Issue 18: the new APK of an update, through the same picker as the upload form.
const renderApkUpload: RenderApkUpload = (props) => <FileUpload type="apks" multiple={false} maxFiles={1} {...props} />;

/** Issue 18: version history, install on the phone and, for the creator, 'Publish an update'. */
export function GlyphReleases({ id, publishing, onPublishingChange }: { id: string; publishing: boolean; onPublishingChange: (open: boolean) => void }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  // The same cached query GlyphDetail reads: no second request.
  const glyph = useGlyph(id).data;
  if (!glyph || glyph.deleted) return null;
  const toLogin = () => navigate(paths.loginWithRedirect(paths.glyph(id)));
  // Issue 19: anyone but the creator can report a release, with the same dialog as a glyph.
  const renderReport: RenderReleaseAction | undefined =
    user?.id === glyph.creatorId
      ? undefined
      : (release, label) => (
          <ReportButton
            targetType="release"
            targetId={release.id}
            label="release"
            accessibleName={release.versionName ? `Report release ${release.versionName}` : `Report ${label}`}
            signedIn={user !== null}
            onSignInRequired={toLogin}
            size="sm"
          />
        );
  return (
    <ReleasesSection
      glyph={glyph}
      viewerId={user?.id ?? null}
      renderApkUpload={renderApkUpload}
      renderReleaseAction={renderReport}
      publishOpen={publishing}
      onPublishOpenChange={onPublishingChange}
    />
  );
}

/** Issue 19: Report and the comments under a live glyph. */
export function GlyphCommunity({ id }: { id: string }) {
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
