import { Download } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { type ApkReport, COMMON_MSG } from '@glyphary/shared';
import { Button, ConfirmDialog } from '../../../components/ui/index.ts';

// How to turn the toy on shows only after a download (a click): it loads then, not with the page.
const ActivateGuide = lazy(() => import('../../../components/activate-guide.tsx').then((m) => ({ default: m.ActivateGuide })));

/**
 * The APK download: a disclaimer dialog first (spec §4, §9); on confirmation the browser downloads
 * the file (the server names it from the title) and `onDownloaded` records it.
 */
export function DownloadButton({ apkUrl, onDownloaded, apk = null }: { apkUrl: string; onDownloaded: () => void; apk?: ApkReport | null }) {
  const signer = apk?.signers[0] ?? null;
  const [open, setOpen] = useState(false);
  // Issue 18: after a download, how to turn the toy on.
  const [downloaded, setDownloaded] = useState(false);
  function handleConfirm() {
    setOpen(false);
    setDownloaded(true);
    const link = document.createElement('a');
    link.href = apkUrl;
    link.download = '';
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    onDownloaded();
  }
  return (
    <>
      <Button size="lg" onClick={() => setOpen(true)}>
        <Download size={18} aria-hidden="true" />
        Download APK
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Download APK"
        description={
          apk ? (
            <>
              {COMMON_MSG.downloadDisclaimer}
              {/* Issue 15: what to check the downloaded file against. */}
              <span className="mt-2 block font-mono text-xs break-all">SHA-256: {apk.sha256}</span>
              <span className="mt-1 block font-mono text-xs break-all">
                Signer: {signer ? `${signer.subject} (SHA-256 ${signer.sha256})` : 'unsigned'}
              </span>
            </>
          ) : (
            COMMON_MSG.downloadDisclaimer
          )
        }
        confirmLabel="Download"
        onConfirm={handleConfirm}
        destructive
      />
      {downloaded ? (
        <div className="basis-full">
          <Suspense fallback={null}>
            <ActivateGuide onDismiss={() => setDownloaded(false)} />
          </Suspense>
        </div>
      ) : null}
    </>
  );
}
