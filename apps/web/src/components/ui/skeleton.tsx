import { cn } from '../../lib/cn.ts';

/** A pulsing placeholder block while content loads (decorative). */
export function Skeleton({ className, round = false }: { className?: string; round?: boolean }) {
  return <div aria-hidden="true" className={cn('animate-pulse-dot bg-raised', round ? 'rounded-full' : 'rounded-2xl', className)} />;
}
