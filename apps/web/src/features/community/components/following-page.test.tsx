import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '../../../lib/router.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMUNITY_MSG, MSG, type FollowingEntry } from '@glyphary/shared';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { mockApi, sessionHandlers } from '../../../test/api-mock.ts';
import { makeGlyph } from '../../../test/glyph-fixture.ts';
import { FollowingPage } from './following-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const rain = makeGlyph({ id: '11111111-1111-4111-8111-111111111111', title: 'Rain ring' });
const clock = makeGlyph({ id: '44444444-4444-4444-8444-444444444444', title: 'Dot clock' });
const ENTRIES: FollowingEntry[] = [
  {
    kind: 'release',
    at: '2026-03-05T10:00:00.000Z',
    glyph: rain,
    release: { id: '22222222-2222-4222-8222-222222222222', versionName: '1.1', versionCode: 2, changelog: 'Softer', signerChanged: true },
  },
  { kind: 'glyph', at: '2026-03-04T10:00:00.000Z', glyph: clock, release: null },
  { kind: 'glyph', at: '2026-03-03T10:00:00.000Z', glyph: rain, release: null },
];

function renderPage(entries: FollowingEntry[]) {
  mockApi({ ...sessionHandlers(null), 'GET /api/following': () => ({ body: { entries, nextCursor: null } }) });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <FollowingPage />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('FollowingPage (issue 19)', () => {
  it('lists new releases and new glyphs in the order the API gives (newest first); a release links to its row', async () => {
    renderPage(ENTRIES);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual(['Rain ring', 'Dot clock', 'Rain ring']);
    const releaseLink = within(items[0]!).getByRole('link', { name: COMMUNITY_MSG.followingNewRelease('1.1') });
    expect(releaseLink.getAttribute('href')).toBe(`/glyph/${rain.id}#release-22222222-2222-4222-8222-222222222222`);
    expect(within(items[0]!).getByText(MSG.signingKeyChanged)).toBeTruthy();
    expect(within(items[1]!).queryByText(/New release/)).toBeNull();
  });

  it('says what will appear when nothing is there yet', async () => {
    renderPage([]);
    expect(await screen.findByText(COMMUNITY_MSG.followingEmpty)).toBeTruthy();
    expect(screen.getByText(COMMUNITY_MSG.followingEmptyBody)).toBeTruthy();
  });
});
