import { useState, type ReactNode } from 'react';
import { MAX_CHANGELOG, MAX_RELEASE_NOTE, type UploadedFile, COMMON_MSG, RELEASE_MSG } from '@glyphary/shared';
import { Banner, Button, Dialog, Textarea, useToast } from '../../../components/ui/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePublishRelease } from '../api/publish-release.ts';
import { diffReports, signerChanged, signerSet, type ApkReportLike } from './apk-diff.ts';
import { Fingerprints } from './fingerprints.tsx';

/** The APK picker the route passes in (features do not import each other). */
export type RenderApkUpload = (props: { value: UploadedFile[]; onChange: (files: UploadedFile[]) => void; onBusyChange: (busy: boolean) => void; label: string }) => ReactNode;

function DiffList({ title, items, tone }: { title: string; items: string[]; tone: 'added' | 'removed' }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h4 className="text-xs font-medium tracking-wider text-muted uppercase">{title}</h4>
      <ul className="mt-1 flex flex-col gap-0.5 font-mono text-xs">
        {items.map((item) => (
          <li key={item}>
            <span aria-hidden="true">{tone === 'added' ? '+ ' : '− '}</span>
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the new APK is and how it differs from the previous release (issue 15 reports). */
function UploadedReport({ next, previous }: { next: ApkReportLike | undefined; previous: ApkReportLike | undefined }) {
  if (!next) return null;
  const diff = previous ? diffReports(previous, next) : null;
  const changed = diff && Object.values(diff).some((list) => list.length > 0);
  return (
    <section aria-labelledby="diff-heading" className="flex flex-col gap-2 rounded-2xl border border-line p-3 text-sm">
      <p>
        <span className="font-medium">{next.packageName}</span> {next.versionName ?? ''} {typeof next.versionCode === 'number' ? `(${RELEASE_MSG.versionCodeName(next.versionCode)})` : ''}
      </p>
      <h3 id="diff-heading" className="font-medium">
        {RELEASE_MSG.diffHeading}
      </h3>
      {!diff ? <p className="text-muted">{RELEASE_MSG.diffNoReport}</p> : null}
      {diff && !changed ? <p className="text-muted">{RELEASE_MSG.diffNoChanges}</p> : null}
      {diff ? (
        <>
          <DiffList title="New permissions" items={diff.addedPermissions} tone="added" />
          <DiffList title="Removed permissions" items={diff.removedPermissions} tone="removed" />
          <DiffList title="New toys" items={diff.addedToys} tone="added" />
          <DiffList title="Removed toys" items={diff.removedToys} tone="removed" />
        </>
      ) : null}
    </section>
  );
}

/** Said before Publish: the new file is signed by another key, and what happens next (issue 48). */
function KeyChangeNotice({ previous, next }: { previous: ApkReportLike; next: ApkReportLike }) {
  return (
    <section aria-labelledby="key-change-heading" className="flex flex-col gap-2 rounded-2xl border border-accent p-3 text-sm">
      <h3 id="key-change-heading" className="font-medium">
        {RELEASE_MSG.keyChangeHeading}
      </h3>
      <p>{RELEASE_MSG.keyChangeBody}</p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
        <Fingerprints label={RELEASE_MSG.keyChangeCurrent} values={signerSet(previous)} />
        <Fingerprints label={RELEASE_MSG.keyChangeNew} values={signerSet(next)} />
      </dl>
    </section>
  );
}

/**
 * 'Publish an update' (issue 18): the creator uploads the new APK, sees its report and the diff
 * against the previous release, writes the changelog and publishes; refusals show the server's reason.
 */
export function PublishUpdateDialog({
  glyphId,
  previousReport,
  renderApkUpload,
  open: controlledOpen,
  onOpenChange,
}: {
  glyphId: string;
  previousReport: ApkReportLike | undefined;
  renderApkUpload: RenderApkUpload;
  /** Controlled by the page when another control opens it too (the Edit Glyph dialog). */
  open?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [changelog, setChangelog] = useState('');
  const [note, setNote] = useState('');
  const publish = usePublishRelease(glyphId);
  const toast = useToast();
  const file = files[0];
  const report = file?.apk ?? undefined;
  const tooLong = changelog.length > MAX_CHANGELOG;
  const noteTooLong = note.length > MAX_RELEASE_NOTE;
  const keyChanged = signerChanged(previousReport, report);

  function reset(next: boolean) {
    setOpen(next);
    if (!next) {
      setFiles([]);
      setChangelog('');
      setNote('');
      publish.reset();
    }
  }

  function handlePublish() {
    if (!file) return;
    publish.mutate(
      { apkUrl: file.url, changelog, ...(keyChanged && note.trim() ? { note } : {}) },
      {
        onSuccess: (result) => {
          if (result.message) toast.show(result.message, 'info');
          else toast.success(RELEASE_MSG.published(result.release.versionName ?? 'Update'));
          reset(false);
        },
      },
    );
  }

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {COMMON_MSG.publishUpdate}
      </Button>
      <Dialog
        open={open}
        onOpenChange={reset}
        title={COMMON_MSG.publishUpdate}
        description={RELEASE_MSG.publishUpdateHint}
        footer={
          <Button onClick={handlePublish} disabled={!file || busy || tooLong || (keyChanged && noteTooLong) || publish.isPending}>
            {publish.isPending ? RELEASE_MSG.publishing : keyChanged ? RELEASE_MSG.publishForReview : RELEASE_MSG.publishButton}
          </Button>
        }
      >
        {renderApkUpload({ value: files, onChange: setFiles, onBusyChange: setBusy, label: 'New APK' })}
        {keyChanged && previousReport && report ? <KeyChangeNotice previous={previousReport} next={report} /> : null}
        <UploadedReport next={report} previous={previousReport} />
        <Textarea
          label={RELEASE_MSG.publishChangelogLabel}
          hint={RELEASE_MSG.publishChangelogHint}
          value={changelog}
          onChange={(event) => setChangelog(event.target.value)}
          error={tooLong ? RELEASE_MSG.releaseChangelogTooLong : null}
          rows={5}
        />
        {keyChanged ? (
          <Textarea
            label={RELEASE_MSG.reviewNoteLabel}
            hint={RELEASE_MSG.reviewNoteHint}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            error={noteTooLong ? RELEASE_MSG.releaseNoteTooLong : null}
            rows={3}
          />
        ) : null}
        {publish.isError ? <Banner tone="error">{errorMessage(publish.error, COMMON_MSG.internal)}</Banner> : null}
      </Dialog>
    </>
  );
}
