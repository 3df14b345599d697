import { useState, type ReactNode } from 'react';
import { Link } from '../../../lib/router.tsx';
import { CalendarDays, Globe, MapPin } from 'lucide-react';
import { STOREFRONT_LIMIT, formatCount, formatDate, isHttpUrl, pluralize, type GlyphSort, type PublicUser, COMMON_MSG, DISCOVERY_MSG } from '@glyphary/shared';
import { GlyphGrid, GlyphGridSkeleton } from '../../../components/glyph-card.tsx';
import { ShareButton } from '../../../components/share-button.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Avatar } from '../../../components/ui/dot-text.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useGlyphPages } from '../api/get-glyphs.ts';
import { useUserByUsername } from '../api/get-user-by-username.ts';
import { useUserStats } from '../api/get-user-stats.ts';
import { DebugLogPanel, useLoadLog, useLoadStep, type LoadLog } from './debug-log-panel.tsx';

/**
 * spec §2 / §9 storefront sorts: Latest, Most Downloaded, Most Liked. "Popular" is ordered by
 * downloads first (docs/decisions/0004), so Most Downloaded uses it.
 */
const STOREFRONT_TABS: Array<{ value: GlyphSort; label: string }> = [
  { value: 'latest', label: 'Latest' },
  { value: 'popular', label: 'Most Downloaded' },
  { value: 'liked', label: 'Most Liked' },
];

function Stat({ value, singular, loading }: { value: number | undefined; singular: string; loading: boolean }) {
  const label = pluralize(value ?? 0, singular).replace(/^[\d,]+ /, '');
  return (
    <div className="flex flex-col rounded-2xl border border-line bg-surface px-4 py-3">
      <dt className="order-2 text-xs tracking-wide text-muted uppercase">{label}</dt>
      <dd className="order-1 font-display text-2xl font-bold">{loading ? <Skeleton className="my-1 h-6 w-12" /> : formatCount(value ?? 0)}</dd>
    </div>
  );
}

function StorefrontGlyphs({ userId, sort, label, log }: { userId: string; sort: GlyphSort; label: string; log: LoadLog }) {
  // spec §7: creator_id with limit=100; "Load more" continues by cursor (DESIGN §4.12).
  const query = useGlyphPages({ sort, limit: STOREFRONT_LIMIT, creatorId: userId });
  const pages = query.data?.pages ?? [];
  const glyphs = pages.flatMap((page) => page.glyphs);
  const batchStart = pages.length > 1 ? glyphs.length - (pages.at(-1)?.glyphs.length ?? 0) : 0;
  useLoadStep(log, `Load glyphs (${label})`, query, query.data ? pluralize(glyphs.length, 'glyph') : undefined);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading glyphs">
        <GlyphGridSkeleton count={8} />
      </div>
    );
  }
  if (glyphs.length === 0) return <EmptyState title={COMMON_MSG.noGlyphsFound} headingLevel={3} />;
  return (
    <div className="flex flex-col items-center gap-6">
      <GlyphGrid glyphs={glyphs} batchStart={batchStart} label={`${label} glyphs`} className="w-full" />
      {query.hasNextPage ? (
        <Button variant="outline" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Load more
        </Button>
      ) : null}
    </div>
  );
}

function ProfileHeader({ user, actions }: { user: PublicUser; actions?: ReactNode }) {
  const website = user.website.trim();
  const safeWebsite = website && isHttpUrl(website) ? website : null;
  return (
    <section aria-labelledby="storefront-name" className="flex flex-col">
      <div className="relative h-36 overflow-hidden rounded-[var(--radius-card)] border border-line bg-surface dot-grid sm:h-52">
        {user.bannerImage ? (
          <img src={user.bannerImage} alt="" width={1200} height={300} decoding="async" referrerPolicy="no-referrer" className="h-full w-full object-cover" />
        ) : null}
      </div>
      <div className="relative z-10 -mt-12 flex items-end justify-between gap-4 px-3 sm:-mt-14 sm:px-6">
        <Avatar src={user.profilePicture} name={user.displayName || user.username} size={112} className="border-4 border-canvas" />
        {/* On a phone the actions start below the banner (the row overlaps it by 3 rem), however they
            wrap; from sm they sit at the avatar's foot (issue 48). */}
        <div className="flex flex-wrap items-center justify-end gap-2 self-start pt-14 sm:self-end sm:pt-0">
          {actions}
          <ShareButton />
        </div>
      </div>
      <div className="mt-3 flex min-w-0 flex-col px-2 sm:px-6">
        <h1 id="storefront-name" className="font-display text-3xl font-bold break-words sm:text-4xl">
          {user.displayName || user.username}
        </h1>
        <p className="text-muted">@{user.username}</p>
      </div>
      {user.bio ? <p className="mt-4 max-w-2xl px-2 whitespace-pre-line break-words sm:px-6">{user.bio}</p> : null}
      <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 px-2 text-sm text-muted sm:px-6">
        {user.location ? (
          <li className="inline-flex items-center gap-1.5">
            <MapPin size={15} aria-hidden="true" />
            <span className="sr-only">Location: </span>
            {user.location}
          </li>
        ) : null}
        {safeWebsite ? (
          <li className="inline-flex min-w-0 items-center gap-1.5">
            <Globe size={15} aria-hidden="true" />
            <a href={safeWebsite} target="_blank" rel="noopener noreferrer nofollow ugc" className="truncate text-fg underline">
              {safeWebsite.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
            </a>
          </li>
        ) : null}
        <li className="inline-flex items-center gap-1.5">
          <CalendarDays size={15} aria-hidden="true" />
          Joined {formatDate(user.createdAt)}
        </li>
      </ul>
    </section>
  );
}

/**
 * spec §2 Storefront (/storefront/{username}). `viewerId`/`viewerIsAdmin` describe the signed-in
 * user, who sees the debug panel on their own storefront (admins on every one).
 */
export function StorefrontPage({
  username,
  viewerId,
  viewerIsAdmin,
  renderActions,
}: {
  username: string;
  viewerId: string | null;
  viewerIsAdmin: boolean;
  /** Issue 19: Follow and Report next to Share, provided by the route. */
  renderActions?: (user: PublicUser) => ReactNode;
}) {
  const log = useLoadLog();
  const [tab, setTab] = useState<GlyphSort>('latest');
  const profile = useUserByUsername(username);
  const stats = useUserStats(profile.data?.uid);
  useLoadStep(log, 'Load profile', profile);
  useLoadStep(log, 'Load totals', stats);
  useDocumentTitle(profile.data ? `${profile.data.displayName || profile.data.username} (@${profile.data.username})` : `@${username}`);

  if (profile.isPending) {
    return (
      <div role="status" aria-label="Loading storefront" className="flex flex-col gap-6">
        <Skeleton className="h-36 w-full sm:h-52" />
        <Skeleton className="h-8 w-48" />
        <GlyphGridSkeleton count={4} />
      </div>
    );
  }
  if (profile.isError || !profile.data) {
    const missing = isApiError(profile.error, 404) || /not found/i.test(profile.error?.message ?? '');
    return (
      <EmptyState
        title={missing ? DISCOVERY_MSG.userNotFound : 'This storefront could not be loaded'}
        description={missing ? DISCOVERY_MSG.userDoesNotExist(username) : profile.error?.message}
        action={
          <Link to={paths.home} className={buttonClasses({ variant: 'outline' })}>
            Back to Home
          </Link>
        }
        headingLevel={2}
      />
    );
  }

  const user = profile.data;
  // DESIGN §4.10: the debug panel shows only load steps and timings, to the owner and admins.
  const canSeeDebug = Boolean(viewerId && (viewerId === user.uid || viewerIsAdmin));
  return (
    <div className="flex flex-col gap-8">
      <ProfileHeader user={user} actions={renderActions?.(user)} />
      <dl className="grid grid-cols-3 gap-3" aria-label="Totals">
        <Stat value={stats.data?.glyphs} singular="Glyph" loading={stats.isPending} />
        <Stat value={stats.data?.downloads} singular="Download" loading={stats.isPending} />
        <Stat value={stats.data?.likes} singular="Like" loading={stats.isPending} />
      </dl>
      <section aria-labelledby="storefront-glyphs-title">
        <h2 id="storefront-glyphs-title" className="sr-only">
          Glyphs by @{user.username}
        </h2>
        <Tabs value={tab} onValueChange={(value) => setTab(value as GlyphSort)}>
          <TabsList aria-label="Sort glyphs">
            {STOREFRONT_TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {STOREFRONT_TABS.map((t) => (
            <TabsContent key={t.value} value={t.value}>
              {tab === t.value ? <StorefrontGlyphs userId={user.uid} sort={t.value} label={t.label} log={log} /> : null}
            </TabsContent>
          ))}
        </Tabs>
      </section>
      {canSeeDebug ? <DebugLogPanel steps={log.steps} /> : null}
    </div>
  );
}
