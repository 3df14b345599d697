import type { ReactNode } from 'react';
import { DEFAULT_STATS_RANGE, STATS_RANGES, formatCount, type ReleaseStats, type StatsRange } from '@glyphary/shared';
import { FileDown } from 'lucide-react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useSearchParams } from '../../../lib/router.tsx';
import { rangeFromParam, rangeLabel } from '../lib/series.ts';

/** 7 days / 30 days / 90 days / 1 year: toggle buttons, the chosen one pressed. */
export function RangePicker({ value, onChange }: { value: StatsRange; onChange: (days: StatsRange) => void }) {
  return (
    <div role="group" aria-label="Range" className="flex flex-wrap items-center gap-2">
      <span aria-hidden="true" className="text-xs font-medium tracking-wider text-subtle uppercase">
        Range
      </span>
      {STATS_RANGES.map((days) => (
        <Button key={days} size="sm" variant={value === days ? 'secondary' : 'outline'} aria-pressed={value === days} onClick={() => onChange(days)}>
          {rangeLabel(days)}
        </Button>
      ))}
    </div>
  );
}

/** The range's totals, one number each. */
export function Totals({ items }: { items: ReadonlyArray<{ label: string; value: number }> }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-3', items.length > 4 ? 'sm:grid-cols-3 lg:grid-cols-5' : 'lg:grid-cols-4')}>
      {items.map((item) => (
        <div key={item.label} className="flex flex-col gap-2 rounded-[var(--radius-card)] border border-line bg-surface p-5">
          <dt className="font-mono text-xs tracking-wider text-muted uppercase">{item.label}</dt>
          <dd className="font-display text-3xl font-bold tabular-nums">{formatCount(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** While the numbers load: placeholders in the shape of the page, and a spoken status. */
export function StatsLoading({ charts = 3 }: { charts?: number }) {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <Spinner label="Loading statistics..." />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      {Array.from({ length: charts }, (_, i) => (
        <Skeleton key={i} className="h-72" />
      ))}
    </div>
  );
}

/** The server's message and a way to ask again. */
export function StatsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Banner tone="error">{errorMessage(error, 'Statistics could not be loaded.')}</Banner>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** A titled table block (top glyphs, releases). */
export function TableCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-line bg-surface p-5 sm:p-6">
      <h2 className="font-display text-lg font-bold">{title}</h2>
      {description ? <p className="text-sm text-muted">{description}</p> : null}
      <div className="overflow-x-auto">{children}</div>
    </section>
  );
}

export const cellClass = 'px-3 py-2 text-right tabular-nums';
export const headClass = 'px-3 py-2 text-right font-medium';

/** `?days=` of the dashboard pages: the range, kept in the address so a view can be linked. */
export function useRangeParam(): [StatsRange, (days: StatsRange) => void] {
  const [params, setParams] = useSearchParams();
  const days = rangeFromParam(params.get('days'), STATS_RANGES, DEFAULT_STATS_RANGE);
  const setDays = (next: StatsRange) =>
    setParams(
      (current) => {
        current.set('days', String(next));
        return current;
      },
      { replace: true },
    );
  return [days, setDays];
}

/** The CSV button: downloads the daily numbers the page's charts and tables show. */
export function ExportCsvButton({ onExport, disabled }: { onExport: () => void; disabled: boolean }) {
  return (
    <Button variant="outline" onClick={onExport} disabled={disabled}>
      <FileDown size={16} aria-hidden="true" />
      Export CSV
    </Button>
  );
}

/** Releases with their downloads; `titleOf` adds the glyph column (the creator's page lists every glyph's). */
export function ReleaseTable({ releases, titleOf }: { releases: readonly ReleaseStats[]; titleOf?: (glyphId: string) => string | undefined }) {
  return (
    <table className="w-full text-left text-sm">
      <thead>
        <tr className="text-muted">
          {titleOf ? (
            <th scope="col" className="px-3 py-2 font-medium">
              Glyph
            </th>
          ) : null}
          <th scope="col" className="px-3 py-2 font-medium">
            Version
          </th>
          <th scope="col" className={headClass}>
            Downloads in range
          </th>
          <th scope="col" className={headClass}>
            Downloads, all time
          </th>
        </tr>
      </thead>
      <tbody>
        {releases.map((release) => (
          <tr key={release.id} className="border-t border-line">
            {titleOf ? <td className="max-w-64 truncate px-3 py-2">{titleOf(release.glyphId) ?? '—'}</td> : null}
            <th scope="row" className="px-3 py-2 font-medium">
              {release.versionName ?? '—'}
              {release.versionCode !== null ? <span className="text-muted"> ({release.versionCode})</span> : null}
            </th>
            <td className={cellClass}>{formatCount(release.downloadsInRange)}</td>
            <td className={cellClass}>{formatCount(release.downloadsTotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
