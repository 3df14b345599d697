import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export type BadgeTone = 'neutral' | 'accent' | 'green' | 'yellow' | 'blue' | 'red' | 'inverse';

const tones: Record<BadgeTone, string> = {
  neutral: 'border-line-strong text-fg',
  accent: 'border-accent bg-accent text-white',
  inverse: 'border-white bg-white text-black',
  green: 'border-success/60 text-success-text',
  yellow: 'border-warning/60 text-warning',
  blue: 'border-info/60 text-info',
  red: 'border-accent/70 text-accent-text',
};

/** A small pill label with a status dot (status badges, admin badges, tags). */
export function Badge({ tone = 'neutral', dot = false, children, className }: { tone?: BadgeTone; dot?: boolean; children: ReactNode; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 font-mono text-[0.7rem] font-medium tracking-wider uppercase', tones[tone], className)}>
      {dot ? <span className="h-1.5 w-1.5 rounded-full bg-current" aria-hidden="true" /> : null}
      {children}
    </span>
  );
}
