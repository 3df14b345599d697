import { useMemo } from 'react';
import { formatCount, type CreatorStats, type StatsRange } from '@glyphary/shared';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { Link } from '../../../lib/router.tsx';
import { useCreatorStats } from '../api/get-creator-stats.ts';
import { DOWNLOAD_SERIES, LIKES_FOLLOWS_SERIES, VIEWS_SERIES, columnsOf } from '../lib/charts.ts';
import { csvFileName, dailyCsv, downloadCsv, rangeLabel } from '../lib/series.ts';
import { ExportCsvButton, RangePicker, ReleaseTable, StatsError, StatsLoading, TableCard, Totals, cellClass, headClass, useRangeParam } from './parts.tsx';
import { StatsChart } from './stats-chart.tsx';

const TOP_TOYS = 10;
const CSV_COLUMNS = columnsOf(VIEWS_SERIES, DOWNLOAD_SERIES, LIKES_FOLLOWS_SERIES);

/** /dashboard: the signed-in creator's views, downloads, likes and followers over a range (issue 51). */
export function CreatorDashboard() {
  const [days, setDays] = useRangeParam();
  const stats = useCreatorStats(days);
  const data = stats.data;
  const exportCsv = () => {
    if (data) downloadCsv(csvFileName('dashboard', days, data.from, data.to), dailyCsv(data.series, CSV_COLUMNS));
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Dashboard"
        description="Views, downloads, likes and new followers of your glyphs, per UTC day."
        actions={<ExportCsvButton onExport={exportCsv} disabled={!data} />}
      />
      <RangePicker value={days} onChange={setDays} />
      {stats.isPending ? (
        <StatsLoading />
      ) : stats.isError ? (
        <StatsError error={stats.error} onRetry={() => void stats.refetch()} />
      ) : stats.data.toys.length === 0 && stats.data.totals.follows === 0 ? (
        <EmptyState
          title="Nothing to chart yet"
          description="Share a glyph: its views, downloads and likes show here day by day."
          action={
            <Link to={paths.upload} className={buttonClasses()}>
              Upload Glyph
            </Link>
          }
        />
      ) : (
        <CreatorStatsView stats={stats.data} days={days} />
      )}
    </div>
  );
}

function CreatorStatsView({ stats, days }: { stats: CreatorStats; days: StatsRange }) {
  const topToys = useMemo(
    () => [...stats.toys].sort((a, b) => b.views - a.views || b.downloads - a.downloads || a.title.localeCompare(b.title)).slice(0, TOP_TOYS),
    [stats.toys],
  );
  const titles = useMemo(() => new Map(stats.toys.map((toy) => [toy.glyphId, toy.title])), [stats.toys]);
  const releases = useMemo(
    () => [...stats.releases].sort((a, b) => b.downloadsInRange - a.downloadsInRange || b.downloadsTotal - a.downloadsTotal),
    [stats.releases],
  );
  const range = rangeLabel(days);

  return (
    <>
      <Totals
        items={[
          { label: 'Views', value: stats.totals.views },
          { label: 'Downloads', value: stats.totals.downloads },
          { label: 'Likes', value: stats.totals.likes },
          { label: 'New followers', value: stats.totals.follows },
        ]}
      />
      <StatsChart title="Views per day" rows={stats.series} series={VIEWS_SERIES} area />
      <StatsChart title="Downloads per day, by source" rows={stats.series} series={DOWNLOAD_SERIES} />
      <StatsChart title="Likes and new followers per day" rows={stats.series} series={LIKES_FOLLOWS_SERIES} />

      <TableCard title="Top glyphs" description={`${topToys.length < stats.toys.length ? `Your ${TOP_TOYS} most viewed glyphs` : 'Your glyphs, most viewed first,'} over the last ${range}; open one for its own charts.`}>
        {topToys.length === 0 ? (
          <p className="text-sm text-muted">No glyphs yet: share one and it shows here.</p>
        ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="text-muted">
              <th scope="col" className="px-3 py-2 font-medium">
                Glyph
              </th>
              <th scope="col" className={headClass}>
                Views
              </th>
              <th scope="col" className={headClass}>
                Downloads
              </th>
              <th scope="col" className={headClass}>
                Likes
              </th>
              <th scope="col" className={headClass}>
                Downloads, all time
              </th>
            </tr>
          </thead>
          <tbody>
            {topToys.map((toy) => (
              <tr key={toy.glyphId} className="border-t border-line">
                <th scope="row" className="max-w-64 truncate px-3 py-2 font-medium">
                  <Link to={`${paths.dashboardGlyph(toy.glyphId)}?days=${days}`} className="underline-offset-4 hover:underline">
                    {toy.title}
                  </Link>
                </th>
                <td className={cellClass}>{formatCount(toy.views)}</td>
                <td className={cellClass}>{formatCount(toy.downloads)}</td>
                <td className={cellClass}>{formatCount(toy.likes)}</td>
                <td className={cellClass}>{formatCount(toy.totalDownloads)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        )}
      </TableCard>

      <TableCard title="Downloads per release" description={`Each published APK release: its downloads over the last ${range} and since it was published.`}>
        {releases.length === 0 ? (
          <p className="text-sm text-muted">No releases yet: downloads of a glyph&apos;s APK releases show here.</p>
        ) : (
          <ReleaseTable releases={releases} titleOf={(glyphId) => titles.get(glyphId)} />
        )}
      </TableCard>
    </>
  );
}
