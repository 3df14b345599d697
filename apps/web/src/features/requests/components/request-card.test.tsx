import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../lib/router.tsx';
import { describe, expect, it } from 'vitest';
import { GlyphRequestSchema, MSG, truncate, type GlyphRequest } from '@glyphary/shared';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { mockApi, sessionHandlers } from '../../../test/api-mock.ts';
import { MyRequestsView } from './my-requests-view.tsx';
import { RequestCard } from './request-card.tsx';

function makeRequest(overrides: Partial<GlyphRequest> = {}): GlyphRequest {
  return GlyphRequestSchema.parse({
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Battery ring',
    description: 'A ring of light',
    tags: ['battery'],
    reference_images: ['https://example.com/a.png'],
    reference_files: [],
    status: 'open',
    user_id: 'owner',
    user: { id: 'owner', username: 'owner_name' },
    assigned_to: null,
    assigned_user: null,
    completed_glyph_id: null,
    completed_glyph: null,
    device: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    votes: 0,
    ...overrides,
  });
}

function renderCard(request: GlyphRequest, viewerId: string | null) {
  render(
    <MemoryRouter>
      <RequestCard request={request} viewerId={viewerId} onTakeOn={() => {}} takingOn={false} />
    </MemoryRouter>,
  );
  return screen.getByRole('article', { name: request.title });
}

describe('RequestCard (spec §2 Requests)', () => {
  it('cuts the description at 150 characters and shows the status text, tags and reference counts', () => {
    const card = renderCard(
      makeRequest({
        description: 'x'.repeat(200),
        status: 'in_progress',
        assigned_to: 'b',
        assigned_user: { id: 'b', username: 'b' },
      }),
      'viewer',
    );
    expect(within(card).getByText(`${'x'.repeat(150)}...`)).toBeTruthy();
    const badge = within(card).getByText('IN PROGRESS');
    expect(badge.className).toContain('text-warning');
    expect(within(card).getByText('#battery')).toBeTruthy();
    expect(within(card).getByText('1 reference image')).toBeTruthy();
    expect(within(card).queryByText(/reference file/)).toBeNull();
    expect(within(card).queryByRole('button', { name: /Take On/ })).toBeNull();
  });

  it('shows who took the request and links the glyph that completed it (issue 17); an open one shows neither', () => {
    const card = renderCard(
      makeRequest({
        status: 'completed',
        assigned_to: 'b',
        assigned_user: { id: 'b', username: 'maker_b' },
        completed_glyph_id: 'g1',
        completed_glyph: { id: 'g1', title: 'Ring of light', thumbnail: null, creator_username: 'maker_b', deleted: false },
      }),
      null,
    );
    expect(within(card).getByRole('link', { name: '@maker_b' }).getAttribute('href')).toBe('/storefront/maker_b');
    expect(within(card).getByRole('link', { name: 'Ring of light' }).getAttribute('href')).toBe('/glyph/g1');
    const open = renderCard(makeRequest({ id: '22222222-2222-4222-8222-222222222222', title: 'Open one' }), null);
    expect(within(open).queryByText(/Assigned to/)).toBeNull();
    expect(within(open).queryByText(/Completed with/)).toBeNull();
  });

  it('falls back to Unknown and Unknown date (spec §8)', () => {
    const card = renderCard(makeRequest({ user: null, created_at: 'not a date' }), null);
    expect(within(card).getByText(MSG.unknownUser)).toBeTruthy();
    expect(within(card).getByText(MSG.unknownDate)).toBeTruthy();
  });

  it('offers Take On only to signed-in people on open requests of others', () => {
    expect(within(renderCard(makeRequest(), 'someone')).getByRole('button', { name: /Take On/ })).toBeTruthy();
  });

  it('hides Take On on your own request and for visitors (who get the log-in text)', () => {
    expect(
      within(renderCard(makeRequest({ id: '55555555-5555-4555-8555-555555555555', title: 'Mine' }), 'owner')).queryByRole(
        'button',
        { name: /Take On/ },
      ),
    ).toBeNull();
    const visitorCard = renderCard(makeRequest({ id: '66666666-6666-4666-8666-666666666666', title: 'Theirs' }), null);
    expect(within(visitorCard).queryByRole('button', { name: /Take On/ })).toBeNull();
    expect(within(visitorCard).getByRole('link', { name: MSG.requestLoginToTakeOn })).toBeTruthy();
  });
});

describe('MyRequestsView (spec §2 My Requests)', () => {
  it('counts both tabs at once and offers own glyphs (titles cut at 30) in the Complete menu', async () => {
    const taken = makeRequest({
      id: '22222222-2222-4222-8222-222222222222',
      title: 'Taken one',
      status: 'in_progress',
      assigned_to: 'me',
      assigned_user: { id: 'me', username: 'me' },
      type: 'assigned',
    });
    const created = [
      makeRequest({ id: '33333333-3333-4333-8333-333333333333', title: 'Mine A', user_id: 'me', type: 'created' }),
      makeRequest({
        id: '44444444-4444-4444-8444-444444444444',
        title: 'Mine B',
        user_id: 'me',
        type: 'created',
        description: 'y'.repeat(120),
      }),
    ];
    const fetchMock = mockApi({
      ...sessionHandlers(null),
      'GET /api/my-glyph-requests': () => ({ body: { requests: [taken, ...created] } }),
      'GET /api/get-glyphs': () => ({
        body: {
          glyphs: [{ id: 'g1', title: 'A glyph whose title is far longer than thirty', deleted: false }],
          nextCursor: null,
        },
      }),
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <MyRequestsView userId="me" />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByRole('tab', { name: 'Taken On (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Created (2)' })).toBeTruthy();

    const user = userEvent.setup();
    const trigger = screen.getByRole('button', { name: /Complete/ });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Complete with glyph:')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Mark as complete (no glyph)' })).toBeTruthy();
    expect(
      await screen.findByRole('menuitem', { name: truncate('A glyph whose title is far longer than thirty', 30) }),
    ).toBeTruthy();
    const glyphCall = fetchMock.mock.calls.map(([input]) => String(input)).find((url) => url.includes('/api/get-glyphs'));
    expect(glyphCall).toContain('creator_id=me');
    expect(glyphCall).toContain('limit=100');

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('tab', { name: 'Created (2)' }));
    const mineB = await screen.findByRole('article', { name: 'Mine B' });
    expect(within(mineB).getByText(`${'y'.repeat(100)}...`)).toBeTruthy();
    expect(within(mineB).getByText(/Assigned to:/)).toBeTruthy();
  }, 20_000);
});
