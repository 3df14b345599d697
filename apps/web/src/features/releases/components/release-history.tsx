import { useEffect, useState, type ReactNode } from 'react';
import { formatBytes, formatDate, type Release, COMMON_MSG, INSTALL_MSG, RELEASE_MSG } from '@glyphary/shared';
import { Badge, Banner, ConfirmDialog, Skeleton } from '../../../components/ui/index.ts';
import { ActivateGuide } from '../../../components/activate-guide.tsx';
import { LinkifiedText } from '../../../components/linkified-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useLocation } from '../../../lib/router.tsx';
import { useReleases } from '../api/get-releases.ts';
import { recordReleaseDownload } from '../api/record-release-download.ts';

/** A release's name: its versionName, else its position (migrated releases may have none). */
export function releaseLabel(release: Release, position: number): string {
  return release.versionName ?? RELEASE_MSG.releaseUntitled(position);
}

/** A control for one release row, composed by the route (issue 19: 'Report' from the community feature). */
export type RenderReleaseAction = (release: Release, label: string) => ReactNode;

/**
 * The version history (issue 18): newest first, changelogs, signer warnings, downloads through the disclaimer.
 * `renderAction` adds a control to each row (the Report button for people other than the creator).
 */
export function ReleaseHistory({ glyphId, renderAction }: { glyphId: string; renderAction?: RenderReleaseAction | undefined }) {
  const query = useReleases(glyphId);
  const [downloading, setDownloading] = useState<Release | null>(null);
  const [downloaded, setDownloaded] = useState(false);
  const { hash } = useLocation();
  const targetId = hash.startsWith('#release-') ? decodeURIComponent(hash.slice(1)) : null;
  const loaded = Boolean(query.data);

  // A link to one release (the bell, Following, the feeds) lands on its row: the rows arrive after the
  // page has scrolled to the top, so the browser's own fragment scroll has nothing to find.
  useEffect(() => {
    if (!targetId || !loaded) return;
    const row = document.getElementById(targetId);
    if (!row) return;
    row.scrollIntoView({ block: 'center' });
    row.focus({ preventScroll: true });
  }, [targetId, loaded]);

  function handleConfirm() {
    const release = downloading;
    setDownloading(null);
    if (!release) return;
    const link = document.createElement('a');
    link.href = release.apkUrl;
    link.download = '';
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    setDownloaded(true);
    void recordReleaseDownload(glyphId, release.id).then(() => query.refetch());
  }

  return (
    <section aria-labelledby="releases-heading" className="flex flex-col gap-3">
      <h2 id="releases-heading" className="font-display text-xl font-bold">
        {RELEASE_MSG.releasesHeading}
      </h2>
      {query.isPending ? <Skeleton className="h-24 w-full" /> : null}
      {query.isError ? <Banner tone="error">{errorMessage(query.error, COMMON_MSG.internal)}</Banner> : null}
      {query.data && query.data.length === 0 ? <p className="text-sm text-muted">{RELEASE_MSG.releasesEmpty}</p> : null}
      {query.data && query.data.length > 0 ? (
        <ol className="flex flex-col gap-3">
          {query.data.map((release, index) => {
            const label = releaseLabel(release, query.data.length - index);
            return (
              <li
                key={release.id}
                id={`release-${release.id}`}
                // The linked row takes focus (so keyboard and screen reader users start there) and is marked.
                tabIndex={targetId === `release-${release.id}` ? -1 : undefined}
                aria-current={targetId === `release-${release.id}` ? 'location' : undefined}
                className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4 aria-[current=location]:border-accent"
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <h3 className="font-medium">{label}</h3>
                  {index === 0 ? <Badge tone="inverse">Latest</Badge> : null}
                  {release.signerChanged ? (
                    <Badge tone="red" dot>
                      {COMMON_MSG.signingKeyChanged}
                    </Badge>
                  ) : null}
                  <span className="text-xs text-muted">
                    <time dateTime={release.createdAt}>{formatDate(release.createdAt)}</time> · {formatBytes(release.size)} ·{' '}
                    {RELEASE_MSG.releaseDownloads(release.downloads)}
                  </span>
                </div>
                {release.changelog ? <LinkifiedText text={release.changelog} className="text-sm text-fg/90" /> : null}
                {/* The checksum notation 'sha256:' keeps the page's one 'SHA-256' label for the current APK. */}
                <p className="font-mono text-[0.7rem] break-all text-muted">sha256:{release.sha256}</p>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <button
                    type="button"
                    className="text-sm underline underline-offset-4 hover:text-muted"
                    onClick={() => setDownloading(release)}
                    aria-label={`Download ${label}`}
                  >
                    Download
                  </button>
                  {renderAction?.(release, label)}
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      {downloaded ? <ActivateGuide onDismiss={() => setDownloaded(false)} /> : null}
      <ConfirmDialog
        open={downloading !== null}
        onOpenChange={(open) => (open ? undefined : setDownloading(null))}
        title="Download APK"
        description={INSTALL_MSG.downloadDisclaimer}
        confirmLabel="Download"
        onConfirm={handleConfirm}
        destructive
      />
    </section>
  );
}
