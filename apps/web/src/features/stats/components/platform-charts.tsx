import { useState } from 'react';
import { DEFAULT_STATS_RANGE, type StatsRange } from '@glyphary/shared';
import { usePlatformStats } from '../api/get-platform-stats.ts';
import { PLATFORM_GROWTH_SERIES, PLATFORM_TRAFFIC_SERIES, columnsOf } from '../lib/charts.ts';
import { csvFileName, dailyCsv, downloadCsv } from '../lib/series.ts';
import { ExportCsvButton, RangePicker, StatsError, StatsLoading, Totals } from './parts.tsx';
import { StatsChart } from './stats-chart.tsx';

const CSV_COLUMNS = columnsOf(PLATFORM_GROWTH_SERIES, PLATFORM_TRAFFIC_SERIES);

/** Admin Statistics, issue 51: sign-ups, uploads, views, downloads and reports per UTC day. */
export function PlatformCharts() {
  const [days, setDays] = useState<StatsRange>(DEFAULT_STATS_RANGE);
  const stats = usePlatformStats(days);
  const data = stats.data;
  const exportCsv = () => {
    if (data) downloadCsv(csvFileName('platform', days, data.from, data.to), dailyCsv(data.series, CSV_COLUMNS));
  };

  return (
    <section aria-labelledby="platform-activity" className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 id="platform-activity" className="font-display text-2xl font-bold">
            Activity per day
          </h2>
          <p className="text-sm text-muted">Sign-ups, uploads, views, downloads and reports across the platform, per UTC day.</p>
        </div>
        <ExportCsvButton onExport={exportCsv} disabled={!data} />
      </div>
      <RangePicker value={days} onChange={setDays} />
      {stats.isPending ? (
        <StatsLoading charts={2} />
      ) : stats.isError ? (
        <StatsError error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <Totals
            items={[
              { label: 'Sign-ups', value: stats.data.totals.signups },
              { label: 'Uploads', value: stats.data.totals.uploads },
              { label: 'Views', value: stats.data.totals.views },
              { label: 'Downloads', value: stats.data.totals.downloads },
              { label: 'Reports', value: stats.data.totals.reports },
            ]}
          />
          <StatsChart title="Views and downloads per day" rows={stats.data.series} series={PLATFORM_TRAFFIC_SERIES} headingLevel={3} />
          <StatsChart title="Sign-ups, uploads and reports per day" rows={stats.data.series} series={PLATFORM_GROWTH_SERIES} headingLevel={3} />
        </>
      )}
    </section>
  );
}
