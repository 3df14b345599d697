import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

// A toast's look and timer load with the first toast; the live region is in the page
// from the start, so screen readers announce what is added to it.
const ToastView = lazy(() => import('./toast-view.tsx').then((m) => ({ default: m.ToastView })));

export type ToastTone = 'success' | 'error' | 'info';

/** A link shown after the message (a plain anchor: the toasts sit outside the router). */
export interface ToastLink {
  href: string;
  label: string;
}

export interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
  link?: ToastLink;
}

export interface ToastApi {
  /** Shows a message for a few seconds (errors stay longer). Returns its id. */
  show: (message: string, tone?: ToastTone, link?: ToastLink) => number;
  success: (message: string, link?: ToastLink) => number;
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

/** Holds the toasts and renders them in a polite live region at the bottom of the screen. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback((message: string, tone: ToastTone = 'info', link?: ToastLink) => {
    const id = nextId.current++;
    setToasts((list) => [...list.slice(-3), link ? { id, message, tone, link } : { id, message, tone }]);
    return id;
  }, []);
  const api = useMemo<ToastApi>(
    () => ({ show, dismiss, success: (m, link) => show(m, 'success', link), error: (m) => show(m, 'error') }),
    [show, dismiss],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <section aria-label="Notifications" className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex justify-center p-4 sm:justify-end">
        <ol aria-live="polite" aria-relevant="additions text" className="flex w-full max-w-sm flex-col gap-2">
          <Suspense fallback={null}>
            {toasts.map((toast) => (
              <ToastView key={toast.id} toast={toast} onDismiss={dismiss} />
            ))}
          </Suspense>
        </ol>
      </section>
    </ToastContext.Provider>
  );
}
