import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export const controlClasses =
  'w-full rounded-2xl border border-line-strong bg-surface px-4 py-3 text-base text-fg placeholder:text-subtle transition-colors hover:border-muted focus-visible:border-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-accent-text';

export interface FieldRenderProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/** Label + control + hint + error, wired for assistive technology. Used by Input, Textarea and friends. */
export function Field({
  label,
  hint,
  error,
  id: givenId,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
  className?: string;
  children: (props: FieldRenderProps) => ReactNode;
}) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-accent-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
