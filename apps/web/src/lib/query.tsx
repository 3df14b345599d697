import { createContext, use, useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { BootData } from './boot-data.ts';

/**
 * The app's data layer (decision 0036): keyed queries with one request in flight per key and
 * stale-while-revalidate, paged lists ("Load more"), invalidation by key prefix, the server
 * render's dehydrate/hydrate; mutations are mutation.tsx (the shell loads this module, and no page
 * needs a write for its first render: decision 0044). TanStack Query's names and behaviour for the part the app
 * uses, at ~2 KB instead of ~11 KB of initial JavaScript.
 *
 * The client also owns the page's boot data (decision 0013): every query function gets it in its
 * context and hands it to the API client, so the first request for an embedded URL is answered
 * from the page.
 */

export type QueryKey = readonly unknown[];
export type QueryStatus = 'pending' | 'error' | 'success';
export type FetchStatus = 'fetching' | 'idle';

/** What a query function receives: pass it on to the API client (`signal` and the page's `boot`). */
export interface QueryFunctionContext<TPageParam = never> {
  signal: AbortSignal;
  boot?: BootData;
  pageParam: TPageParam;
}

type Retry = boolean | number | ((failureCount: number, error: Error) => boolean);

// A method signature: its parameter is bivariant, so options of any data type fit one cache.
type RefetchInterval<TData> = { decide(query: { state: QueryState<TData> }): number | false }['decide'];

export interface QueryOptions<TData = unknown> {
  queryKey: QueryKey;
  queryFn: (context: QueryFunctionContext<never>) => Promise<TData>;
  enabled?: boolean;
  staleTime?: number;
  retry?: Retry;
  /** Milliseconds between refetches while on screen (a function of the query: decided after each answer). */
  refetchInterval?: number | RefetchInterval<TData>;
  placeholderData?: typeof keepPreviousData;
}

export interface InfiniteData<TPage, TPageParam = unknown> {
  pages: TPage[];
  pageParams: TPageParam[];
}

export interface InfiniteQueryOptions<TPage = unknown, TPageParam = unknown> extends Omit<QueryOptions<InfiniteData<TPage, TPageParam>>, 'queryFn'> {
  queryFn: (context: QueryFunctionContext<TPageParam>) => Promise<TPage>;
  initialPageParam: TPageParam;
  getNextPageParam: (lastPage: TPage, pages: TPage[]) => TPageParam | null | undefined;
}

export interface QueryState<TData = unknown> {
  data: TData | undefined;
  error: Error | null;
  status: QueryStatus;
  fetchStatus: FetchStatus;
  dataUpdatedAt: number;
  isInvalidated: boolean;
  /** True while the fetch is "Load more" (the next page), not a refresh. */
  fetchingNext: boolean;
}

/** Identity helpers, kept for their types (and TanStack Query's names). */
export const queryOptions = <TData,>(options: QueryOptions<TData>) => options;
export const infiniteQueryOptions = <TPage, TPageParam>(options: InfiniteQueryOptions<TPage, TPageParam>) => options;

/** placeholderData marker: while a new key loads, keep showing the previous key's data. */
export function keepPreviousData(): void {}

/** A key's identity: JSON with object keys sorted, so `{a, b}` and `{b, a}` are one query. */
export const hashKey = (key: QueryKey): string =>
  JSON.stringify(key, (_k, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  );

/** True when `prefix` matches the start of `key` (objects: every property the prefix names matches). */
function partialMatch(key: unknown, prefix: unknown): boolean {
  if (key === prefix) return true;
  if (!key || !prefix || typeof key !== 'object' || typeof prefix !== 'object') return false;
  return Object.keys(prefix).every((k) => partialMatch((key as Record<string, unknown>)[k], (prefix as Record<string, unknown>)[k]));
}

const pendingState = (): QueryState => ({ data: undefined, error: null, status: 'pending', fetchStatus: 'idle', dataUpdatedAt: 0, isInvalidated: false, fetchingNext: false });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isBrowser = typeof window !== 'undefined';
const GC_MS = 5 * 60_000;

export class Query<TData = unknown> {
  state: QueryState<TData> = pendingState() as QueryState<TData>;
  observers = 0;
  /** Observers that want data (`enabled`): invalidation refetches the query only when there is one. */
  private enabledObservers = 0;
  private listeners = new Set<() => void>();
  private controller: AbortController | null = null;
  private promise: Promise<void> | null = null;
  private gcTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly client: QueryClient;
  readonly queryKey: QueryKey;
  readonly queryHash: string;
  options: QueryOptions<TData> | InfiniteQueryOptions;

  constructor(client: QueryClient, queryKey: QueryKey, queryHash: string, options: QueryOptions<TData> | InfiniteQueryOptions) {
    this.client = client;
    this.queryKey = queryKey;
    this.queryHash = queryHash;
    this.options = options;
    this.scheduleGc();
  }

  setState(patch: Partial<QueryState<TData>>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  isStale(): boolean {
    const staleTime = this.options.staleTime ?? this.client.defaults.staleTime ?? 0;
    return this.state.isInvalidated || this.state.data === undefined || Date.now() - this.state.dataUpdatedAt >= staleTime;
  }

  isActive(): boolean {
    return this.enabledObservers > 0;
  }

  addObserver(enabled: boolean): () => void {
    this.observers++;
    if (enabled) this.enabledObservers++;
    clearTimeout(this.gcTimer);
    return () => {
      this.observers--;
      if (enabled) this.enabledObservers--;
      this.scheduleGc();
    };
  }

  private scheduleGc(): void {
    clearTimeout(this.gcTimer);
    if (isBrowser && this.observers === 0) this.gcTimer = setTimeout(() => this.observers === 0 && this.client.remove(this), GC_MS);
  }

  /** Runs the query function (one request per key at a time; `force` restarts a running one). */
  fetch(force = false, next = false): Promise<void> {
    if (this.promise && !force) return this.promise;
    this.controller?.abort();
    const controller = (this.controller = new AbortController());
    this.setState({ fetchStatus: 'fetching', fetchingNext: next });
    const run = async () => {
      const retry = this.options.retry ?? this.client.defaults.retry ?? 0;
      for (let failures = 0; ; failures++) {
        try {
          return await this.run(controller.signal, next);
        } catch (error) {
          const again = typeof retry === 'function' ? retry(failures, error as Error) : retry === true || failures < Number(retry);
          if (controller.signal.aborted || !again) throw error;
          await sleep(Math.min(1000 * 2 ** failures, 30_000));
        }
      }
    };
    const promise = run().then(
      (data) => {
        if (this.controller === controller) this.setData(data);
      },
      (error: unknown) => {
        if (this.controller !== controller) return;
        this.setState({ error: error as Error, status: 'error', fetchStatus: 'idle', fetchingNext: false });
      },
    );
    this.promise = promise.finally(() => {
      if (this.controller === controller) {
        this.promise = null;
        this.controller = null;
      }
    });
    return this.promise;
  }

  private async run(signal: AbortSignal, next: boolean): Promise<TData> {
    const boot = this.client.boot;
    if (!('getNextPageParam' in this.options)) return (this.options as QueryOptions<TData>).queryFn({ signal, boot, pageParam: undefined as never });
    const { queryFn, initialPageParam, getNextPageParam } = this.options;
    const old = this.state.data as InfiniteData<unknown> | undefined;
    const data: InfiniteData<unknown> = { pages: [], pageParams: [] };
    // "Load more" adds one page; a refresh reloads as many pages as were shown, in order.
    const count = next ? 1 : Math.max(1, old?.pages.length ?? 0);
    if (next && old) Object.assign(data, { pages: [...old.pages], pageParams: [...old.pageParams] });
    for (let i = 0; i < count; i++) {
      const first = data.pages.length === 0;
      const param = first ? initialPageParam : getNextPageParam(data.pages.at(-1), data.pages);
      if (!first && (param === undefined || param === null)) break;
      data.pages.push(await queryFn({ signal, boot, pageParam: param }));
      data.pageParams.push(param);
    }
    return data as TData;
  }

  setData(data: TData, updatedAt = Date.now()): void {
    this.setState({ data, error: null, status: 'success', fetchStatus: 'idle', dataUpdatedAt: updatedAt, isInvalidated: false, fetchingNext: false });
  }

  cancel(): void {
    this.controller?.abort();
    this.controller = null;
    this.promise = null;
    clearTimeout(this.gcTimer);
  }

  /** Drops the answer of a request under way (it is aborted); the data shown stays. */
  cancelFetch(): void {
    if (!this.controller) return;
    this.controller.abort();
    this.controller = null;
    this.promise = null;
    this.setState({ fetchStatus: 'idle', fetchingNext: false });
  }

  /** Back to pending with no data (the server render drops what the page did not carry). */
  reset(): void {
    this.cancel();
    this.setState(pendingState() as QueryState<TData>);
  }
}

export interface QueryFilters {
  queryKey?: QueryKey;
  predicate?: (query: Query) => boolean;
}

export interface DehydratedState {
  queries: { queryKey: QueryKey; queryHash: string; state: { data: unknown; dataUpdatedAt: number; status: 'success' } }[];
}

interface ClientDefaults {
  staleTime?: number;
  retry?: Retry;
}

export class QueryClient {
  private queries = new Map<string, Query>();
  defaults: ClientDefaults;
  /** The page's embedded answers (decision 0013), handed to every query function. */
  readonly boot: BootData | undefined;

  constructor(defaults: ClientDefaults = {}, boot?: BootData) {
    this.defaults = defaults;
    this.boot = boot;
  }

  /** The query for `options.queryKey`, created on first use; its options are the latest caller's. */
  ensure<TData>(options: QueryOptions<TData> | InfiniteQueryOptions): Query<TData> {
    const hash = hashKey(options.queryKey);
    let query = this.queries.get(hash) as Query<TData> | undefined;
    if (!query) {
      query = new Query<TData>(this, options.queryKey, hash, options);
      this.queries.set(hash, query as Query);
    } else {
      query.options = options;
    }
    return query;
  }

  getAll(): Query[] {
    return [...this.queries.values()];
  }

  find(filters: QueryFilters): Query[] {
    return this.getAll().filter(
      (query) => (!filters.queryKey || partialMatch(query.queryKey, filters.queryKey)) && (!filters.predicate || filters.predicate(query)),
    );
  }

  getQueryData<TData>(queryKey: QueryKey): TData | undefined {
    return this.queries.get(hashKey(queryKey))?.state.data as TData | undefined;
  }

  /** Writes a key's data (`updater` gets the current data; undefined leaves it as it is). */
  setQueryData<TData>(queryKey: QueryKey, updater: TData | undefined | ((old: TData | undefined) => TData | undefined)): void {
    const query = this.queries.get(hashKey(queryKey)) as Query<TData> | undefined;
    const next = typeof updater === 'function' ? (updater as (old: TData | undefined) => TData | undefined)(query?.state.data) : updater;
    if (next === undefined) return;
    (query ?? this.ensure<TData>({ queryKey, queryFn: () => Promise.reject(new Error('No query function')) })).setData(next);
  }

  /**
   * Aborts the requests under way for matching queries, so their answers never land. Call it before
   * writing a mutation's answer: a read sent before the mutation finished can answer after it, with
   * the state from before (a like status read while the like was being saved; decision 0062).
   */
  cancelQueries(filters: QueryFilters = {}): void {
    for (const query of this.find(filters)) query.cancelFetch();
  }

  /** Marks matching queries stale and refetches those on screen; resolves when they have answered. */
  async invalidateQueries(filters: QueryFilters = {}): Promise<void> {
    const active = this.find(filters).filter((query) => {
      query.setState({ isInvalidated: true });
      return query.isActive();
    });
    await Promise.all(active.map((query) => query.fetch(true)));
  }

  /** Loads a key ahead unless fresh data is cached. */
  prefetchQuery<TData>(options: QueryOptions<TData>): Promise<void> {
    const query = this.ensure(options);
    return query.isStale() ? query.fetch() : Promise.resolve();
  }

  remove(query: Query): void {
    query.cancel();
    if (this.queries.get(query.queryHash) === query) this.queries.delete(query.queryHash);
  }

  /** Forgets everything (sign-in and sign-out: another person's data must not show). */
  clear(): void {
    for (const query of this.queries.values()) query.cancel();
    this.queries.clear();
  }
}

/** The successful queries, for the page (server render, decision 0014). */
export function dehydrate(client: QueryClient): DehydratedState {
  return {
    queries: client
      .getAll()
      .filter((query) => query.state.status === 'success')
      .map(({ queryKey, queryHash, state }) => ({ queryKey, queryHash, state: { data: state.data, dataUpdatedAt: state.dataUpdatedAt, status: 'success' } })),
  };
}

/** Fills the cache from a dehydrated state (newer cached data wins). */
export function hydrate(client: QueryClient, state: DehydratedState | undefined): void {
  for (const { queryKey, state: dehydrated } of state?.queries ?? []) {
    const query = client.ensure<unknown>({ queryKey, queryFn: () => Promise.reject(new Error('No query function')) });
    if (query.state.dataUpdatedAt < dehydrated.dataUpdatedAt) query.setData(dehydrated.data, dehydrated.dataUpdatedAt);
  }
}

const QueryClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientContext value={client}>{children}</QueryClientContext>;
}

export function useQueryClient(): QueryClient {
  const client = use(QueryClientContext);
  if (!client) throw new Error('No QueryClient set: wrap the app in <QueryClientProvider>');
  return client;
}

interface ResultBase {
  fetchStatus: FetchStatus;
  isLoading: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<void>;
}

/** TanStack Query's result union: checking `isPending`/`isError`/`data` narrows the rest. */
export type QueryResult<TData> = ResultBase &
  (
    | { status: 'pending'; isPending: true; isError: false; isSuccess: false; data: undefined; error: null }
    | { status: 'error'; isPending: false; isError: true; isSuccess: false; data: undefined; error: Error }
    | { status: 'error'; isPending: false; isError: true; isSuccess: false; data: TData; error: Error }
    | { status: 'success'; isPending: false; isError: false; isSuccess: true; data: TData; error: null }
  );

/** Subscribes to a query: fetches it when enabled and stale, refetches on an interval if asked. */
function useQueryState<TData>(options: QueryOptions<TData> | InfiniteQueryOptions) {
  const client = useQueryClient();
  const query = client.ensure<TData>(options);
  const state = useSyncExternalStore(query.subscribe, () => query.state, () => query.state);
  const enabled = options.enabled !== false;
  const every = options.refetchInterval;
  const interval = typeof every === 'function' ? (every as RefetchInterval<TData>)(query) : every;
  useEffect(() => {
    const release = query.addObserver(enabled);
    if (enabled && query.isStale() && query.state.fetchStatus === 'idle') void query.fetch();
    const timer = enabled && interval ? setInterval(() => void query.fetch(), interval) : undefined;
    return () => {
      clearInterval(timer);
      release();
    };
  }, [query, enabled, interval]);

  // keepPreviousData: while a new key has nothing yet, the last key's data stays on screen.
  // (State adjusted during render, React's pattern for "information from previous renders".)
  const keep = options.placeholderData === keepPreviousData;
  const [previous, setPrevious] = useState<TData | undefined>(undefined);
  if (keep && state.data !== undefined && state.data !== previous) setPrevious(state.data);
  const placeholder = keep && state.data === undefined ? previous : undefined;
  const data = state.data ?? placeholder;
  const isPlaceholderData = placeholder !== undefined;
  const status: QueryStatus = isPlaceholderData ? 'success' : state.status;
  const fetchStatus = enabled ? state.fetchStatus : 'idle';
  const refetch = useCallback(() => query.fetch(true), [query]);
  return {
    query,
    result: {
      data,
      error: state.error,
      status,
      fetchStatus,
      isPending: status === 'pending',
      isLoading: status === 'pending' && fetchStatus === 'fetching',
      isError: status === 'error',
      isSuccess: status === 'success',
      isFetching: fetchStatus === 'fetching',
      isPlaceholderData,
      refetch,
    } as QueryResult<TData>,
  };
}

export function useQuery<TData>(options: QueryOptions<TData>): QueryResult<TData> {
  return useQueryState(options).result;
}

export function useInfiniteQuery<TPage, TPageParam>(options: InfiniteQueryOptions<TPage, TPageParam>) {
  const { query, result } = useQueryState<InfiniteData<TPage, TPageParam>>(options as unknown as InfiniteQueryOptions);
  const pages = result.data?.pages;
  const nextParam = pages?.length ? options.getNextPageParam(pages[pages.length - 1] as TPage, pages) : undefined;
  const fetchNextPage = useCallback(() => query.fetch(false, true), [query]);
  return {
    ...result,
    hasNextPage: nextParam !== undefined && nextParam !== null,
    isFetchingNextPage: result.isFetching && query.state.fetchingNext,
    fetchNextPage,
  };
}
