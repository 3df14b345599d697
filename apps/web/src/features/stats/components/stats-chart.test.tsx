import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { MemoryRouter } from '../../../lib/router.tsx';
import { mockApi, sessionHandlers } from '../../../test/api-mock.ts';
import { PlatformCharts } from './platform-charts.tsx';
import { StatsChart } from './stats-chart.tsx';

// jsdom has no canvas: the uPlot part is replaced; what is tested is everything around it.
vi.mock('./uplot-chart.tsx', () => ({ default: ({ label }: { label: string }) => <div role="group" aria-label={label} data-chart="" /> }));

const rows = [
  { day: '2026-11-28', views: 4, likes: 1 },
  { day: '2026-11-29', views: 9, likes: 0 },
];
const series = [
  { key: 'views', label: 'Views' },
  { key: 'likes', label: 'Likes' },
];

describe('StatsChart', () => {
  it('gives the chart a summary, a legend and a table that is always in the accessibility tree', async () => {
    render(<StatsChart title="Views per day" rows={rows} series={series} />);
    const chart = screen.getByRole('region', { name: 'Views per day' });
    expect(within(chart).getByText(/Views: 13 in all, most on 29 Nov 2026 \(9\)\. Likes: 1 in all/)).toBeTruthy();
    expect(within(chart).getByRole('list', { name: 'Views per day: legend' }).textContent).toBe('ViewsLikes');
    // Hidden visually, yet a screen reader reaches it.
    const table = within(chart).getByRole('table', { name: 'Views per day, per UTC day' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual(['DayViewsLikes', '28 Nov 202641', '29 Nov 202690']);
    expect(await within(chart).findByRole('group', { name: 'Views per day' })).toBeTruthy();

    const toggle = within(chart).getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(toggle);
    expect(within(chart).getByRole('button', { name: 'Hide table' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(chart).getByRole('region', { name: 'Views per day, per UTC day' })).toBeTruthy();
  });
});

describe('PlatformCharts (admin Statistics)', () => {
  it('shows the platform totals and charts, and asks again for another range', async () => {
    const asked: string[] = [];
    const day = (d: string, n: number) => ({ day: d, signups: n, uploads: 1, views: 10 * n, downloads: n, reports: 0 });
    mockApi({
      ...sessionHandlers(null),
      'GET /api/admin/stats/series': ({ url }) => {
        asked.push(url.searchParams.get('days') ?? '');
        return { body: { days: 30, from: '2026-11-28', to: '2026-11-29', totals: { signups: 5, uploads: 2, views: 50, downloads: 5, reports: 0 }, series: [day('2026-11-28', 2), day('2026-11-29', 3)] } };
      },
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <PlatformCharts />
        </MemoryRouter>
      </AppProviders>,
    );
    const growth = await screen.findByRole('region', { name: 'Sign-ups, uploads and reports per day' });
    expect(within(growth).getAllByRole('row').at(-1)?.textContent).toBe('29 Nov 2026310');
    expect(screen.getByRole('region', { name: 'Views and downloads per day' })).toBeTruthy();
    expect(screen.getAllByRole('term').map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`)).toEqual([
      'Sign-ups 5',
      'Uploads 2',
      'Views 50',
      'Downloads 5',
      'Reports 0',
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: '7 days' }));
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    await screen.findByRole('region', { name: 'Views and downloads per day' });
    expect(asked).toEqual(['30', '7']);
  });
});
