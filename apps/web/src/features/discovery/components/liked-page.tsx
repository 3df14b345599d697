import { useEffect } from 'react';
import { Link } from '../../../lib/router.tsx';
import { HeartOff } from 'lucide-react';
import { DISCOVERY_MSG } from '@glyphary/shared';
import { GlyphGrid, GlyphGridSkeleton } from '../../../components/glyph-card.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUserLikes } from '../api/get-user-likes.ts';
import { useUnlike } from '../api/toggle-like.ts';

/**
 * spec §2 Liked (/liked): the signed-in user's liked glyphs, each with an Unlike control.
 * `userId` is the signed-in user's id, or null for a visitor.
 */
export function LikedPage({ userId }: { userId: string | null }) {
  const likes = useUserLikes(userId);
  const unlike = useUnlike(userId);
  const toast = useToast();

  useEffect(() => {
    // spec §8: a liked-list load failure is logged and the list becomes empty.
    if (likes.isError) console.warn('Failed to load liked glyphs', likes.error);
  }, [likes.isError, likes.error]);

  if (!userId) {
    return (
      <EmptyState
        title={DISCOVERY_MSG.likedLoginRequired}
        headingLevel={2}
        action={
          <Link to={paths.loginWithRedirect(paths.liked)} className={buttonClasses()}>
            Log In
          </Link>
        }
      />
    );
  }

  const pages = likes.data?.pages ?? [];
  const glyphs = pages.flatMap((page) => page.glyphs);
  const total = pages[0]?.total ?? 0;
  const batchStart = pages.length > 1 ? glyphs.length - (pages.at(-1)?.glyphs.length ?? 0) : 0;

  return (
    <div>
      <PageHeader title={DISCOVERY_MSG.likedHeading} description={likes.isPending ? '\u00a0' : DISCOVERY_MSG.likedCount(likes.isError ? 0 : total)} />
      {likes.isPending ? (
        <div role="status" aria-label="Loading liked glyphs">
          <GlyphGridSkeleton count={8} />
        </div>
      ) : glyphs.length === 0 ? (
        <EmptyState
          title={DISCOVERY_MSG.likedEmptyTitle}
          description={DISCOVERY_MSG.likedEmptyBody}
          action={
            <Link to={paths.home} className={buttonClasses()}>
              Explore Glyphs
            </Link>
          }
        />
      ) : (
        <div className="flex flex-col items-center gap-6">
          <GlyphGrid
            glyphs={glyphs}
            batchStart={batchStart}
            showDate
            label={DISCOVERY_MSG.likedHeading}
            className="w-full"
            headingLevel={2}
            renderAction={(glyph) => (
              <Button
                variant="ghost"
                size="sm"
                className="-ml-2"
                aria-label={`Unlike ${glyph.title}`}
                loading={unlike.isPending && unlike.variables === glyph.id}
                onClick={() =>
                  unlike.mutate(glyph.id, {
                    onError: (error) => toast.error(errorMessage(error, DISCOVERY_MSG.likedLoadFailed)),
                  })
                }
              >
                <HeartOff size={15} aria-hidden="true" />
                Unlike
              </Button>
            )}
          />
          {likes.hasNextPage ? (
            <Button variant="outline" loading={likes.isFetchingNextPage} onClick={() => void likes.fetchNextPage()}>
              Load more
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
