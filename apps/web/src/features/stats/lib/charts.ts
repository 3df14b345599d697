import type { SeriesSpec } from './series.ts';

// The charts of the dashboard and the admin Statistics tab: which fields each draws, under which
// names. The names are the legend, the table's column heads and the CSV's header alike.

export const VIEWS_SERIES: readonly SeriesSpec[] = [{ key: 'views', label: 'Views' }];

export const DOWNLOAD_SERIES: readonly SeriesSpec[] = [
  { key: 'downloads', label: 'All downloads' },
  { key: 'downloadsButton', label: 'Via Download button' },
  { key: 'downloadsLatest', label: 'Via latest.apk link' },
  { key: 'downloadsRepository', label: 'Via F-Droid repository' },
];

export const LIKES_SERIES: readonly SeriesSpec[] = [{ key: 'likes', label: 'Likes' }];

export const LIKES_FOLLOWS_SERIES: readonly SeriesSpec[] = [
  { key: 'likes', label: 'Likes' },
  { key: 'follows', label: 'New followers' },
];

export const PLATFORM_TRAFFIC_SERIES: readonly SeriesSpec[] = [
  { key: 'views', label: 'Views' },
  { key: 'downloads', label: 'Downloads' },
];

export const PLATFORM_GROWTH_SERIES: readonly SeriesSpec[] = [
  { key: 'signups', label: 'Sign-ups' },
  { key: 'uploads', label: 'Uploads' },
  { key: 'reports', label: 'Reports' },
];

/** Every column of some charts, once each, in order: the CSV of a page. */
export function columnsOf(...charts: ReadonlyArray<readonly SeriesSpec[]>): SeriesSpec[] {
  const seen = new Set<string>();
  return charts.flat().filter(({ key }) => !seen.has(key) && seen.add(key));
}
