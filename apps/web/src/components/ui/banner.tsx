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
  // The live region holds the icon and the message only: a Dismiss button inside it would be read
  // out as part of the message. A focusable banner's live region is also what takes focus, so the
  // element that is focused is the announced one; the strip shows the focus ring around both.
  return (
    <div
      className={cn(
        'flex items-start gap-3 rounded-2xl border px-4 py-3 text-sm has-[[data-banner-message]:focus-visible]:outline-2 has-[[data-banner-message]:focus-visible]:outline-offset-2 has-[[data-banner-message]:focus-visible]:outline-white',
        tones[tone],
        className,
      )}
    >
      <div ref={ref} tabIndex={focusable ? -1 : undefined} role={role} data-banner-message="" className="flex min-w-0 flex-1 scroll-mt-24 items-start gap-3 outline-none">
        <Icon size={18} className="mt-0.5 shrink-0" aria-hidden="true" />
        <div className="min-w-0 flex-1 break-words">{children}</div>
      </div>
      {onDismiss ? (
        <button type="button" onClick={onDismiss} className="-my-1 rounded-full px-2 py-1 text-xs underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
