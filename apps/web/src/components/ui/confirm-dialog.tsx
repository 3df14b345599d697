import { lazy, Suspense, type ReactNode } from 'react';
import { useOpenedOnce } from './use-opened-once.ts';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** Label while `pending` (e.g. 'Deleting...'). */
  pendingLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  pending?: boolean;
  destructive?: boolean;
  children?: ReactNode;
}

// The dialog and its buttons load when it first opens: pages show a confirmation only
// after a click (the glyph page's download disclaimer, the creator's delete).
const ConfirmDialogContent = lazy(() => import('./confirm-dialog-content.tsx'));

/** Asks before an irreversible action (spec §5 "Confirmations are asked before…"). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogContent {...props} />
    </Suspense>
  );
}
