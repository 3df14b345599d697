import { Suspense } from 'react';
import { formatDate, COMMON_MSG } from '@glyphary/shared';
import { preloadableLazy } from '../../../lib/preloadable-lazy.tsx';
import { InstallOnPhone } from './install-on-phone.tsx';
import type { RenderApkUpload } from './publish-update-dialog.tsx';
import { HeldReleases } from './held-releases.tsx';
import { ReleaseHistory, type RenderReleaseAction } from './release-history.tsx';
import type { ApkReportLike } from './apk-diff.ts';

// Only the creator sees 'Publish an update': visitors never load it. Preloadable: the
// creator's page is pre-rendered with it.
const PublishUpdateDialog = preloadableLazy('publish', () => import('./publish-update-dialog.tsx').then((m) => m.PublishUpdateDialog));

/** What the releases area needs of the glyph (the route reads the glyph and passes it in). */
export interface ReleasesGlyph {
  id: string;
  creatorId: string;
  githubUrl: string | null;
  apkUrl: string | null;
  createdAt: string;
  updatedAt: string;
  /** The current APK's report (issue 15), when the server has one. */
  apk?: ApkReportLike | null | undefined;
}

/** True when the glyph changed after it was shared: 'Updated {date}' is worth showing. */
export function wasUpdated(glyph: { createdAt: string; updatedAt: string }): boolean {
  return new Date(glyph.updatedAt).getTime() - new Date(glyph.createdAt).getTime() > 1000;
}

/** Issue 18 on the glyph page: install on the phone, version history and, for the creator, 'Publish an update'. */
export function ReleasesSection({
  glyph,
  viewerId,
  renderApkUpload,
  publishOpen,
  onPublishOpenChange,
  renderReleaseAction,
}: {
  glyph: ReleasesGlyph;
  viewerId: string | null;
  renderApkUpload: RenderApkUpload;
  /** 'Publish an update' is also opened from the Edit Glyph dialog, so the page may control it. */
  publishOpen?: boolean | undefined;
  onPublishOpenChange?: ((open: boolean) => void) | undefined;
  /** A control on each release row, e.g. Report (issue 19); the route decides who gets it. */
  renderReleaseAction?: RenderReleaseAction | undefined;
}) {
  const isCreator = viewerId !== null && viewerId === glyph.creatorId;
  return (
    <div className="mt-10 grid gap-8 border-t border-line pt-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-12">
      <div className="flex min-w-0 flex-col gap-4">
        {wasUpdated(glyph) ? (
          <p className="text-sm text-muted">
            <time dateTime={glyph.updatedAt}>{COMMON_MSG.updatedOn(formatDate(glyph.updatedAt))}</time>
          </p>
        ) : null}
        {isCreator && glyph.apkUrl ? (
          <Suspense fallback={null}>
            <PublishUpdateDialog
              glyphId={glyph.id}
              previousReport={glyph.apk ?? undefined}
              renderApkUpload={renderApkUpload}
              open={publishOpen}
              onOpenChange={onPublishOpenChange}
            />
          </Suspense>
        ) : null}
        {isCreator && glyph.apkUrl ? <HeldReleases glyphId={glyph.id} /> : null}
        <ReleaseHistory glyphId={glyph.id} renderAction={renderReleaseAction} />
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <InstallOnPhone glyphId={glyph.id} githubUrl={glyph.githubUrl} hasApk={glyph.apkUrl !== null} packageName={glyph.apk?.packageName ?? null} />
      </div>
    </div>
  );
}
