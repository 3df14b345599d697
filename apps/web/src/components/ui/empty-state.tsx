import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { DotMatrix } from './dot-matrix.tsx';

/** A centred "nothing here" block: dot-matrix mark, title, text and an optional action. */
export function EmptyState({
  title,
  description,
  action,
  className,
  headingLevel = 2,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={cn('flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed border-line px-6 py-12 text-center', className)}>
      <DotMatrix size={72} pattern="ring" />
      <Heading className="font-display text-xl font-bold">{title}</Heading>
      {description ? <p className="max-w-sm text-sm text-muted">{description}</p> : null}
      {action}
    </div>
  );
}
