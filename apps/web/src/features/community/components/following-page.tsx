import { Link } from '../../../lib/router.tsx';
import { COMMUNITY_MSG } from '@glyphary/shared';
import { GlyphCard } from '../../../components/glyph-card.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useFollowingFeed } from '../api/follows.ts';

/** /following (issue 19): new glyphs from the creators you follow, newest first. */
export function FollowingPage() {
  const feed = useFollowingFeed();
  const glyphs = feed.data?.pages.flatMap((page) => page.glyphs) ?? [];
  return (
    <section>
      <PageHeader title={COMMUNITY_MSG.followingTitle} description="New glyphs from the creators you follow." />
      {feed.isPending ? <p className="text-sm text-muted">Loading...</p> : null}
      {!feed.isPending && glyphs.length === 0 ? (
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
        {glyphs.map((glyph, index) => (
          <li key={glyph.id}>
            <GlyphCard glyph={glyph} index={index} headingLevel={2} showDate />
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
