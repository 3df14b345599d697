import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMUNITY_MSG, REPORT_REASON_LABELS, type Release } from '@glyphary/shared';
import { makeProfile, mockApi, sessionHandlers, type MockHandler } from '../../test/api-mock.ts';
import { makeGlyph } from '../../test/glyph-fixture.ts';
import { renderApp } from '../../test/render-app.tsx';

// The route is loaded lazily: allow for a busy machine.
const SLOW = { timeout: 10_000 };
const GLYPH_ID = '11111111-1111-4111-8111-111111111111';

const release = (id: string, versionName: string | null, versionCode: number): Release => ({
  id,
  versionName,
  versionCode,
  changelog: '',
  apkUrl: `/api/files/apks/${id}.apk`,
  size: 2048,
  sha256: 'a'.repeat(64),
  downloads: 0,
  createdAt: '2026-03-04T10:00:00.000Z',
  signerChanged: false,
});
const RELEASES = [release('22222222-2222-4222-8222-222222222222', '1.1', 2), release('33333333-3333-4333-8333-333333333333', '1.0', 1)];

function glyphHandlers(creatorId: string): Record<string, MockHandler> {
  return {
    [`GET /api/get-glyph/${GLYPH_ID}`]: () => ({ body: { glyph: makeGlyph({ id: GLYPH_ID, creatorId, apkUrl: '/api/files/apks/x.apk' }) } }),
    [`GET /api/glyphs/${GLYPH_ID}/releases`]: () => ({ body: { releases: RELEASES } }),
    [`GET /api/glyphs/${GLYPH_ID}/comments`]: () => ({ body: { comments: [], nextCursor: null, commentsEnabled: true } }),
  };
}

/**
 * jsdom has neither: 'Install on your phone' asks whether the screen is desktop-sized, the
 * description measures whether it needs 'Show more'.
 */
function stubLayoutApis(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

describe('glyph page: the like button', () => {
  beforeEach(stubLayoutApis);

  it('waits for the caller’s like status before it can be pressed, then shows and toggles it', async () => {
    let answerStatus!: () => void;
    const status = new Promise<void>((resolve) => (answerStatus = resolve));
    const toggles: unknown[] = [];
    mockApi({
      ...sessionHandlers(makeProfile()),
      ...glyphHandlers('someone-else'),
      'GET /api/check-like-status': async () => {
        await status;
        return { body: { liked: true } };
      },
      'POST /api/toggle-like': ({ body }) => {
        toggles.push(body);
        return { body: { liked: false, totalLikes: 0 } };
      },
    });
    renderApp(`/glyph/${GLYPH_ID}`);
    // Already liked on the server: a "Like" press now would unlike it.
    const pending = await screen.findByRole('button', { name: 'Like' }, SLOW);
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    answerStatus();
    const liked = await screen.findByRole('button', { name: 'Liked' });
    expect((liked as HTMLButtonElement).disabled).toBe(false);
    await userEvent.setup().click(liked);
    expect(await screen.findByRole('button', { name: 'Like' })).toBeTruthy();
    expect(toggles).toEqual([{ glyphId: GLYPH_ID }]);
  });
});

describe('glyph page: reporting a release (issue 19)', () => {
  beforeEach(stubLayoutApis);

  it('each release row has Report, with the same dialog as a glyph; it sends targetType release', async () => {
    const reports: unknown[] = [];
    mockApi({
      ...sessionHandlers(makeProfile()),
      ...glyphHandlers('someone-else'),
      'POST /api/reports': ({ body }) => {
        reports.push(body);
        return { body: { success: true, report: {} } };
      },
    });
    renderApp(`/glyph/${GLYPH_ID}`);
    const button = await screen.findByRole('button', { name: 'Report release 1.1' }, SLOW);
    expect(screen.getByRole('button', { name: 'Report release 1.0' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Report this release' });
    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.malware }));
    await user.type(within(dialog).getByLabelText('Details (optional)'), 'Asks for SMS permissions');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(COMMUNITY_MSG.reportSent)).toBeTruthy();
    expect(reports).toEqual([{ targetType: 'release', targetId: RELEASES[0]!.id, reason: 'malware', details: 'Asks for SMS permissions' }]);
  });

  it('the creator gets no Report on their own releases', async () => {
    mockApi({ ...sessionHandlers(makeProfile()), ...glyphHandlers('user-1') });
    renderApp(`/glyph/${GLYPH_ID}`);
    await screen.findByRole('button', { name: 'Download 1.1' }, SLOW);
    expect(screen.queryByRole('button', { name: /^Report release/ })).toBeNull();
  });

  it('a visitor is sent to log in instead of the dialog', async () => {
    mockApi({ ...sessionHandlers(null), ...glyphHandlers('someone-else') });
    const { router } = renderApp(`/glyph/${GLYPH_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report release 1.0' }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
