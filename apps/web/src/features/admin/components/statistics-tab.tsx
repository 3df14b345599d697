import type { ReactNode } from 'react';
import { Link } from '../../../lib/router.tsx';
import { formatCount, pluralize, type AdminStats } from '@glyphary/shared';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { additionalMetrics } from '../lib/metrics.ts';
import { StatCard } from './stat-card.tsx';
import { SyncCard } from './sync-card.tsx';

/**
 * spec §2 Statistics: stat cards, Data Synchronization, Additional Metrics and Top Performing Glyphs;
 * then `charts` (issue 51), which the route composes from the statistics feature.
 */
export function StatisticsTab({ stats, charts }: { stats: AdminStats | undefined; charts?: ReactNode }) {
  const metrics = stats ? additionalMetrics(stats) : null;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total Users" value={stats?.totalUsers ?? null} />
        <StatCard label="Total Glyphs" value={stats?.totalGlyphs ?? null} />
        <StatCard
          label="Unique Downloads"
          value={stats?.uniqueDownloaders ?? null}
          hint={stats ? `${pluralize(stats.totalDownloads, 'download')} in all` : undefined}
        />
        <StatCard
          label="Unique Views"
          value={stats?.uniqueViewers ?? null}
          hint={stats ? `${pluralize(stats.totalViews, 'view')} in all` : undefined}
        />
      </div>

      <SyncCard />

      <Card>
        <CardHeader>
          <CardTitle>Additional Metrics</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {[
              ['Total Likes', metrics?.totalLikes],
              ['Active Admins', metrics?.activeAdmins],
              ['Avg. Unique Downloads per Glyph', metrics?.avgDownloadsPerGlyph],
              ['Avg. Unique Views per Glyph', metrics?.avgViewsPerGlyph],
            ].map(([label, value]) => (
              <div key={label as string} className="flex flex-col gap-1">
                <dt className="text-sm text-muted">{label}</dt>
                <dd className="font-display text-2xl font-bold tabular-nums">
                  {value === undefined ? '—' : formatCount(value as number)}
                </dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Top Performing Glyphs</CardTitle>
        </CardHeader>
        <CardContent>
          {!stats ? (
            <div className="flex flex-col gap-2">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-12" />
              ))}
            </div>
          ) : stats.topGlyphs.length === 0 ? (
            <p className="text-sm text-muted">No glyphs yet.</p>
          ) : (
            <ol className="flex flex-col divide-y divide-line">
              {stats.topGlyphs.map((glyph, index) => (
                <li key={glyph.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
                  <span className="font-mono text-sm text-muted" aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  <Link to={paths.glyph(glyph.id)} className="min-w-0 flex-1 truncate font-medium hover:underline">
                    {glyph.title}
                  </Link>
                  <span className="text-sm text-muted tabular-nums">
                    {pluralize(glyph.views, 'view')} · {pluralize(glyph.downloads, 'download')} · {pluralize(glyph.likes, 'like')}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>

      {charts}
    </div>
  );
}
