import { lazy, Suspense, useSyncExternalStore } from 'react';
import { RELEASE_MSG } from '@glyphary/shared';
import { GetUpdatesButton } from '../../install/index.ts';
import { Link } from '../../../lib/router.tsx';
import { paths } from '../../../config/paths.ts';

const QrCode = lazy(() => import('../../../components/qr-code.tsx'));
// Tailwind's lg breakpoint: a desktop-sized screen, where the phone is a second device.
const DESKTOP = '(min-width: 1024px)';
const EXTERNAL_REL = 'noopener noreferrer nofollow ugc';

function subscribeDesktop(onChange: () => void): () => void {
  const query = window.matchMedia(DESKTOP);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen is desktop-sized; false while pre-rendering on the server (no QR there). */
function useIsDesktop(): boolean {
  return useSyncExternalStore(
    subscribeDesktop,
    () => window.matchMedia(DESKTOP).matches,
    () => false,
  );
}

/** A GitHub repository URL, the kind Obtainium tracks releases of. */
function isGitHubRepo(url: string | null): url is string {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname === 'github.com' && parsed.pathname.split('/').filter(Boolean).length >= 2;
  } catch {
    return false;
  }
}

/**
 * Getting the toy onto the phone (issue 18): on desktop a QR code of this page, the stable
 * latest-APK link, the releases feed, and "Get updates" (F-Droid repository, Obtainium via Glyphary) for toys
 * with an APK; 'Add to Obtainium' via GitHub only for source-only toys.
 */
export function InstallOnPhone({ glyphId, githubUrl, hasApk, packageName = null }: { glyphId: string; githubUrl: string | null; hasApk: boolean; packageName?: string | null }) {
  const desktop = useIsDesktop();
  // Only read in the browser: the QR code is never pre-rendered (useIsDesktop is false there).
  const pageUrl = desktop ? `${window.location.origin}/glyph/${glyphId}` : '';
  return (
    <section aria-labelledby="install-heading" className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 text-sm">
      <h2 id="install-heading" className="font-medium">
        {RELEASE_MSG.installHeading}
      </h2>
      <div className="flex flex-wrap items-start gap-4">
        {desktop && pageUrl ? (
          <figure className="flex flex-col items-center gap-2">
            <Suspense fallback={<div className="h-44 w-44 animate-pulse rounded-lg bg-raised" aria-hidden="true" />}>
              <QrCode value={pageUrl} label={`QR code of ${pageUrl}`} />
            </Suspense>
            <figcaption className="max-w-44 text-center text-xs text-muted">{RELEASE_MSG.installQrCaption}</figcaption>
          </figure>
        ) : null}
        <ul className="flex flex-col gap-2">
          {hasApk ? (
            <li>
              <a href={`/api/glyphs/${glyphId}/latest.apk`} className="underline underline-offset-4 hover:text-muted">
                {RELEASE_MSG.latestApkLink}
              </a>
            </li>
          ) : null}
          {hasApk ? (
            <li>
              <GetUpdatesButton glyphId={glyphId} packageName={packageName} />
            </li>
          ) : isGitHubRepo(githubUrl) ? (
            // Source-only toys: Obtainium can still follow the creator's GitHub releases.
            <li>
              <a href={`obtainium://add/${githubUrl}`} rel={EXTERNAL_REL} className="underline underline-offset-4 hover:text-muted">
                {RELEASE_MSG.addToObtainium}
              </a>
            </li>
          ) : null}
          <li>
            <Link to={paths.install} className="underline underline-offset-4 hover:text-muted">
              How to install and update
            </Link>
          </li>
          <li>
            <a href={`/glyph/${glyphId}/releases.atom`} type="application/atom+xml" className="underline underline-offset-4 hover:text-muted">
              {RELEASE_MSG.releasesFeed}
            </a>
          </li>
        </ul>
      </div>
    </section>
  );
}
