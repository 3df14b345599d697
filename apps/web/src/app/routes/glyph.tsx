import { lazy, Suspense, useState } from 'react';
import { useLocation, useParams } from '../../lib/router.tsx';
import { NearViewport } from '../../lib/near-viewport.tsx';
import { useGlyph } from '../../features/glyphs/api/get-glyph.ts';
import { useAuth } from '../../features/auth/index.ts';
import { GlyphDetail } from '../../features/glyphs/components/glyph-detail.tsx';
import type { FileUploadSlotProps } from '../../features/glyphs/components/file-upload-slot.ts';

// Releases and comments (with Report) are below the detail, off the first screen: their code loads
// as they come near the viewport, not with the page.
const GlyphReleases = lazy(() => import('./glyph/sections.tsx').then((m) => ({ default: m.GlyphReleases })));
const GlyphCommunity = lazy(() => import('./glyph/sections.tsx').then((m) => ({ default: m.GlyphCommunity })));

// The file picker only the creator's Edit dialog shows: it loads with that dialog, not with the page.
const FileUpload = lazy(() => import('../../features/files/components/lazy-file-upload.tsx').then((m) => ({ default: m.LazyFileUpload })));
const renderFileUpload = (props: FileUploadSlotProps) => (
  <Suspense fallback={null}>
    <FileUpload {...props} />
  </Suspense>
);

/** spec §2 Glyph detail (/glyph/{id}), with its releases (issue 18) and comments (issue 19) below. */
export function GlyphRoute() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  // The same cached query GlyphDetail reads: no second request.
  const glyph = useGlyph(id).data;
  // 'Publish an update' opens from the releases area and from the Edit Glyph dialog (issue 18).
  const [publishing, setPublishing] = useState(false);
  const live = Boolean(glyph && !glyph.deleted);
  // A link to a release (a notification, issue 19) lands on its row: the history renders at once.
  const linksRelease = useLocation().hash.startsWith('#release-');
  return (
    <>
      <GlyphDetail key={id} id={id} viewerId={user?.id ?? null} renderFileUpload={renderFileUpload} onPublishUpdate={() => setPublishing(true)} />
      {live ? (
        <>
          {/* Opened from the Edit dialog, 'Publish an update' needs the releases area at once. */}
          <NearViewport key={`releases-${id}`} placeholderClassName="min-h-48" force={publishing || linksRelease}>
            <GlyphReleases id={id} publishing={publishing} onPublishingChange={setPublishing} />
          </NearViewport>
          <NearViewport key={`community-${id}`} placeholderClassName="min-h-64">
            <GlyphCommunity id={id} />
          </NearViewport>
        </>
      ) : null}
    </>
  );
}
