import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@glyphary/shared';
import { makeProfile, mockApi, sessionHandlers } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { render } from '@testing-library/react';
import { MemoryRouter } from '../../../lib/router.tsx';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { LikedPage } from './liked-page.tsx';

// The route is loaded lazily: allow for a busy machine.
const SLOW = { timeout: 10_000 };

const glyph = (id: string, title: string) => ({
  id,
  title,
  description: `${title} description`,
  images: [],
  thumbnails: [],
  apkUrl: null,
  githubUrl: 'https://github.com/x/y',
  instructions: null,
  creatorId: 'c1',
  creatorUsername: 'maker',
  creatorDisplayName: 'Maker',
  downloads: 2,
  views: 3,
  likes: 1,
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: '2026-02-01T00:00:00.000Z',
  deleted: false,
  apkSha256: null,
  apkSize: null,
  tags: [],
  animation: null,
});

describe('Liked page', () => {
  it('signed out: asks to log in with a Log In link to /login', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider>
          <MemoryRouter>
            <LikedPage userId={null} />
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: MSG.likedLoginRequired })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toMatch(/^\/login/);
  });

  it('empty: the spec texts and an Explore Glyphs link to /', async () => {
    mockApi({ ...sessionHandlers(makeProfile()), 'GET /api/get-user-likes': () => ({ body: { glyphs: [], total: 0, nextCursor: null } }) });
    renderApp('/liked');
    expect(await screen.findByRole('heading', { name: MSG.likedEmptyTitle }, SLOW)).toBeTruthy();
    expect(screen.getByText(MSG.likedEmptyBody)).toBeTruthy();
    expect(screen.getByText("0 glyphs you've liked")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore Glyphs' })?.getAttribute('href')).toBe('/');
  });

  it('lists liked glyphs and unlikes one in place', async () => {
    let liked = [glyph('a1111111-1111-4111-8111-111111111111', 'Aurora'), glyph('b1111111-1111-4111-8111-111111111111', 'Beacon')];
    mockApi({
      ...sessionHandlers(makeProfile()),
      'GET /api/get-user-likes': () => ({ body: { glyphs: liked, total: liked.length, nextCursor: null } }),
      'POST /api/toggle-like': ({ body }) => {
        liked = liked.filter((g) => g.id !== (body as { glyphId: string }).glyphId);
        return { body: { liked: false, totalLikes: 0 } };
      },
    });
    renderApp('/liked');
    expect(await screen.findByRole('heading', { name: 'Liked Posts', level: 1 }, SLOW)).toBeTruthy();
    expect(await screen.findByText("2 glyphs you've liked", {}, SLOW)).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Liked Posts' });
    expect(within(list).getByRole('link', { name: 'Aurora' })?.getAttribute('href')).toBe('/glyph/a1111111-1111-4111-8111-111111111111');
    await userEvent.click(screen.getByRole('button', { name: 'Unlike Aurora' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Aurora' })).toBeNull(), SLOW);
    expect(screen.getByText("1 glyph you've liked")).toBeTruthy();
  });
});
