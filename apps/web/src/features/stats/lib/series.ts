import { formatCount, type StatsRange } from '@glyphary/shared';

/** One row of a chart's table: the UTC day and a count per column. */
export type DayRow = { day: string } & Record<string, number | string>;

/** A line of a chart: which field of the rows it draws and what it is called. */
export interface SeriesSpec {
  key: string;
  label: string;
}

/**
 * How series are told apart without colour alone: the Nothing look (white, one red, greys on black),
 * each series with its own dash pattern and point marker, so they differ in lightness, dash and marker
 * (readable in greyscale and with any colour-vision deficiency). At most four per chart.
 */
export const SERIES_STYLES = [
  { stroke: '#f2f2f2', dash: [] as number[], marker: 'circle', fill: 'rgba(242, 242, 242, 0.10)' },
  { stroke: '#ff5c63', dash: [8, 4], marker: 'square', fill: null },
  { stroke: '#a3a3a3', dash: [2, 3], marker: 'diamond', fill: null },
  { stroke: '#6e6e6e', dash: [12, 3, 2, 3], marker: 'triangle', fill: null },
] as const;
export type SeriesStyle = (typeof SERIES_STYLES)[number];
export const styleOf = (index: number): SeriesStyle => SERIES_STYLES[index % SERIES_STYLES.length] as SeriesStyle;

/** "7 days", "30 days", "90 days", "1 year": the range picker's words. */
export const rangeLabel = (days: StatsRange): string => (days === 365 ? '1 year' : `${days} days`);

/** `?days=` of a page, read back to a range the API offers (anything else → the default). */
export function rangeFromParam(value: string | null, ranges: readonly StatsRange[], fallback: StatsRange): StatsRange {
  return ranges.find((range) => String(range) === value) ?? fallback;
}

/** "29 Nov 2026" for a `YYYY-MM-DD` UTC day. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** A row's count in one column (0 when it has none). */
export const numberAt = (row: DayRow, key: string): number => {
  const value = row[key];
  return typeof value === 'number' ? value : 0;
};

/** The sum of one series over the rows. */
export const sumOf = (rows: readonly DayRow[], key: string): number => rows.reduce((total, row) => total + numberAt(row, key), 0);

/**
 * What a chart shows, in one sentence per series: its total over the range and its busiest day. This is
 * the chart's text alternative (read before the table).
 */
export function summarize(rows: readonly DayRow[], series: readonly SeriesSpec[]): string {
  if (rows.length === 0) return 'No days in this range.';
  const first = rows[0] as DayRow;
  const last = rows.at(-1) as DayRow;
  const span = `${formatDay(first.day)} to ${formatDay(last.day)}`;
  const parts = series.map(({ key, label }) => {
    const total = sumOf(rows, key);
    if (total === 0) return `${label}: none.`;
    let peak = first;
    for (const row of rows) if (numberAt(row, key) > numberAt(peak, key)) peak = row;
    return `${label}: ${formatCount(total)} in all, most on ${formatDay(peak.day)} (${formatCount(numberAt(peak, key))}).`;
  });
  return `${span}. ${parts.join(' ')}`;
}

/** "2026-11-20 — Views 14, Downloads 3": the values of one day, as the chart's cursor reads them out. */
export function describeDay(row: DayRow, series: readonly SeriesSpec[]): string {
  return `${formatDay(row.day)}: ${series.map(({ key, label }) => `${label} ${formatCount(numberAt(row, key))}`).join(', ')}`;
}

/** A CSV cell: quoted when it must be, and a text starting like a formula kept as text for spreadsheets. */
function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV (CRLF line ends) of a header and rows. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return [header, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** `glyphary-<what>-30-days-2026-10-31-to-2026-11-29.csv`: what, range and days in the name. */
export function csvFileName(what: string, days: StatsRange, from: string, to: string): string {
  const slug = what
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `glyphary-${slug || 'stats'}-${days}-days-${from}-to-${to}.csv`;
}

/** Saves `csv` as a file through a Blob link: nothing is sent anywhere. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The CSV of daily rows: `Day` (YYYY-MM-DD, UTC) then one column per series, as the tables show them. */
export function dailyCsv(rows: readonly DayRow[], columns: readonly SeriesSpec[]): string {
  return toCsv(
    ['Day', ...columns.map((column) => column.label)],
    rows.map((row) => [row.day, ...columns.map((column) => numberAt(row, column.key))]),
  );
}
