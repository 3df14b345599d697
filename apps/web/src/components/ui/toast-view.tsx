import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { XIcon as X } from './shell-icons.tsx';
import type { ToastItem } from './toast.tsx';

/** One toast: dismissed after a few seconds (errors stay longer), paused while pointed at or focused. */
export function ToastView({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => onDismiss(toast.id), toast.tone === 'error' ? 8000 : 5000);
    return () => window.clearTimeout(timer);
  }, [paused, toast, onDismiss]);
  return (
    <li
      className={cn(
        'pointer-events-auto flex w-full animate-fade-up items-start gap-3 rounded-2xl border bg-overlay px-4 py-3 text-sm shadow-2xl',
        toast.tone === 'success' && 'border-success/60',
        toast.tone === 'error' && 'border-accent/70',
        toast.tone === 'info' && 'border-line-strong',
      )}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span
        aria-hidden="true"
        className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', toast.tone === 'success' ? 'bg-success' : toast.tone === 'error' ? 'bg-accent' : 'bg-white')}
      />
      <p className="min-w-0 flex-1 break-words text-fg">
        {toast.message}
        {toast.link ? (
          <>
            {' '}
            <a href={toast.link.href} className="font-medium underline underline-offset-2">
              {toast.link.label}
            </a>
          </>
        ) : null}
      </p>
      <button type="button" onClick={() => onDismiss(toast.id)} aria-label="Dismiss notification" className="-m-1 rounded-full p-1 text-muted hover:text-fg">
        <X size={16} aria-hidden="true" />
      </button>
    </li>
  );
}
