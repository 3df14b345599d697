import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { cn } from '../../lib/cn.ts';

export type BannerTone = 'success' | 'error' | 'info';

const tones: Record<BannerTone, string> = {
  success: 'border-success/60 bg-success-bg text-success-text',
  error: 'border-accent/70 bg-danger-bg text-accent-text',
  info: 'border-line-strong bg-raised text-fg',
};

/**
 * A message strip: success is green (role=status), error is red (role=alert, announced at once).
 * `ref` + `focusable` let a form move focus to its error (lib/use-form-error.ts).
 */
export function Banner({
  tone,
  children,
  className,
  onDismiss,
  ref,
  focusable = false,
}: {
  tone: BannerTone;
  children: ReactNode;
  className?: string;
  onDismiss?: () => void;
  ref?: Ref<HTMLDivElement>;
  focusable?: boolean;
}) {
  const Icon = tone === 'success' ? CircleCheck : tone === 'error' ? CircleAlert : Info;
  const role = tone === 'error' ? 'alert' : 'status';
  // A focusable banner is itself the live region, so the element that takes focus is the announced one.
  return (
    <div
      ref={ref}
      tabIndex={focusable ? -1 : undefined}
      role={focusable ? role : undefined}
      className={cn('flex scroll-mt-24 items-start gap-3 rounded-2xl border px-4 py-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white', tones[tone], className)}
    >
      <Icon size={18} className="mt-0.5 shrink-0" aria-hidden="true" />
      <div role={focusable ? undefined : role} className="min-w-0 flex-1 break-words">
        {children}
      </div>
      {onDismiss ? (
        <button type="button" onClick={onDismiss} className="-my-1 rounded-full px-2 py-1 text-xs underline">
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
