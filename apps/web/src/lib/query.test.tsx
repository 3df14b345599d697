import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BootData } from './boot-data.ts';
import { api } from './api-client.ts';
import { QueryClient, QueryClientProvider, dehydrate, hashKey, hydrate, keepPreviousData, useInfiniteQuery, useQuery, type QueryFunctionContext } from './query.tsx';
import { useMutation } from './mutation.tsx';

const wrapperFor =
  (client: QueryClient) =>
  ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

/** A promise with its resolve, to answer a query function when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('query keys', () => {
  it('are equal whatever the order of an object key’s properties', () => {
    expect(hashKey(['glyphs', { sort: 'latest', limit: 12 }])).toBe(hashKey(['glyphs', { limit: 12, sort: 'latest' }]));
    expect(hashKey(['glyphs', { sort: 'latest' }])).not.toBe(hashKey(['glyphs', { sort: 'popular' }]));
  });
});

describe('useQuery', () => {
  it('makes one request for two components on one key, and shows pending, then the data', async () => {
    const client = new QueryClient();
    const answer = deferred<string>();
    const queryFn = vi.fn(() => answer.promise);
    const { result } = renderHook(
      () => [useQuery({ queryKey: ['a', 1], queryFn }), useQuery({ queryKey: ['a', 1], queryFn })] as const,
      { wrapper: wrapperFor(client) },
    );
    expect(result.current[0].isPending).toBe(true);
    expect(result.current[0].isFetching).toBe(true);
    await act(async () => answer.resolve('one'));
    expect(result.current.map((r) => r.data)).toEqual(['one', 'one']);
    expect(result.current[0].isSuccess).toBe(true);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('shows cached data at once and refreshes it behind when it is stale (stale-while-revalidate)', async () => {
    const client = new QueryClient({ staleTime: 1000 });
    client.setQueryData(['b'], 'cached');
    const queryFn = vi.fn(async () => 'fresh');
    const fresh = renderHook(() => useQuery({ queryKey: ['b'], queryFn }), { wrapper: wrapperFor(client) });
    expect(fresh.result.current.data).toBe('cached');
    expect(queryFn).not.toHaveBeenCalled(); // still fresh
    fresh.unmount();

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2000);
    const stale = renderHook(() => useQuery({ queryKey: ['b'], queryFn }), { wrapper: wrapperFor(client) });
    vi.useRealTimers();
    expect(stale.result.current.data).toBe('cached');
    await waitFor(() => expect(stale.result.current.data).toBe('fresh'));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('does not fetch while disabled; an error is the error state, and refetch recovers', async () => {
    const client = new QueryClient();
    let fail = true;
    const queryFn = vi.fn(async () => {
      if (fail) throw new Error('boom');
      return 'ok';
    });
    const { result, rerender } = renderHook(({ enabled }) => useQuery({ queryKey: ['c'], queryFn, enabled }), {
      wrapper: wrapperFor(client),
      initialProps: { enabled: false },
    });
    expect(result.current.isPending).toBe(true);
    expect(result.current.fetchStatus).toBe('idle');
    expect(queryFn).not.toHaveBeenCalled();
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('boom');
    fail = false;
    await act(() => result.current.refetch());
    expect(result.current.data).toBe('ok');
  });

  it('retries as the client says', async () => {
    vi.useFakeTimers();
    const client = new QueryClient({ retry: (failures) => failures < 1 });
    const queryFn = vi.fn().mockRejectedValueOnce(new Error('flaky')).mockResolvedValueOnce('second');
    const { result } = renderHook(() => useQuery({ queryKey: ['r'], queryFn }), { wrapper: wrapperFor(client) });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    vi.useRealTimers();
    expect(result.current.data).toBe('second');
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('with keepPreviousData, keeps the last key’s data on screen while the next key loads', async () => {
    const client = new QueryClient();
    const answers = new Map([['x', deferred<string>()], ['y', deferred<string>()]]);
    const { result, rerender } = renderHook(
      ({ id }) => useQuery({ queryKey: ['k', id], queryFn: () => answers.get(id)!.promise, placeholderData: keepPreviousData }),
      { wrapper: wrapperFor(client), initialProps: { id: 'x' } },
    );
    await act(async () => answers.get('x')!.resolve('X'));
    rerender({ id: 'y' });
    expect(result.current.data).toBe('X');
    expect(result.current.isPlaceholderData).toBe(true);
    await act(async () => answers.get('y')!.resolve('Y'));
    expect(result.current.data).toBe('Y');
    expect(result.current.isPlaceholderData).toBe(false);
  });

  it('hands the page’s boot data to the query function, so the API client answers from the page once', async () => {
    const fetchMock = vi.fn(async () => new Response('"network"', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({}, new BootData({ '/api/thing': 'from the page' }));
    const queryFn = (context: QueryFunctionContext) => api.get<string>('/thing', context);
    const { result } = renderHook(() => useQuery({ queryKey: ['thing'], queryFn }), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.data).toBe('from the page'));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => client.invalidateQueries({ queryKey: ['thing'] }));
    expect(result.current.data).toBe('network');
    vi.unstubAllGlobals();
  });
});

describe('invalidateQueries', () => {
  it('refetches the queries on screen under a key prefix (objects match by the properties given) and marks the rest stale', async () => {
    const client = new QueryClient({ staleTime: 60_000 });
    let version = 0;
    const fn = vi.fn(async () => ++version);
    const { result } = renderHook(
      () => [useQuery({ queryKey: ['requests', { search: 'a', status: 'open' }], queryFn: fn }), useQuery({ queryKey: ['glyph', '1'], queryFn: fn })] as const,
      { wrapper: wrapperFor(client) },
    );
    await waitFor(() => expect(result.current[1].isSuccess).toBe(true));
    client.setQueryData(['requests', 'off-screen'], 'old');
    await act(() => client.invalidateQueries({ queryKey: ['requests', { status: 'open' }] }));
    expect(fn).toHaveBeenCalledTimes(3);
    expect(result.current[0].data).toBe(3);
    await act(() => client.invalidateQueries({ queryKey: ['requests'] }));
    expect(fn).toHaveBeenCalledTimes(4); // the off-screen entry is only marked stale
    expect(client.getAll().find((q) => q.queryKey[1] === 'off-screen')?.state.isInvalidated).toBe(true);
    await act(() => client.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'glyph' }));
    expect(fn).toHaveBeenCalledTimes(5);
  });
});

describe('cancelQueries', () => {
  it('drops the late answer of a read sent before a mutation, so the mutation’s answer stays', async () => {
    const client = new QueryClient();
    const reads = [deferred<boolean>(), deferred<boolean>()];
    let calls = 0;
    const queryFn = vi.fn(({ signal }: QueryFunctionContext) => {
      const read = reads[calls++] as ReturnType<typeof deferred<boolean>>;
      signal.addEventListener('abort', () => read.reject(new DOMException('Aborted', 'AbortError')));
      return read.promise;
    });
    const { result } = renderHook(() => useQuery({ queryKey: ['like-status', 'g1'], queryFn }), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    expect(result.current.isFetching).toBe(true);
    // The like is saved while the first read is still on its way; its answer is written at once.
    act(() => {
      client.cancelQueries({ queryKey: ['like-status', 'g1'] });
      client.setQueryData(['like-status', 'g1'], true);
    });
    expect(result.current.data).toBe(true);
    expect(result.current.isFetching).toBe(false);
    // The read from before the like answers late: it was aborted, so it changes nothing.
    await act(async () => {
      reads[0]?.resolve(false);
      await Promise.resolve();
    });
    expect(result.current.data).toBe(true);
    expect(result.current.isError).toBe(false);
    // A read sent after the write lands as usual.
    const refetch = act(() => client.invalidateQueries({ queryKey: ['like-status'] }));
    reads[1]?.resolve(false);
    await refetch;
    expect(result.current.data).toBe(false);
  });
});

describe('useInfiniteQuery', () => {
  it('loads more by cursor, knows when there is no more, and a refresh reloads every page shown', async () => {
    const client = new QueryClient();
    const second = deferred<{ items: string[]; next: string | null }>();
    const pages: Record<string, { items: string[]; next: string | null } | Promise<{ items: string[]; next: string | null }>> = {
      start: { items: ['a', 'b'], next: 'p2' },
      p2: second.promise,
    };
    const queryFn = vi.fn(async ({ pageParam }: QueryFunctionContext<string>) => pages[pageParam]!);
    const { result } = renderHook(
      () => useInfiniteQuery({ queryKey: ['list'], queryFn, initialPageParam: 'start', getNextPageParam: (last) => last.next }),
      { wrapper: wrapperFor(client) },
    );
    await waitFor(() => expect(result.current.hasNextPage).toBe(true));
    act(() => void result.current.fetchNextPage());
    expect(result.current.isFetchingNextPage).toBe(true);
    expect(result.current.data?.pages).toHaveLength(1);
    await act(async () => second.resolve({ items: ['c'], next: null }));
    expect(result.current.data?.pages.flatMap((page) => page.items)).toEqual(['a', 'b', 'c']);
    expect(result.current.data?.pageParams).toEqual(['start', 'p2']);
    expect(result.current.hasNextPage).toBe(false);
    expect(result.current.isFetchingNextPage).toBe(false);
    await act(() => client.invalidateQueries({ queryKey: ['list'] }));
    expect(queryFn.mock.calls.map(([context]) => context.pageParam)).toEqual(['start', 'p2', 'start', 'p2']);
  });
});

describe('useMutation', () => {
  it('runs the hook’s callbacks (awaited) before the call’s own, and reports pending, success and error', async () => {
    const client = new QueryClient();
    const order: string[] = [];
    const invalidated = deferred<void>();
    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: async (n: number) => {
            if (n < 0) throw new Error('negative');
            return n * 2;
          },
          onSuccess: async (data) => {
            order.push(`hook ${data}`);
            await invalidated.promise;
          },
          onError: (error) => void order.push(`hook error ${error.message}`),
        }),
      { wrapper: wrapperFor(client) },
    );
    act(() => result.current.mutate(2, { onSuccess: (data) => void order.push(`call ${data}`) }));
    await waitFor(() => expect(order).toEqual(['hook 4']));
    expect(result.current.isPending).toBe(true);
    expect(result.current.variables).toBe(2);
    await act(async () => invalidated.resolve());
    expect(order).toEqual(['hook 4', 'call 4']);
    expect(result.current.isSuccess).toBe(true);
    expect(result.current.data).toBe(4);

    await act(() => expect(result.current.mutateAsync(-1)).rejects.toThrow('negative'));
    expect(result.current.isError).toBe(true);
    expect(order.at(-1)).toBe('hook error negative');
    act(() => result.current.reset());
    expect(result.current.isIdle).toBe(true);
  });
});

describe('dehydrate and hydrate', () => {
  it('carry the successful queries to another client, which then shows them without fetching', async () => {
    const server = new QueryClient();
    server.setQueryData(['glyph', '1'], { title: 'Orbit' });
    const failed = server.ensure({ queryKey: ['broken'], queryFn: async () => Promise.reject(new Error('x')) });
    await failed.fetch();
    const state = JSON.parse(JSON.stringify(dehydrate(server))) as ReturnType<typeof dehydrate>;
    expect(state.queries.map((query) => query.queryKey)).toEqual([['glyph', '1']]);

    const browser = new QueryClient({ staleTime: 30_000 });
    hydrate(browser, state);
    const queryFn = vi.fn(async () => ({ title: 'network' }));
    const { result } = renderHook(() => useQuery({ queryKey: ['glyph', '1'], queryFn }), { wrapper: wrapperFor(browser) });
    expect(result.current.data).toEqual({ title: 'Orbit' });
    expect(queryFn).not.toHaveBeenCalled();
  });
});
