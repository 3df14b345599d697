import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';

/**
 * One row of filter buttons (issue 17: browse/search filters, the request board's status). On a phone
 * the row scrolls sideways instead of wrapping: three wrapped groups pushed the list itself below the
 * first screen. The short visible `title` says what the row filters; `label` names the group for
 * assistive technology. The padding keeps the buttons' focus outline inside the scrolling box.
 */
export function FilterRow({ label, title, children, wrap = false }: { label: string; title: string; children: ReactNode; wrap?: boolean }) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cn('-mx-1.5 flex items-center gap-2 p-1.5', wrap ? 'flex-wrap' : 'overflow-x-auto [scrollbar-width:thin] sm:flex-wrap sm:overflow-visible')}
    >
      <span aria-hidden="true" className="w-20 shrink-0 text-xs font-medium tracking-wider text-subtle uppercase">
        {title}
      </span>
      {children}
    </div>
  );
}

/** Pick one of `options` (toggle buttons with aria-pressed); `undefined` is the "any" choice. */
export function SingleChoiceRow<T extends string>({
  label,
  title,
  options,
  value,
  onChange,
  wrap,
}: {
  label: string;
  title: string;
  wrap?: boolean;
  options: ReadonlyArray<{ value: T | undefined; label: string }>;
  value: T | undefined;
  onChange: (next: T | undefined) => void;
}) {
  return (
    <FilterRow label={label} title={title} wrap={wrap}>
      {options.map((option) => (
        <Button
          key={option.label}
          size="sm"
          variant={value === option.value ? 'secondary' : 'outline'}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className="shrink-0"
        >
          {option.label}
        </Button>
      ))}
    </FilterRow>
  );
}
