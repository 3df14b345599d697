import { lazy, Suspense, useState } from 'react';
import { Flag } from 'lucide-react';
import type { ReportTargetType } from '@glyphary/shared';
import { Button } from '../../../components/ui/button.tsx';

// The form loads when someone first opens it: pages show Report buttons to everyone,
// few people report.
const loadDialog = () => import('./report-dialog.tsx');
const ReportDialog = lazy(() => loadDialog().then((m) => ({ default: m.ReportDialog })));

export interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: string;
  /** What is reported, for the dialog title ('glyph', 'request', 'user', 'comment'). */
  label?: string;
  /** Signed out: the button sends people to log in instead. */
  onSignInRequired?: () => void;
  signedIn: boolean;
  size?: 'sm' | 'md';
  /** The button's accessible name when the page has several Report buttons (e.g. 'Report version 1.2'). */
  accessibleName?: string;
}

/** 'Report' and its dialog: a reason and details, sent to the moderation queue (issue 19). */
export function ReportButton({ targetType, targetId, label = targetType, onSignInRequired, signedIn, size = 'md', accessibleName }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  // Each opening starts a fresh form.
  const [opened, setOpened] = useState(0);

  function handleOpen() {
    if (!signedIn) {
      onSignInRequired?.();
      return;
    }
    setOpened((n) => n + 1);
    setOpen(true);
  }

  return (
    <>
      <Button variant="ghost" size={size} onClick={handleOpen} onPointerEnter={() => void loadDialog()} onFocus={() => void loadDialog()} aria-label={accessibleName}>
        <Flag size={16} aria-hidden="true" />
        Report
      </Button>
      {opened > 0 ? (
        <Suspense fallback={null}>
          <ReportDialog key={opened} open={open} onOpenChange={setOpen} targetType={targetType} targetId={targetId} label={label} />
        </Suspense>
      ) : null}
    </>
  );
}
