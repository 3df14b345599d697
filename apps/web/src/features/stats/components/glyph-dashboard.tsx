import { ArrowLeft } from 'lucide-react';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { Link } from '../../../lib/router.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useGlyphStats } from '../api/get-glyph-stats.ts';
import { DOWNLOAD_SERIES, LIKES_SERIES, VIEWS_SERIES, columnsOf } from '../lib/charts.ts';
import { csvFileName, dailyCsv, downloadCsv, rangeLabel } from '../lib/series.ts';
import { ExportCsvButton, RangePicker, ReleaseTable, StatsError, StatsLoading, TableCard, Totals, useRangeParam } from './parts.tsx';
import { StatsChart } from './stats-chart.tsx';

const CSV_COLUMNS = columnsOf(VIEWS_SERIES, DOWNLOAD_SERIES, LIKES_SERIES);

/** /dashboard/{glyphId}: one glyph's charts for its creator (and admins), from /api/glyphs/{id}/stats. */
export function GlyphDashboard({ glyphId }: { glyphId: string }) {
  const [days, setDays] = useRangeParam();
  const stats = useGlyphStats(glyphId, days);
  const data = stats.data;
  useDocumentTitle(data ? `${data.title} · Dashboard` : 'Dashboard');
  const exportCsv = () => {
    if (data) downloadCsv(csvFileName(data.title, days, data.from, data.to), dailyCsv(data.series, CSV_COLUMNS));
  };
  const range = rangeLabel(days);

  return (
    <div className="flex flex-col gap-6">
      <Link to={`${paths.dashboard}?days=${days}`} className="inline-flex w-fit items-center gap-2 text-sm text-muted underline-offset-4 hover:text-fg hover:underline">
        <ArrowLeft size={16} aria-hidden="true" />
        All glyphs
      </Link>
      <PageHeader
        title={data?.title ?? 'Glyph statistics'}
        description={
          <>
            Views, downloads and likes per UTC day.{' '}
            <Link to={paths.glyph(glyphId)} className="underline underline-offset-4 hover:text-fg">
              Open the glyph&apos;s page
            </Link>
          </>
        }
        actions={<ExportCsvButton onExport={exportCsv} disabled={!data} />}
      />
      <RangePicker value={days} onChange={setDays} />
      {stats.isPending ? (
        <StatsLoading />
      ) : stats.isError ? (
        <StatsError error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <Totals
            items={[
              { label: 'Views', value: stats.data.totals.views },
              { label: 'Downloads', value: stats.data.totals.downloads },
              { label: 'Likes', value: stats.data.totals.likes },
              { label: 'Releases', value: stats.data.releases.length },
            ]}
          />
          <StatsChart title="Views per day" rows={stats.data.series} series={VIEWS_SERIES} area />
          <StatsChart title="Downloads per day, by source" rows={stats.data.series} series={DOWNLOAD_SERIES} />
          <StatsChart title="Likes per day" rows={stats.data.series} series={LIKES_SERIES} />
          <TableCard title="Downloads per release" description={`Each published APK release: its downloads over the last ${range} and since it was published.`}>
            {stats.data.releases.length === 0 ? (
              <p className="text-sm text-muted">No releases yet: downloads of this glyph&apos;s APK releases show here.</p>
            ) : (
              <ReleaseTable releases={stats.data.releases} />
            )}
          </TableCard>
        </>
      )}
    </div>
  );
}
