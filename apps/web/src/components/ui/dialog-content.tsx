import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef } from 'react';
import { cn } from '../../lib/cn.ts';
import type { DialogProps } from './dialog.tsx';

/** The Radix dialog behind {@link Dialog}, loaded the first time a dialog opens. */
export default function DialogContent({ open, onOpenChange, title, description, children, footer, className, hideClose, placement = 'center' }: DialogProps) {
  // Our dialogs open from plain buttons, not Radix triggers, so Radix has nowhere to return focus on
  // close: the element that had focus when the dialog opened (its opener) gets it back.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/75 backdrop-blur-sm" />
        <DialogPrimitive.Content
          data-placement={placement}
          className={cn(
            'fixed z-50 flex flex-col gap-4 overflow-hidden border border-line bg-surface shadow-2xl',
            placement === 'sheet'
              ? 'inset-x-0 bottom-0 max-h-[85dvh] w-full rounded-t-[var(--radius-card)] border-b-0 p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))]'
              : 'top-1/2 left-1/2 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-[var(--radius-card)] p-6',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <DialogPrimitive.Title className="font-display text-xl font-bold">{title}</DialogPrimitive.Title>
            {hideClose ? null : (
              <DialogPrimitive.Close
                aria-label="Close"
                className="-mt-1 -mr-2 flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-raised hover:text-fg"
              >
                <X size={18} aria-hidden="true" />
              </DialogPrimitive.Close>
            )}
          </div>
          {/* The body scrolls and the actions stay in view, however tall the content (issue 48). The
              padding keeps focus rings inside the scrolling box, which clips. */}
          <div className="-mx-1 flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-1 py-1">
            {description ? <DialogPrimitive.Description className="text-sm text-muted">{description}</DialogPrimitive.Description> : null}
            {children}
          </div>
          {footer ? (
            <div className={cn('flex shrink-0 flex-col-reverse gap-2 sm:flex-row sm:justify-end', placement === 'sheet' && '-mx-5 -mb-5 border-t border-line bg-surface p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))]')}>{footer}</div>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
