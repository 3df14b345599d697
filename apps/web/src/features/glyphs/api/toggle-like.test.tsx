import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { mockApi } from '../../../test/api-mock.ts';
import { useLikeStatus } from './check-like-status.ts';
import { useToggleLike } from './toggle-like.ts';

afterEach(() => vi.unstubAllGlobals());

describe('useToggleLike', () => {
  it('keeps the toggle’s answer when a like-status read sent before it answers later with the old state', async () => {
    let answerStatusRead: (liked: boolean) => void = () => undefined;
    const statusReads: string[] = [];
    mockApi({
      'GET /api/check-like-status': () => {
        statusReads.push('sent');
        return new Promise((resolve) => {
          answerStatusRead = (liked) => resolve({ body: { liked } });
        });
      },
      'POST /api/toggle-like': () => ({ body: { liked: true, totalLikes: 4 } }),
    });
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => ({ status: useLikeStatus('g1', 'u1'), toggle: useToggleLike('g1', 'u1') }), { wrapper });
    await waitFor(() => expect(statusReads).toHaveLength(1));
    expect(result.current.status.isFetching).toBe(true);

    await act(() => result.current.toggle.mutateAsync());
    await waitFor(() => expect(result.current.status.data).toBe(true));
    expect(result.current.status.isFetching).toBe(false);

    // The read from before the like answers now, with the state from before: it was cancelled.
    await act(async () => {
      answerStatusRead(false);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(client.getQueryData(['like-status', 'g1', 'u1'])).toBe(true);
    expect(result.current.status.data).toBe(true);
    expect(result.current.status.isError).toBe(false);
    expect(statusReads).toHaveLength(1);
  });
});
