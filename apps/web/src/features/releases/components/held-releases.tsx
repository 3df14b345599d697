import { RELEASE_MSG } from '@glyphary/shared';
import { Banner } from '../../../components/ui/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useHeldReleases } from '../api/get-releases.ts';

/**
 * The creator's own updates held for an admin's review of a signing key change (issue 48): after
 * 'Publish for review' the page says what is waiting, instead of showing nothing.
 */
export function HeldReleases({ glyphId }: { glyphId: string }) {
  const query = useHeldReleases(glyphId, true);
  if (query.isError) return <Banner tone="error">{errorMessage(query.error, RELEASE_MSG.heldLoadFailed)}</Banner>;
  if (!query.data || query.data.length === 0) return null;
  return (
    <section aria-labelledby="held-heading" className="flex flex-col gap-3 rounded-2xl border border-accent bg-surface p-4 text-sm">
      <h2 id="held-heading" className="font-medium">
        {RELEASE_MSG.heldHeading}
      </h2>
      <ul className="flex flex-col gap-3">
        {query.data.map((release) => (
          <li key={release.id} className="flex flex-col gap-1">
            <p>{RELEASE_MSG.heldBody(release.versionName)}</p>
            {release.note ? (
              <p className="text-muted">
                {RELEASE_MSG.heldNote}: {release.note}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
