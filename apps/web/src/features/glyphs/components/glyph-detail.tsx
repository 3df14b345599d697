import { useQueryClient } from '@tanstack/react-query';
import { GitBranch } from 'lucide-react';
import { useEffect, useRef, lazy, Suspense } from 'react';
import { Link } from '../../../lib/router.tsx';
import { androidVersionLabel, formatDate, pluralize, type Glyph, COMMON_MSG, GLYPH_PAGE_MSG } from '@glyphary/shared';
import { Button, buttonClasses, Skeleton } from '../../../components/ui/index.ts';
import { preloadableLazy } from '../../../lib/preloadable-lazy.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { NearViewport } from '../../../lib/near-viewport.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { glyphPreviewKey, glyphQueryOptions, useGlyph } from '../api/get-glyph.ts';
import { recordDownload } from '../api/record-download.ts';
import { recordView } from '../api/record-view.ts';
import { DownloadButton } from './download-button.tsx';
import { ExpandableText } from './expandable-text.tsx';
import type { RenderFileUpload } from './file-upload-slot.ts';
import { ImageGallery } from './image-gallery.tsx';
import { LikeButton } from './like-button.tsx';
import { ShareButton } from '../../../components/share-button.tsx';
import { TagChips } from './tag-chips.tsx';
import { DeviceBadges } from '../../../components/device-badges.tsx';
import { GlyphPlayer } from '../../../components/glyph-player/glyph-player.tsx';
import { MatrixSwitch, usePreviewMatrix } from './matrix-switch.tsx';

// The creator's Edit and Delete (with the delete confirmation): visitors never load them.
// Preloadable: the server pre-renders the creator's own page with them.
const CreatorTools = preloadableLazy('tools', () => import('./creator-tools.tsx').then((m) => m.CreatorTools));
// A failed load's banner: only then (preloadable: the server may render a failed page).
const Banner = preloadableLazy('banner', () => import('../../../components/ui/banner.tsx').then((m) => m.Banner));
// "Inside this APK" (permissions and their explanations, ~3.5 KB gzip) sits below the actions, off
// a phone's first screen: it loads as it comes near the viewport.
const ApkPanel = lazy(() => import('./apk-panel.tsx').then((m) => ({ default: m.ApkPanel })));
// An APK shared before reports existed: its size and hash, at the end of the details, load the same way.
const ApkFileFacts = lazy(() => import('./apk-panel.tsx').then((m) => ({ default: m.ApkFileFacts })));

const EXTERNAL_REL = 'noopener noreferrer nofollow ugc';

/**
 * While the glyph loads: skeletons, or (issue 17) when it was opened from a card, that card's
 * poster and title at once — the rest fills in when the data arrives.
 */
function DetailSkeleton({ preview }: { preview: Glyph | undefined }) {
  const poster = preview ? (preview.animation?.posterUrl ?? preview.thumbnails[0] ?? preview.images[0] ?? null) : null;
  return (
    <div className="grid gap-8 lg:grid-cols-2" aria-busy="true" aria-label="Loading glyph">
      {poster ? (
        <img src={poster} alt="" width={480} height={480} referrerPolicy="no-referrer" className="aspect-square w-full rounded-[var(--radius-card)] bg-black object-contain" />
      ) : (
        <Skeleton className="aspect-square w-full" />
      )}
      <div className="flex flex-col gap-4">
        {preview ? <h1 className="font-display text-3xl font-bold break-words sm:text-4xl">{preview.title}</h1> : <Skeleton className="h-10 w-3/4" />}
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-12 w-48" />
      </div>
    </div>
  );
}

/** spec §2 Glyph detail, not found: the page's heading, and a way on. */
function GlyphNotFound() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-10 text-center">
      <h1 className="font-display text-3xl font-bold">{GLYPH_PAGE_MSG.glyphNotFound}</h1>
      <p className="text-muted">The link may be wrong, or the glyph was removed.</p>
      <Link to={paths.search()} className={buttonClasses({ variant: 'outline' })}>
        Browse Glyphs
      </Link>
    </section>
  );
}

/** The counts of spec §2, pluralised (1 download / n downloads). */
function Counts({ glyph }: { glyph: Glyph }) {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted" aria-label="Statistics">
      <li>{pluralize(glyph.downloads, 'download')}</li>
      <li>{pluralize(glyph.views, 'view')}</li>
      <li>{pluralize(glyph.likes, 'like')}</li>
    </ul>
  );
}

/** spec §2 Glyph detail: loading, not found, deleted, and the glyph with its actions. */
export function GlyphDetail({
  id,
  viewerId,
  renderFileUpload,
  onPublishUpdate,
}: {
  id: string;
  viewerId: string | null;
  renderFileUpload: RenderFileUpload;
  /** Issue 18: opens 'Publish an update' (the Edit dialog offers it instead of swapping the APK). */
  onPublishUpdate?: () => void;
}) {
  const query = useGlyph(id);
  const queryClient = useQueryClient();
  const viewed = useRef<string | null>(null);
  const [previewMatrix, setPreviewMatrix] = usePreviewMatrix();
  const glyph = query.data;
  const isMissing = query.isError && /not found/i.test(query.error.message);
  useDocumentTitle(glyph && !glyph.deleted ? glyph.title : glyph?.deleted ? GLYPH_PAGE_MSG.glyphDeletedTitle : isMissing ? GLYPH_PAGE_MSG.glyphNotFound : 'Glyph');

  const setCount = (field: 'views' | 'downloads', value: number | null) => {
    if (value === null) return;
    queryClient.setQueryData(glyphQueryOptions(id).queryKey, (current: Glyph | undefined) =>
      current ? { ...current, [field]: value } : current,
    );
  };

  // One view per visit of this page (spec §7 record-view; failures swallowed).
  useEffect(() => {
    if (!glyph || glyph.deleted || viewed.current === id) return;
    viewed.current = id;
    void recordView(id).then((views) => setCount('views', views));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [glyph?.id, glyph?.deleted, id]);

  if (query.isPending) return <DetailSkeleton preview={queryClient.getQueryData<Glyph>(glyphPreviewKey(id))} />;
  if (query.isError) {
    // spec §2 names the 'Glyph not found' state; it is shown at the glyph's own address (the server
    // answers it with status 404), so the link a person followed stays in the address bar.
    if (isMissing) return <GlyphNotFound />;
    return (
      <div className="flex flex-col items-start gap-4">
        <Suspense fallback={null}>
          <Banner tone="error">{errorMessage(query.error, COMMON_MSG.internal)}</Banner>
        </Suspense>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!glyph) return <GlyphNotFound />;
  if (glyph.deleted) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-[var(--radius-card)] border border-line bg-surface px-6 py-12 text-center">
        <h1 className="font-display text-3xl font-bold">{GLYPH_PAGE_MSG.glyphDeletedTitle}</h1>
        <p className="text-muted">
          <span className="sr-only">{GLYPH_PAGE_MSG.glyphDeletedTitle}: </span>
          {GLYPH_PAGE_MSG.glyphDeletedBody}
        </p>
        <Link to={paths.home} className={buttonClasses({ variant: 'outline' })}>
          Browse Glyphs
        </Link>
      </section>
    );
  }

  // spec §6: the creator's controls (compared by id: usernames can change, DESIGN §4.4).
  const isCreator = Boolean(viewerId && viewerId === glyph.creatorId);
  const switchable = glyph.animation?.width === 25;
  // With an APK the repository link is one of the quiet actions (the download is the red one).
  const quietRepository = Boolean(glyph.apkUrl && glyph.githubUrl);
  // Phone first (issue 47): what the toy is, where it runs and how to install it come first, in the
  // first screen of a phone and first in the tab order; the player (smaller on a phone), screenshots
  // and details follow. From lg on, the media take the left column beside the summary and details.
  return (
    <article className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:gap-x-12">
      <div className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-start-1">
        <header className="flex flex-col gap-3">
          <h1 className="font-display text-3xl font-bold break-words sm:text-4xl">{glyph.title}</h1>
          <p className="text-sm text-muted">
            by{' '}
            <Link
              to={paths.storefront(glyph.creatorUsername)}
              className="font-medium text-fg underline underline-offset-4 hover:text-muted"
            >
              @{glyph.creatorUsername}
            </Link>{' '}
            · <time dateTime={glyph.createdAt}>{formatDate(glyph.createdAt)}</time>
          </p>
          {/* Where it runs: the phones (from the APK) and the Android release it needs (its minSdk). */}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <DeviceBadges devices={glyph.apkDevices} />
            {androidVersionLabel(glyph.apk?.minSdk ?? null) ? <p className="text-sm text-muted">{androidVersionLabel(glyph.apk?.minSdk ?? null)}</p> : null}
          </div>
          <Counts glyph={glyph} />
          <TagChips tags={glyph.tags} />
          {glyph.license ? (
            // Issue 48: the SPDX identifier links to its licence text.
            <p className="text-sm text-muted">
              {GLYPH_PAGE_MSG.licenseOnPage}:{' '}
              <a href={`https://spdx.org/licenses/${encodeURIComponent(glyph.license)}.html`} target="_blank" rel={EXTERNAL_REL} className="font-mono text-fg underline underline-offset-4 hover:text-muted">
                {glyph.license}
              </a>
            </p>
          ) : null}
        </header>

        {/* Issue 17: one red action (the download, else the repository), alone on its row; the quiet
            ones below it in one row of equal cells (on phones a second repository link takes its own
            row, so no action is left alone on a ragged last row). */}
        <div className={cn('grid grid-cols-2 gap-3', quietRepository ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
          {glyph.apkUrl ? (
            <div className={cn('col-span-2 grid', quietRepository && 'sm:col-span-3')}>
              <DownloadButton
                apkUrl={glyph.apkUrl}
                apk={glyph.apk ?? null}
                onDownloaded={() => void recordDownload(glyph.id).then((downloads) => setCount('downloads', downloads))}
              />
            </div>
          ) : null}
          {glyph.githubUrl ? (
            <a
              href={glyph.githubUrl}
              target="_blank"
              rel={EXTERNAL_REL}
              className={buttonClasses({ variant: glyph.apkUrl ? 'outline' : 'primary', size: 'lg', className: quietRepository ? 'col-span-2 sm:col-span-1' : 'col-span-2' })}
            >
              <GitBranch size={18} aria-hidden="true" />
              View Repository
            </a>
          ) : null}
          <LikeButton glyphId={glyph.id} userId={viewerId} size="lg" />
          <ShareButton size="lg" />
        </div>
      </div>

      {glyph.animation ? (
        // Issue 16: the animation first among the media (its poster is the page's largest paint), the screenshots below.
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <div className="mx-auto w-full max-w-[18rem] sm:max-w-sm lg:max-w-none">
            <GlyphPlayer
              src={glyph.animation.url}
              posterUrl={glyph.animation.posterUrl}
              size={glyph.animation.width}
              matrix={switchable ? previewMatrix : undefined}
              flashing={glyph.animation.flashing}
              title={glyph.title}
              priority
            />
            {/* A Phone (3) animation previewed on the Phone (4a) Pro's smaller matrix; a 13×13 one is already that. */}
            {switchable ? <MatrixSwitch value={previewMatrix} onChange={setPreviewMatrix} className="mt-3" /> : null}
          </div>
          {glyph.images.length > 0 ? <ImageGallery images={glyph.images} thumbnails={glyph.thumbnails} title={glyph.title} priority={false} /> : null}
        </div>
      ) : (
        <div className="mx-auto w-full max-w-sm min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:max-w-none">
          <ImageGallery images={glyph.images} thumbnails={glyph.thumbnails} title={glyph.title} />
        </div>
      )}

      <div className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-start-2">
        <ExpandableText text={glyph.description} />

        {glyph.apkUrl && glyph.apk ? (
          <NearViewport placeholderClassName="min-h-64">
            <ApkPanel report={glyph.apk} />
          </NearViewport>
        ) : null}

        {isCreator ? (
          <Suspense fallback={null}>
            <CreatorTools glyph={glyph} renderFileUpload={renderFileUpload} onPublishUpdate={onPublishUpdate} />
          </Suspense>
        ) : null}

        {glyph.instructions ? (
          <section className="flex flex-col gap-2" aria-labelledby="instructions-heading">
            <h2 id="instructions-heading" className="font-display text-xl font-bold">
              Instructions
            </h2>
            <p className="whitespace-pre-line break-words text-fg/90">{glyph.instructions}</p>
          </section>
        ) : null}

        {glyph.apkUrl && !glyph.apk && (glyph.apkSha256 || glyph.apkSize !== null) ? (
          <NearViewport placeholderClassName="min-h-24">
            <ApkFileFacts size={glyph.apkSize} sha256={glyph.apkSha256} />
          </NearViewport>
        ) : null}
      </div>

    </article>
  );
}
