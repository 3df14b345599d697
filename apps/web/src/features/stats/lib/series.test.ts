import { describe, expect, it } from 'vitest';
import { DOWNLOAD_SERIES, VIEWS_SERIES, columnsOf, LIKES_FOLLOWS_SERIES } from './charts.ts';
import { csvFileName, dailyCsv, describeDay, rangeFromParam, summarize, toCsv } from './series.ts';

const rows = [
  { day: '2026-11-27', views: 3, downloads: 1, downloadsButton: 1, downloadsLatest: 0, downloadsRepository: 0, likes: 0, follows: 0 },
  { day: '2026-11-28', views: 7, downloads: 2, downloadsButton: 1, downloadsLatest: 1, downloadsRepository: 0, likes: 1, follows: 0 },
  { day: '2026-11-29', views: 0, downloads: 0, downloadsButton: 0, downloadsLatest: 0, downloadsRepository: 0, likes: 0, follows: 0 },
];

describe('statistics texts and CSV', () => {
  it('summarises each series: total and busiest day, or none', () => {
    expect(summarize(rows, [...VIEWS_SERIES, { key: 'follows', label: 'New followers' }])).toBe(
      '27 Nov 2026 to 29 Nov 2026. Views: 10 in all, most on 28 Nov 2026 (7). New followers: none.',
    );
    expect(summarize([], VIEWS_SERIES)).toBe('No days in this range.');
  });

  it('reads one day out as the chart cursor does', () => {
    expect(describeDay(rows[1]!, DOWNLOAD_SERIES.slice(0, 2))).toBe('28 Nov 2026: All downloads 2, Via Download button 1');
  });

  it('writes the daily CSV with the tables’ column heads, each column once', () => {
    const columns = columnsOf(VIEWS_SERIES, DOWNLOAD_SERIES, LIKES_FOLLOWS_SERIES);
    expect(dailyCsv(rows.slice(0, 2), columns)).toBe(
      'Day,Views,All downloads,Via Download button,Via latest.apk link,Via F-Droid repository,Likes,New followers\r\n' +
        '2026-11-27,3,1,1,0,0,0,0\r\n' +
        '2026-11-28,7,2,1,1,0,1,0\r\n',
    );
  });

  it('quotes cells that need it and keeps formula-like text as text', () => {
    expect(toCsv(['Toy', 'n'], [['Pulse, "big"', 1], ['=HYPERLINK("x")', 2]])).toBe('Toy,n\r\n"Pulse, ""big""",1\r\n"\'=HYPERLINK(""x"")",2\r\n');
  });

  it('names the file by what, range and days; reads ?days= back to an offered range', () => {
    expect(csvFileName('Neon Pulse!', 90, '2026-09-01', '2026-11-29')).toBe('glyphary-neon-pulse-90-days-2026-09-01-to-2026-11-29.csv');
    expect(rangeFromParam('365', [7, 30, 90, 365], 30)).toBe(365);
    expect(rangeFromParam('14', [7, 30, 90, 365], 30)).toBe(30);
    expect(rangeFromParam(null, [7, 30, 90, 365], 30)).toBe(30);
  });
});
