import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from '../../../lib/router.tsx';
import { describe, expect, it, vi } from 'vitest';
import { MSG, type Glyph } from '@glyphary/shared';
import { mockApi } from '../../../test/api-mock.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { SearchPage } from './search-page.tsx';

const glyph = (id: string, title: string, description: string): Glyph => ({
  id,
  title,
  description,
  images: [],
  thumbnails: [],
  apkUrl: null,
  githubUrl: 'https://github.com/x/y',
  instructions: null,
  license: null,
  creatorId: 'c1',
  creatorUsername: 'maker',
  creatorDisplayName: 'Maker',
  downloads: 0,
  views: 0,
  likes: 0,
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: '2026-02-01T00:00:00.000Z',
  deleted: false,
  apkSha256: null,
  apkSize: null,
  tags: [],
  animation: null,
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderSearch(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/search" element={<SearchPage />} />
          <Route path="/" element={<p>home</p>} />
        </Routes>
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Search page', () => {
  it('before a search with nothing to list: the spec\'s Start searching block with the chips', async () => {
    mockApi({ 'GET /api/get-glyphs': () => ({ body: { glyphs: [], nextCursor: null } }) });
    renderSearch('/search');
    expect(await screen.findByRole('heading', { name: MSG.startSearching })).toBeTruthy();
    expect(screen.getByText(MSG.startSearchingHint)).toBeTruthy();
    const chips = within(screen.getByRole('list', { name: 'Suggested searches' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['boot animation', 'notification', 'charging', 'custom']);
  });

  it('before a search: the whole catalogue with its count and the chips as one row, no Start searching block; a blank term does nothing', async () => {
    const fetchMock = mockApi({
      'GET /api/get-glyphs': ({ url }) => ({
        body: { glyphs: url.searchParams.has('search') ? [] : [glyph('g1', 'Tide Clock', 'Shows the tide')], nextCursor: 'next' },
      }),
    });
    renderSearch('/search');
    expect(screen.getByRole('heading', { level: 1, name: MSG.searchTitle })).toBeTruthy();
    // The catalogue (issue 17) in Latest order with Load more, its count first; the quick terms stay as one row.
    expect(await screen.findByRole('heading', { name: 'Tide Clock' })).toBeTruthy();
    expect(screen.getByText('Showing the first 1 glyph').getAttribute('role')).toBe('status');
    const chips = within(screen.getByRole('list', { name: 'Suggested searches' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['boot animation', 'notification', 'charging', 'custom']);
    expect(screen.queryByRole('heading', { name: MSG.startSearching })).toBeNull();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const asked = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(asked.searchParams.get('sort')).toBe('latest');
    expect(asked.searchParams.has('search')).toBe(false);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search glyphs' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: MSG.searchButton }));
    expect(screen.getByTestId('location').textContent).toBe('/search');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a chip fills the box, puts the term in ?q= and shows the results with the matching words marked', async () => {
    const fetchMock = mockApi({
      'GET /api/get-glyphs': ({ url }) => ({
        body: {
          glyphs: url.searchParams.get('search') === 'charging' ? [glyph('g1', 'Charging Meter', 'Battery while charging')] : [],
          nextCursor: null,
        },
      }),
    });
    renderSearch('/search');
    await userEvent.click(await screen.findByRole('button', { name: 'charging' }));
    expect(screen.getByTestId('location').textContent).toBe('/search?q=charging');
    expect((screen.getByRole('searchbox', { name: 'Search glyphs' }) as HTMLInputElement).value).toBe('charging');
    expect(await screen.findByText(/1 result found for/)).toBeTruthy();
    const marks = screen.getByRole('list', { name: 'Search results' }).querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['Charging', 'charging']);
    const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ search: 'charging', sort: 'relevance', limit: '100' });
  });

  it('changing the sort re-runs the search with that sort; no results offers Browse All Glyphs', async () => {
    const fetchMock = mockApi({ 'GET /api/get-glyphs': () => ({ body: { glyphs: [], nextCursor: null } }) });
    renderSearch('/search?q=nothing');
    expect(await screen.findByRole('heading', { name: MSG.noResultsFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: MSG.browseAllGlyphs }).getAttribute('href')).toBe('/');
    await userEvent.click(screen.getByRole('button', { name: 'Most Liked' }));
    expect(screen.getByTestId('location').textContent).toBe('/search?q=nothing&sort=liked');
    expect(screen.getByRole('button', { name: 'Most Liked' }).getAttribute('aria-pressed')).toBe('true');
    await screen.findByRole('heading', { name: MSG.noResultsFound });
    const sorts = fetchMock.mock.calls.map((call) => new URL(String(call[0]), 'http://localhost').searchParams.get('sort'));
    expect(sorts).toEqual(['relevance', 'liked']);
  });

  it('a failed search is logged and shows the empty list (spec §8)', async () => {
    mockApi({ 'GET /api/get-glyphs': () => ({ status: 500, body: { error: 'Something went wrong', code: 'INTERNAL' } }) });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderSearch('/search?q=boot');
    expect(await screen.findByRole('heading', { name: MSG.noResultsFound }, { timeout: 10_000 })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Search failed', expect.anything());
    warn.mockRestore();
  });
});
