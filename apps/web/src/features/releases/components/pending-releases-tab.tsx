import { useState } from 'react';
import { Link } from '../../../lib/router.tsx';
import { formatDate, MAX_RELEASE_NOTE, RELEASE_MSG } from '@glyphary/shared';
import { Banner, Button, ConfirmDialog, Skeleton, Textarea, useToast } from '../../../components/ui/index.ts';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDecideRelease, usePendingReleases, type PendingRelease } from '../api/pending-releases.ts';
import { Fingerprints } from './fingerprints.tsx';

/** A release's name in the queue: its versionName, else its version code. */
function versionOf(release: PendingRelease): string {
  return release.versionName ?? (release.versionCode !== null ? RELEASE_MSG.versionCodeName(release.versionCode) : RELEASE_MSG.unnamedRelease);
}

function PermissionDiff({ release }: { release: PendingRelease }) {
  const { addedPermissions: added, removedPermissions: removed } = release;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <h4 className="font-medium">{RELEASE_MSG.pendingPermissionsHeading}</h4>
      {added === null || removed === null ? <p className="text-muted">{RELEASE_MSG.pendingPermissionsUnknown}</p> : null}
      {added !== null && removed !== null && added.length === 0 && removed.length === 0 ? <p className="text-muted">{RELEASE_MSG.pendingPermissionsSame}</p> : null}
      {[
        { title: RELEASE_MSG.addedPermissions, items: added ?? [], sign: '+ ' },
        { title: RELEASE_MSG.removedPermissions, items: removed ?? [], sign: '− ' },
      ].map(({ title, items, sign }) =>
        items.length > 0 ? (
          <div key={title}>
            <p className="text-xs text-muted">{title}</p>
            <ul className="font-mono text-xs">
              {items.map((item) => (
                <li key={item}>
                  <span aria-hidden="true">{sign}</span>
                  {item}
                </li>
              ))}
            </ul>
          </div>
        ) : null,
      )}
    </div>
  );
}

/**
 * Admin tab 'Releases' (issue 18): updates held because their signing key differs from the previous
 * release, with both keys' fingerprints; Approve publishes with the 'Signing key changed' warning,
 * Reject keeps it unpublished. Both ask first.
 */
export function PendingReleasesTab() {
  const query = usePendingReleases();
  const decide = useDecideRelease();
  const toast = useToast();
  const [asking, setAsking] = useState<{ release: PendingRelease; decision: 'approve' | 'reject' } | null>(null);
  const [note, setNote] = useState('');
  const noteTooLong = note.length > MAX_RELEASE_NOTE;

  function handleConfirm() {
    if (!asking) return;
    const { release, decision } = asking;
    if (noteTooLong) return;
    decide.mutate({ ...asking, note }, {
      onSuccess: () => {
        setAsking(null);
        setNote('');
        toast.success(decision === 'approve' ? RELEASE_MSG.signerChangeApproved(versionOf(release)) : RELEASE_MSG.signerChangeRejected(versionOf(release)));
      },
      onError: (error) => {
        setAsking(null);
        toast.error(errorMessage(error, RELEASE_MSG.signerChangeDecisionFailed));
      },
    });
  }

  return (
    <section aria-labelledby="pending-releases-heading" className="flex flex-col gap-4">
      <h2 id="pending-releases-heading" className="font-display text-2xl font-bold">
        {RELEASE_MSG.pendingReleasesHeading}
      </h2>
      {query.isPending ? <Skeleton className="h-24 w-full" /> : null}
      {query.isError ? <Banner tone="error">{errorMessage(query.error, RELEASE_MSG.pendingReleasesLoadFailed)}</Banner> : null}
      {query.data && query.data.length === 0 ? <p className="text-sm text-muted">{RELEASE_MSG.pendingReleasesEmpty}</p> : null}
      {query.data && query.data.length > 0 ? (
        <ul className="flex flex-col gap-4">
          {query.data.map((release) => (
            <li key={release.id} className="rounded-[var(--radius-card)] border border-line bg-surface p-4">
              <article aria-labelledby={`pending-${release.id}`} className="flex flex-col gap-3">
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <h3 id={`pending-${release.id}`} className="font-medium">
                    <Link to={paths.glyph(release.glyphId)} className="underline underline-offset-2">
                      {release.glyphTitle}
                    </Link>{' '}
                    {versionOf(release)}
                  </h3>
                  <span className="text-sm text-muted">
                    {RELEASE_MSG.pendingBy} @{release.creatorUsername} · <time dateTime={release.createdAt}>{formatDate(release.createdAt)}</time>
                  </span>
                </div>
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
                  <Fingerprints label={RELEASE_MSG.pendingPreviousSigner} values={release.previousSignerSha256} />
                  <Fingerprints label={RELEASE_MSG.pendingNewSigner} values={release.signerSha256} />
                </dl>
                <PermissionDiff release={release} />
                <div className="flex flex-col gap-1 text-sm">
                  <h4 className="font-medium">{RELEASE_MSG.pendingCreatorNote}</h4>
                  {release.note ? <p className="whitespace-pre-line">{release.note}</p> : <p className="text-muted">{RELEASE_MSG.pendingNoNote}</p>}
                </div>
                <a href={release.apkUrl} download className="self-start text-sm underline underline-offset-4 hover:text-muted">
                  {RELEASE_MSG.pendingApkLink}
                  <span className="sr-only">
                    {' '}
                    {release.glyphTitle} {versionOf(release)}
                  </span>
                </a>
                <div className="flex flex-wrap gap-3">
                  <Button size="sm" onClick={() => setAsking({ release, decision: 'approve' })}>
                    {RELEASE_MSG.approveSignerChange}
                    <span className="sr-only">
                      {' '}
                      {release.glyphTitle} {versionOf(release)}
                    </span>
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setAsking({ release, decision: 'reject' })}>
                    {RELEASE_MSG.rejectSignerChange}
                    <span className="sr-only">
                      {' '}
                      {release.glyphTitle} {versionOf(release)}
                    </span>
                  </Button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(next) => {
          if (!next) {
            setAsking(null);
            setNote('');
          }
        }}
        title={asking?.decision === 'reject' ? RELEASE_MSG.rejectSignerChange : RELEASE_MSG.approveSignerChange}
        description={
          asking
            ? (asking.decision === 'approve' ? RELEASE_MSG.approveSignerChangeConfirm : RELEASE_MSG.rejectSignerChangeConfirm)(asking.release.glyphTitle, versionOf(asking.release))
            : ''
        }
        confirmLabel={asking?.decision === 'reject' ? RELEASE_MSG.rejectSignerChange : RELEASE_MSG.approveSignerChange}
        pendingLabel={asking?.decision === 'reject' ? RELEASE_MSG.rejectingSignerChange : RELEASE_MSG.approvingSignerChange}
        pending={decide.isPending}
        destructive={asking?.decision === 'reject'}
        onConfirm={handleConfirm}
      >
        <Textarea
          label={RELEASE_MSG.rejectNoteLabel}
          hint={RELEASE_MSG.rejectNoteHint}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          error={noteTooLong ? RELEASE_MSG.releaseNoteTooLong : null}
          rows={3}
        />
      </ConfirmDialog>
    </section>
  );
}
