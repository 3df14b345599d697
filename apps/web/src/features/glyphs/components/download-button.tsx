import { Download } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ApkReport } from '@glyphary/shared';
import { Button } from '../../../components/ui/index.ts';
import { useOpenedOnce } from '../../../components/ui/use-opened-once.ts';

// The disclaimer opens on a click: it loads then, with its dialog.
const DownloadConfirm = lazy(() => import('./download-confirm.tsx').then((m) => ({ default: m.DownloadConfirm })));
// How to turn the toy on shows only after a download (a click): it loads then, not with the page.
const ActivateGuide = lazy(() => import('../../../components/activate-guide.tsx').then((m) => ({ default: m.ActivateGuide })));

/**
 * The APK download: a disclaimer dialog first (spec §4, §9); on confirmation the browser downloads
 * the file (the server names it from the title) and `onDownloaded` records it.
 */
export function DownloadButton({ apkUrl, onDownloaded, apk = null }: { apkUrl: string; onDownloaded: () => void; apk?: ApkReport | null }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so the dialog can close (and animate) as before.
  const opened = useOpenedOnce(open);
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
      {opened ? (
        <Suspense fallback={null}>
          <DownloadConfirm open={open} onOpenChange={setOpen} apk={apk} onConfirm={handleConfirm} />
        </Suspense>
      ) : null}
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
