import { Link } from '../../../lib/router.tsx';
import { COMMUNITY_MSG, type FollowingEntry, COMMON_MSG } from '@glyphary/shared';
import { GlyphCard } from '../../../components/glyph-card.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { useFollowingFeed } from '../api/follows.ts';

/** A release entry's line under its glyph's card: the version, linked to it in the glyph's history. */
function ReleaseLine({ entry }: { entry: FollowingEntry }) {
  if (!entry.release) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <Link to={`${paths.glyph(entry.glyph.id)}#release-${entry.release.id}`} className="underline underline-offset-4 hover:text-muted">
        {COMMUNITY_MSG.followingNewRelease(entry.release.versionName)}
      </Link>
      {entry.release.signerChanged ? (
        <Badge tone="red" dot>
          {COMMON_MSG.signingKeyChanged}
        </Badge>
      ) : null}
    </p>
  );
}

/** /following (issue 19): new glyphs and new releases from the creators you follow, newest first. */
export function FollowingPage() {
  const feed = useFollowingFeed();
  const entries = feed.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section>
      <PageHeader title={COMMUNITY_MSG.followingTitle} description={COMMUNITY_MSG.followingDescription} />
      {feed.isPending ? <p className="text-sm text-muted">Loading...</p> : null}
      {!feed.isPending && entries.length === 0 ? (
        <EmptyState
          title={COMMUNITY_MSG.followingEmpty}
          description={COMMUNITY_MSG.followingEmptyBody}
          action={
            <Link to="/search" className={buttonClasses({ variant: 'secondary' })}>
              Browse Glyphs
            </Link>
          }
        />
      ) : null}
      <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {entries.map((entry, index) => (
          <li key={`${entry.kind}-${entry.release?.id ?? entry.glyph.id}`}>
            <GlyphCard glyph={entry.glyph} index={index} headingLevel={2} showDate={entry.kind === 'glyph'} action={entry.kind === 'release' ? <ReleaseLine entry={entry} /> : undefined} />
          </li>
        ))}
      </ul>
      {feed.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" onClick={() => void feed.fetchNextPage()} loading={feed.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      ) : null}
    </section>
  );
}
