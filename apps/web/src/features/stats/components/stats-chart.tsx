import { Component, Suspense, lazy, useId, useMemo, useState, type ReactNode } from 'react';
import { formatCount } from '@glyphary/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { describeDay, formatDay, numberAt, styleOf, summarize, type DayRow, type SeriesSpec } from '../lib/series.ts';

const UplotChart = lazy(() => import('./uplot-chart.tsx'));

/** If the chart's code cannot load (offline, a new deploy), the summary and the table still say it all. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) return <p className="rounded-xl border border-dashed border-line p-6 text-sm text-muted">The chart could not be drawn; the table below has the same numbers.</p>;
    return this.props.children;
  }
}

/** The series' line as the chart draws it (colour, dash and marker), for the legend. */
function Swatch({ index }: { index: number }) {
  const style = styleOf(index);
  const marker =
    style.marker === 'circle' ? (
      <circle cx="14" cy="6" r="3.5" fill={style.stroke} />
    ) : style.marker === 'square' ? (
      <rect x="10.5" y="2.5" width="7" height="7" fill={style.stroke} />
    ) : style.marker === 'diamond' ? (
      <path d="M14 1.5 L18.5 6 L14 10.5 L9.5 6 Z" fill="none" stroke={style.stroke} strokeWidth="1.5" />
    ) : (
      <path d="M14 1.5 L18.2 10 L9.8 10 Z" fill={style.stroke} />
    );
  return (
    <svg width="28" height="12" viewBox="0 0 28 12" aria-hidden="true" className="shrink-0">
      <line x1="0" y1="6" x2="28" y2="6" stroke={style.stroke} strokeWidth="2" strokeDasharray={style.dash.join(' ') || undefined} />
      {marker}
    </svg>
  );
}

/**
 * One chart of counts per UTC day with what makes it usable without seeing it: a one-paragraph summary
 * (the chart's description), a legend that tells series apart by dash and marker as well as colour, a
 * read-out of the day under the cursor (mouse or arrow keys; announced politely), and the same numbers
 * as a table — always in the accessibility tree, shown on "Show as table".
 */
export function StatsChart({
  title,
  rows,
  series,
  area = false,
  headingLevel = 2,
}: {
  title: string;
  rows: readonly DayRow[];
  series: readonly SeriesSpec[];
  area?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const id = useId();
  const summary = useMemo(() => summarize(rows, series), [rows, series]);
  const [cursor, setCursor] = useState<number | null>(null);
  const [showTable, setShowTable] = useState(false);
  const day = cursor === null ? undefined : rows[cursor];

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-surface p-5 sm:p-6">
      <div className="flex flex-col gap-2">
        <Heading id={`${id}-title`} className="font-display text-lg font-bold">
          {title}
        </Heading>
        <p id={`${id}-summary`} className="text-sm text-muted">
          {summary}
        </p>
      </div>
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm" aria-label={`${title}: legend`}>
        {series.map((item, index) => (
          <li key={item.key} className="flex items-center gap-2">
            <Swatch index={index} />
            {item.label}
          </li>
        ))}
      </ul>
      <ChartBoundary>
        <Suspense fallback={<Skeleton className="h-[220px]" />}>
          <UplotChart rows={rows} series={series} area={area} label={title} describedBy={`${id}-summary`} onCursor={setCursor} />
        </Suspense>
      </ChartBoundary>
      <p aria-live="polite" className="min-h-5 text-sm tabular-nums">
        {day ? describeDay(day, series) : <span className="text-muted">Point at the chart, or focus it and use the arrow keys, to read a day.</span>}
      </p>
      <div>
        <Button variant="outline" size="sm" aria-expanded={showTable} aria-controls={`${id}-table`} onClick={() => setShowTable((shown) => !shown)}>
          {showTable ? 'Hide table' : 'Show as table'}
        </Button>
      </div>
      <div
        id={`${id}-table`}
        className={cn(showTable ? 'max-h-96 overflow-auto rounded-xl border border-line focus-visible:outline-2 focus-visible:outline-white' : 'sr-only')}
        // A scrolling box must be reachable by keyboard to be scrolled.
        {...(showTable ? { tabIndex: 0, role: 'region', 'aria-labelledby': `${id}-caption` } : {})}
      >
        <table className="w-full text-left text-sm tabular-nums">
          <caption id={`${id}-caption`} className="sr-only">
            {title}, per UTC day
          </caption>
          <thead className="sticky top-0 bg-raised">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Day
              </th>
              {series.map((item) => (
                <th key={item.key} scope="col" className="px-3 py-2 text-right font-medium">
                  {item.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.day} className="border-t border-line">
                <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap text-muted">
                  {formatDay(row.day)}
                </th>
                {series.map((item) => (
                  <td key={item.key} className="px-3 py-1.5 text-right">
                    {formatCount(numberAt(row, item.key))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
