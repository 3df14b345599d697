import { formatCount } from '@glyphary/shared';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';

/** One number on the Statistics tab. */
export function StatCard({ label, value, hint }: { label: string; value: number | null; hint?: ReactNode }) {
  return (
    <Card className="flex flex-col gap-2 p-5">
      <p className="font-mono text-xs tracking-wider text-muted uppercase">{label}</p>
      <p className="font-display text-3xl font-bold tabular-nums">{value === null ? '—' : formatCount(value)}</p>
      {hint ? <p className="text-xs text-muted">{hint}</p> : null}
    </Card>
  );
}
