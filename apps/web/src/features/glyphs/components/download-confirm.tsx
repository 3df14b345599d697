import { APK_MSG, type ApkReport, INSTALL_MSG, signerName } from '@glyphary/shared';
import ConfirmDialogContent from '../../../components/ui/confirm-dialog-content.tsx';
import { CodeFindingsSummary } from './code-findings.tsx';

/**
 * The download disclaimer (spec §4, §9), loaded on the first click of Download APK with the dialog
 * itself (one chunk, as ConfirmDialog's own content would be): a visitor who only looks never loads it.
 */
export function DownloadConfirm({
  open,
  onOpenChange,
  apk,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  apk: ApkReport | null;
  onConfirm: () => void;
}) {
  const signer = apk?.signers[0] ?? null;
  return (
    <ConfirmDialogContent
      open={open}
      onOpenChange={onOpenChange}
      title="Download APK"
      description={
        apk ? (
          <>
            {INSTALL_MSG.downloadDisclaimer}
            {/* Issue 15: what to check the downloaded file against. */}
            <span className="mt-2 block font-mono text-xs break-all">SHA-256: {apk.sha256}</span>
            {/* In the same plain words as the toy page: who signed it, not a raw DN (kept as the tooltip). */}
            <span className="mt-1 block font-mono text-xs break-all" title={signer?.subject}>
              Signer: {signer ? `${APK_MSG.selfSignedBy(signerName(signer.subject))} (SHA-256 ${signer.sha256})` : 'unsigned'}
            </span>
            <CodeFindingsSummary report={apk} />
          </>
        ) : (
          INSTALL_MSG.downloadDisclaimer
        )
      }
      confirmLabel="Download"
      onConfirm={onConfirm}
      destructive
    />
  );
}
