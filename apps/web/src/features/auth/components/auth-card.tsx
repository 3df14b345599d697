import type { ReactNode } from 'react';
import { DotMatrix } from '../../../components/ui/dot-matrix.tsx';

/** The frame of the signed-out screens: a dot-matrix mark, the title and a card. */
export function AuthCard({ title, description, children, footer }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6">
      <div className="flex flex-col items-center gap-4 text-center">
        <DotMatrix size={64} pattern="ring" />
        <h1 className="font-display text-3xl font-bold sm:text-4xl">{title}</h1>
        {description ? <p className="text-muted">{description}</p> : null}
      </div>
      <div className="rounded-[var(--radius-card)] border border-line bg-surface p-5 sm:p-8">{children}</div>
      {footer ? <div className="text-center text-sm text-muted">{footer}</div> : null}
    </div>
  );
}
