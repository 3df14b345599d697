import { useEffect, useEffectEvent, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from '../lib/router.tsx';
import { Download, Eye, Heart } from 'lucide-react';
import { CARD_STAGGER_MAX_ITEMS, CARD_STAGGER_SECONDS, formatCount, formatDate, pluralize, type Glyph, COMMON_MSG } from '@glyphary/shared';

/** More than a second between sharing and the last change: the glyph was updated since (issue 18). */
const isUpdated = (glyph: Pick<Glyph, 'createdAt' | 'updatedAt'>) => new Date(glyph.updatedAt).getTime() - new Date(glyph.createdAt).getTime() > 1000;
import { paths } from '../config/paths.ts';
import { cn } from '../lib/cn.ts';
import { onceVisible, usePagePreload } from '../lib/page-preload.ts';
import { DeviceBadges } from './device-badges.tsx';
import { GlyphPlayerCore } from './glyph-player/player-core.tsx';
import { DotMatrix } from './ui/dot-matrix.tsx';
import { Skeleton } from './ui/skeleton.tsx';

/** Thumbnails are square WebP images (issue 3); the attributes reserve their box before they load. */
const THUMB_SIZE = 480;

/** Cards past the first screens skip layout and paint until scrolled near (a search shows 100). */
const RENDER_ON_DEMAND_FROM = 12;

/**
 * The entrance delay of the card at `index`: 0.1 s per item (spec §2 Search), capped so a long grid
 * never keeps cards hidden for long. Only applied under `motion-safe` (prefers-reduced-motion).
 */
export function cardStaggerDelay(index: number): string {
  const step = Math.min(Math.max(index, 0), CARD_STAGGER_MAX_ITEMS);
  return `${(step * CARD_STAGGER_SECONDS).toFixed(1)}s`;
}

function GlyphThumbnail({ glyph, priority }: { glyph: Glyph; priority: boolean }) {
  // Issue 16: an animated glyph shows its poster at once; the player takes over while the card is visible.
  if (glyph.animation) {
    return (
      <div className="aspect-square bg-black p-[6%]">
        <GlyphPlayerCore
          src={glyph.animation.url}
          posterUrl={glyph.animation.posterUrl}
          size={glyph.animation.width}
          flashing={glyph.animation.flashing}
          title={glyph.title}
          variant="compact"
          priority={priority}
        />
      </div>
    );
  }
  return <GlyphImage glyph={glyph} priority={priority} />;
}

function GlyphImage({ glyph, priority }: { glyph: Glyph; priority: boolean }) {
  const source = glyph.thumbnails[0] ?? glyph.images[0] ?? null;
  const [failed, setFailed] = useState(false);
  if (!source || failed) {
    return (
      <div className="flex aspect-square items-center justify-center bg-black p-[12%]">
        <DotMatrix pattern="glyph" seed={glyph.id} className="max-w-full" />
      </div>
    );
  }
  return (
    <img
      src={source}
      alt=""
      width={THUMB_SIZE}
      height={THUMB_SIZE}
      loading={priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className="aspect-square h-auto w-full bg-raised object-cover"
    />
  );
}

function Count({ icon, value, singular }: { icon: ReactNode; value: number; singular: string }) {
  return (
    <span className="inline-flex items-center gap-1" title={pluralize(value, singular)}>
      {icon}
      <span aria-hidden="true">{formatCount(value)}</span>
      <span className="sr-only">{pluralize(value, singular)}</span>
    </span>
  );
}

export interface GlyphCardProps {
  glyph: Glyph;
  /** Position in the grid since the last batch appeared; drives the staggered entrance. */
  index?: number;
  /** Shows the created date (spec §2 Liked cards). */
  showDate?: boolean;
  /** A control under the counts (e.g. Unlike on /liked); sits above the card's link. */
  action?: ReactNode;
  headingLevel?: 2 | 3;
  /** Renders the title and description text, e.g. with matching search words marked (issue 5). */
  renderText?: (text: string) => ReactNode;
  /** Load the picture at once with high priority (the first cards of a grid that opens the page). */
  priority?: boolean;
}

/**
 * THE glyph card used on every list: thumbnail (WebP thumbnail, else first image, else a round
 * dot-matrix placeholder), title, two-line description, creator link, downloads/views/likes.
 * The whole card opens /glyph/{id}; the creator link and `action` stay separately clickable.
 */
export function GlyphCard({ glyph, index = 0, showDate = false, action, headingLevel = 3, renderText, priority = false }: GlyphCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const style: CSSProperties = { animationDelay: cardStaggerDelay(index) };
  // Issue 17: the glyph page's code and data load when the card is seen, hovered or focused, so
  // opening it shows the glyph at once instead of 'Loading...'; the card's glyph is its preview.
  const preloadPage = usePagePreload();
  const preload = () => preloadPage(paths.glyph(glyph.id), glyph);
  const preloadWhenSeen = useEffectEvent(preload);
  const card = useRef<HTMLElement>(null);
  useEffect(() => (card.current ? onceVisible(card.current, () => preloadWhenSeen()) : undefined), []);
  return (
    <article
      ref={card}
      onPointerEnter={preload}
      onFocus={preload}
      style={style}
      className="group relative flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-surface transition-colors focus-within:border-line-strong hover:border-line-strong hover:bg-raised motion-safe:animate-card-in"
    >
      <GlyphThumbnail glyph={glyph} priority={priority} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="font-sans text-base leading-snug font-semibold tracking-normal">
          <Link
            to={paths.glyph(glyph.id)}
            className="line-clamp-2 break-words after:absolute after:inset-0 after:rounded-[var(--radius-card)] after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-white"
          >
            {renderText ? renderText(glyph.title) : glyph.title}
          </Link>
        </Heading>
        <p className="line-clamp-2 text-sm break-words text-muted">{renderText ? renderText(glyph.description) : glyph.description}</p>
        <DeviceBadges devices={glyph.apkDevices} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 pt-1 text-sm">
          <Link
            to={paths.storefront(glyph.creatorUsername)}
            className="relative z-10 max-w-full truncate text-fg underline-offset-2 hover:underline"
          >
            @{glyph.creatorUsername}
          </Link>
          {showDate ? (
            // Issue 18: a glyph with a newer release (or edit) shows when it was updated.
            isUpdated(glyph) ? (
              <time dateTime={glyph.updatedAt} className="text-xs text-subtle">
                {COMMON_MSG.updatedOn(formatDate(glyph.updatedAt))}
              </time>
            ) : (
              <time dateTime={glyph.createdAt} className="text-xs text-subtle">
                {formatDate(glyph.createdAt)}
              </time>
            )
          ) : null}
        </div>
        <div className="flex items-center gap-4 text-xs text-muted">
          <Count icon={<Download size={14} aria-hidden="true" />} value={glyph.downloads} singular="download" />
          <Count icon={<Eye size={14} aria-hidden="true" />} value={glyph.views} singular="view" />
          <Count icon={<Heart size={14} aria-hidden="true" />} value={glyph.likes} singular="like" />
        </div>
        {action ? <div className="relative z-10 pt-1">{action}</div> : null}
      </div>
    </article>
  );
}

const GRID_CLASSES = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4';

/**
 * A responsive grid of glyph cards. `batchStart` is the index of the first card of the newest batch
 * ("Load more"), so each batch staggers from zero instead of waiting behind the earlier ones.
 */
export function GlyphGrid({
  glyphs,
  batchStart = 0,
  showDate,
  renderAction,
  headingLevel,
  label,
  className,
  renderText,
  priorityCount = 0,
}: {
  glyphs: Glyph[];
  batchStart?: number;
  showDate?: boolean;
  renderAction?: (glyph: Glyph) => ReactNode;
  headingLevel?: 2 | 3;
  /** Accessible name of the list. */
  label?: string;
  className?: string;
  renderText?: (text: string) => ReactNode;
  /**
   * How many cards, from the first, load their picture at once with high priority: on a page whose
   * first screen is the grid, the first card's picture is the largest paint, and a lazy image is
   * only requested after layout.
   */
  priorityCount?: number;
}) {
  return (
    <ul className={cn(GRID_CLASSES, className)} aria-label={label}>
      {glyphs.map((glyph, i) => (
        <li key={glyph.id} className={i >= RENDER_ON_DEMAND_FROM ? '[contain-intrinsic-size:auto_360px] [content-visibility:auto]' : undefined}>
          <GlyphCard
            glyph={glyph}
            index={i - batchStart}
            showDate={showDate}
            headingLevel={headingLevel}
            action={renderAction ? renderAction(glyph) : undefined}
            renderText={renderText}
            priority={i < priorityCount}
          />
        </li>
      ))}
    </ul>
  );
}

/** The grid's loading state: card-shaped skeletons (decorative; the caller announces loading). */
export function GlyphGridSkeleton({ count = 8, className }: { count?: number; className?: string }) {
  return (
    <div className={cn(GRID_CLASSES, className)} aria-hidden="true" data-testid="glyph-grid-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-surface">
          <Skeleton className="aspect-square w-full rounded-none" />
          <div className="flex flex-col gap-2 p-4">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  );
}
