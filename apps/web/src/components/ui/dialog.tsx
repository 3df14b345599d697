import { lazy, Suspense, type ReactNode } from 'react';
import { useOpenedOnce } from './use-opened-once.ts';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned on wide screens. */
  footer?: ReactNode;
  className?: string;
  /** Hide the close (X) button, e.g. while an action is running. */
  hideClose?: boolean;
  /** 'sheet': anchored to the bottom edge, full width (a phone's filters, in reach of the thumb). */
  placement?: 'center' | 'sheet';
}

// Radix Dialog and its focus trap, scroll lock and portal are ~15 KB gzip that no page needs before a
// dialog opens: they load on the first open.
const DialogContent = lazy(() => import('./dialog-content.tsx'));

export { useOpenedOnce };

/** A modal dialog (Radix): focus is trapped inside, Escape and the close button close it. */
export function Dialog(props: DialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <DialogContent {...props} />
    </Suspense>
  );
}
