import { XIcon as X } from './shell-icons.tsx';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export type ToastTone = 'success' | 'error' | 'info';

interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

export interface ToastApi {
  /** Shows a message for a few seconds (errors stay longer). Returns its id. */
  show: (message: string, tone?: ToastTone) => number;
  success: (message: string) => number;
  error: (message: string) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Access to the toast system (the app's replacement for window.alert). */
export function useToast(): ToastApi {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used within a ToastProvider');
  return context;
}

function ToastView({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
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
      <p className="min-w-0 flex-1 break-words text-fg">{toast.message}</p>
      <button type="button" onClick={() => onDismiss(toast.id)} aria-label="Dismiss notification" className="-m-1 rounded-full p-1 text-muted hover:text-fg">
        <X size={16} aria-hidden="true" />
      </button>
    </li>
  );
}

/** Holds the toasts and renders them in a polite live region at the bottom of the screen. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback((message: string, tone: ToastTone = 'info') => {
    const id = nextId.current++;
    setToasts((list) => [...list.slice(-3), { id, message, tone }]);
    return id;
  }, []);
  const api = useMemo<ToastApi>(
    () => ({ show, dismiss, success: (m) => show(m, 'success'), error: (m) => show(m, 'error') }),
    [show, dismiss],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <section aria-label="Notifications" className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex justify-center p-4 sm:justify-end">
        <ol aria-live="polite" aria-relevant="additions text" className="flex w-full max-w-sm flex-col gap-2">
          {toasts.map((toast) => (
            <ToastView key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}
