import { lazy, Suspense } from 'react';
import { useRepository } from '../api/get-repository.ts';

const QrCode = lazy(() => import('../../../components/qr-code.tsx'));

/** Texts of the Install page and the "Get updates" dialog (issue 49). */
export const INSTALL_MSG = {
  pageTitle: 'Install on your phone',
  intro: 'Glyphary is an F-Droid repository: add it once to F-Droid, Droid-ify or Neo Store and every Glyph Toy installs and updates from there. Obtainium follows single toys.',
  addButton: 'Add the Glyphary repository',
  httpsLabel: 'Repository link',
  qrCaption: 'Scan with your phone to add the repository.',
  fingerprintLabel: 'Signing key fingerprint (SHA-256)',
  fingerprintHint: 'Your app shows this when you add the repository: it must match exactly.',
  loading: 'Loading the repository details…',
  failed: 'The repository details could not be loaded. Try again in a moment.',
  fdroidHeading: 'F-Droid, Droid-ify or Neo Store',
  fdroidSteps: [
    'Open this page on your phone and tap "Add the Glyphary repository" (or scan the QR code).',
    'Check that the fingerprint your app shows matches the one here, then add the repository.',
    'Search for a toy and install it; updates arrive with your other apps.',
  ],
  obtainiumHeading: 'Obtainium',
  obtainiumSteps: [
    'On a glyph\'s page, tap "Get updates" and then "Add to Obtainium".',
    'Obtainium checks Glyphary for new versions of that toy and installs them when you confirm.',
  ],
  openToy: 'Open this toy in your store app',
  addToObtainium: 'Add to Obtainium',
  afterInstall: 'After installing, switch the toy on in Settings → Glyph Interface → Glyph Toys.',
} as const;

const linkClass = 'underline underline-offset-4 hover:text-muted';

/** A fingerprint in groups of two hex digits, as F-Droid shows it. */
const grouped = (fingerprint: string) => fingerprint.replace(/(..)(?!$)/g, '$1 ');

/**
 * How to get Glyphary's toys onto a phone and keep them current: the repository link (fdroidrepos://
 * and https), its QR code and fingerprint, short steps per app. With a toy, its own links come first.
 */
export function InstallChoices({ toy, headingLevel = 2 }: { toy?: { glyphId: string; packageName: string | null }; headingLevel?: 2 | 3 }) {
  const repository = useRepository();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (repository.isPending) return <p className="text-sm text-muted">{INSTALL_MSG.loading}</p>;
  if (repository.isError) return <p role="alert" className="text-sm text-accent-text">{INSTALL_MSG.failed}</p>;
  const { addUrl, shareUrl, fingerprint } = repository.data;
  const origin = new URL(repository.data.address).origin;
  return (
    <div className="flex flex-col gap-6 text-sm">
      {toy ? (
        <ul className="flex flex-col gap-2">
          {toy.packageName ? (
            <li>
              {/* market:// opens the toy in whichever store app has the repository. */}
              <a href={`market://details?id=${encodeURIComponent(toy.packageName)}`} className={linkClass}>
                {INSTALL_MSG.openToy}
              </a>
            </li>
          ) : null}
          <li>
            <a href={`obtainium://add/${origin}/api/glyphs/${toy.glyphId}/latest.apk`} className={linkClass}>
              {INSTALL_MSG.addToObtainium}
            </a>
          </li>
        </ul>
      ) : null}
      <div className="flex flex-wrap items-start gap-6">
        <figure className="flex flex-col items-center gap-2">
          <Suspense fallback={<div className="h-44 w-44 animate-pulse rounded-lg bg-raised" aria-hidden="true" />}>
            <QrCode value={shareUrl} label={`QR code of ${shareUrl}`} />
          </Suspense>
          <figcaption className="max-w-44 text-center text-xs text-muted">{INSTALL_MSG.qrCaption}</figcaption>
        </figure>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <a href={addUrl} className="inline-flex h-11 w-fit items-center rounded-full bg-accent px-5 font-medium text-white hover:bg-accent-hover">
            {INSTALL_MSG.addButton}
          </a>
          <p>
            <span className="text-muted">{INSTALL_MSG.httpsLabel}: </span>
            <a href={shareUrl} className={`${linkClass} break-all`}>
              {shareUrl}
            </a>
          </p>
          <div>
            <p className="text-muted" id="fingerprint-label">
              {INSTALL_MSG.fingerprintLabel}
            </p>
            <code aria-labelledby="fingerprint-label" className="block font-mono text-xs break-all" data-fingerprint={fingerprint}>
              {grouped(fingerprint)}
            </code>
            <p className="text-xs text-muted">{INSTALL_MSG.fingerprintHint}</p>
          </div>
        </div>
      </div>
      <section className="flex flex-col gap-2">
        <Heading className="font-medium">{INSTALL_MSG.fdroidHeading}</Heading>
        <ol className="list-decimal pl-5">
          {INSTALL_MSG.fdroidSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <section className="flex flex-col gap-2">
        <Heading className="font-medium">{INSTALL_MSG.obtainiumHeading}</Heading>
        <ol className="list-decimal pl-5">
          {INSTALL_MSG.obtainiumSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <p className="text-muted">{INSTALL_MSG.afterInstall}</p>
    </div>
  );
}
