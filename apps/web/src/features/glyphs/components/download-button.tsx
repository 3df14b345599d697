import { Download } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '@glyphary/shared';
import { Button, ConfirmDialog } from '../../../components/ui/index.ts';
import { ActivateGuide } from '../../../components/activate-guide.tsx';

/**
 * The APK download: a disclaimer dialog first (spec §4, §9); on confirmation the browser downloads
 * the file (the server names it from the title) and `onDownloaded` records it.
 */
export function DownloadButton({ apkUrl, onDownloaded }: { apkUrl: string; onDownloaded: () => void }) {
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
        description={MSG.downloadDisclaimer}
        confirmLabel="Download"
        onConfirm={handleConfirm}
        destructive
      />
      {downloaded ? (
        <div className="basis-full">
          <ActivateGuide onDismiss={() => setDownloaded(false)} />
        </div>
      ) : null}
    </>
  );
}
