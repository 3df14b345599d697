import { Plus, Search } from 'lucide-react';
import { useEffect, useState, type ReactNode, lazy, Suspense } from 'react';
import { Link, useSearchParams } from '../../../lib/router.tsx';
import {
  GLYPH_DEVICE_LABELS,
  GLYPH_DEVICES,
  pluralize,
  REQUEST_SORTS,
  REQUEST_STATUSES,
  type GlyphDevice,
  type GlyphRequest,
  type RequestSort,
  type RequestStatus,
  COMMON_MSG,
  REQUEST_MSG,
} from '@glyphary/shared';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SingleChoiceRow } from '../../../components/ui/filter-row.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { controlClasses } from '../../../components/ui/control-classes.ts';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { useRequests } from '../api/get-requests.ts';
import { useOpenedOnce } from '../../../components/ui/dialog.tsx';
import type { ImageUploadSlot } from './create-request-dialog.tsx';
import { RequestCard } from './request-card.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';
import { useTakeOn } from './use-take-on.ts';

// The request form loads when it is first opened.
const CreateRequestDialog = lazy(() => import('./create-request-dialog.tsx').then((m) => ({ default: m.CreateRequestDialog })));

const SEARCH_DEBOUNCE_MS = 300;

/** Issue 17: the board's status filter, in the URL (`?status=`) so a filtered board is linkable. */
export const STATUS_PARAM = 'status';
const STATUS_OPTIONS: ReadonlyArray<{ value: RequestStatus | undefined; label: string }> = [
  { value: undefined, label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];
/** Issue 48: the board's phone filter, in the URL (`?device=`). */
export const DEVICE_PARAM = 'device';
const DEVICE_OPTIONS: ReadonlyArray<{ value: GlyphDevice | undefined; label: string }> = [
  { value: undefined, label: REQUEST_MSG.requestDeviceAny },
  ...GLYPH_DEVICES.map((device) => ({ value: device, label: GLYPH_DEVICE_LABELS[device] })),
];
const isDevice = (value: string | null): value is GlyphDevice => value !== null && (GLYPH_DEVICES as readonly string[]).includes(value);
const isStatus = (value: string | null): value is RequestStatus =>
  value !== null && (REQUEST_STATUSES as readonly string[]).includes(value);

/** Issue 17: the board's sort, in the URL (`?sort=votes`; the default, latest, is left out). */
export const SORT_PARAM = 'sort';
const isSort = (value: string | null): value is RequestSort =>
  value !== null && (REQUEST_SORTS as readonly string[]).includes(value);

/**
 * A board setting kept in one query parameter: the value the URL asks for (`fallback` when absent or
 * unknown) and a setter that writes it, leaving it out when it is the fallback. Each change is a new
 * history entry (Back returns to the previous setting); the page keeps its scroll position, since only a
 * new pathname scrolls to the top (root-layout.tsx).
 */
function useBoardParam<T extends string, F extends T | undefined>(
  name: string,
  isValue: (value: string | null) => value is T,
  fallback: F,
): [T | F, (next: T | F) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(name);
  const value = isValue(asked) ? asked : fallback;
  const setValue = (next: T | F) => {
    const updated = new URLSearchParams(params);
    if (next !== undefined && next !== fallback) updated.set(name, next);
    else updated.delete(name);
    setParams(updated);
  };
  return [value, setValue];
}

export interface RequestBoardProps {
  /** The signed-in user's id, or null for visitors (no Create Request, no Take On). */
  viewerId: string | null;
  imageUpload?: ImageUploadSlot;
  /** Open the Create dialog at once (links such as 'Create Request' on My Requests). */
  startCreating?: boolean;
  /** Issue 19: more controls on each card (votes, report), provided by the route. */
  renderCardExtras?: (request: GlyphRequest, visibleIds: string[]) => ReactNode;
}

/**
 * spec §2 Requests: search (debounced; the box keeps focus and the list stays on screen while the
 * next results load), Create Request for signed-in users, the cards, and Load more beyond 20.
 * Issue 17: a status filter (all, or one of the spec's four statuses) kept in the URL.
 */
export function RequestBoard({ viewerId, imageUpload, startCreating = false, renderCardExtras }: RequestBoardProps) {
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const [creating, setCreating] = useState(startCreating && viewerId !== null);
  const createOpened = useOpenedOnce(creating);
  const [sort, setSort] = useBoardParam<RequestSort, RequestSort>(SORT_PARAM, isSort, 'latest');
  const [status, setStatus] = useBoardParam<RequestStatus, undefined>(STATUS_PARAM, isStatus, undefined);
  const [device, setDevice] = useBoardParam<GlyphDevice, undefined>(DEVICE_PARAM, isDevice, undefined);
  const query = useRequests(search, sort, status, device);
  const { takeOn, pendingId } = useTakeOn();

  useEffect(() => {
    // spec §8: a failed load is logged and the list becomes empty.
    if (query.error) console.error('Failed to load requests', query.error);
  }, [query.error]);

  const requests = query.error ? [] : (query.data?.pages.flatMap((page) => page.requests) ?? []);
  const visibleIds = requests.map((request) => request.id);
  const total = query.data?.pages[0]?.total ?? 0;
  const isSearching = query.isFetching && !query.isFetchingNextPage && query.isPlaceholderData;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div role="search" className="relative flex-1">
          <label htmlFor="request-search" className="sr-only">
            Search requests
          </label>
          <Search
            size={18}
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-muted"
          />
          <input
            id="request-search"
            type="search"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            placeholder="Search requests by title, description or tag"
            maxLength={100}
            autoComplete="off"
            className={cn(controlClasses, 'pr-12 pl-11')}
          />
          {isSearching ? <Spinner size="sm" className="absolute top-1/2 right-4 -translate-y-1/2 text-muted" /> : null}
        </div>
        <label className="flex items-center gap-2 text-sm text-muted">
          Sort
          <select
            value={sort}
            onChange={(event) => setSort(event.target.value as RequestSort)}
            className={cn(controlClasses, 'w-auto')}
          >
            <option value="latest">Newest</option>
            <option value="votes">Most wanted</option>
          </select>
        </label>
        {viewerId !== null ? (
          <Button onClick={() => setCreating(true)} size="lg">
            <Plus size={18} aria-hidden="true" />
            Create Request
          </Button>
        ) : null}
      </div>

      <SingleChoiceRow label="Filter by status" title="Status" options={STATUS_OPTIONS} value={status} onChange={setStatus} />
      <SingleChoiceRow label="Filter by phone" title={REQUEST_MSG.requestDeviceFilter} options={DEVICE_OPTIONS} value={device} onChange={setDevice} />

      {viewerId === null ? (
        <Banner tone="info">
          {REQUEST_MSG.requestLoginToCreate}.{' '}
          <Link to={paths.loginWithRedirect(paths.requestGlyphs)} className="font-medium underline underline-offset-2">
            Log In
          </Link>
        </Banner>
      ) : null}

      <p className="sr-only" role="status">
        {query.isPending ? '' : search ? `${pluralize(total, 'request')} found for ${search}` : ''}
      </p>

      {query.isPending ? (
        <ul aria-label="Loading requests" className="grid gap-4 md:grid-cols-2">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i}>
              <Skeleton className="h-52" />
            </li>
          ))}
        </ul>
      ) : requests.length === 0 ? (
        <EmptyState
          title={COMMON_MSG.noRequestsFound}
          description={
            search ? 'Try a different search term' : status || device ? REQUEST_MSG.requestTryAnotherFilter : 'Be the first to create a glyph request!'
          }
          action={
            viewerId !== null && !search && !status && !device ? (
              <Button onClick={() => setCreating(true)} variant="outline">
                Create Request
              </Button>
            ) : null
          }
        />
      ) : (
        <ul
          aria-label="Glyph requests"
          aria-busy={isSearching || undefined}
          className={cn('grid gap-4 md:grid-cols-2', isSearching && 'opacity-70 transition-opacity')}
        >
          {requests.map((request) => (
            <li key={request.id}>
              <RequestCard
                request={request}
                viewerId={viewerId}
                onTakeOn={(r) => void takeOn(r)}
                takingOn={pendingId === request.id}
                extras={renderCardExtras?.(request, visibleIds)}
              />
            </li>
          ))}
        </ul>
      )}

      {query.hasNextPage && !query.error ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      ) : null}

      {viewerId !== null && createOpened ? (
        <Suspense fallback={null}>
          <CreateRequestDialog open={creating} onOpenChange={setCreating} imageUpload={imageUpload} />
        </Suspense>
      ) : null}
    </div>
  );
}
