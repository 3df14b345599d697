import { useState } from 'react';
import { Link } from '../../../lib/router.tsx';
import { HOME_PAGE_SIZE, type GlyphSort, COMMON_MSG } from '@glyphary/shared';
import { GlyphGrid, GlyphGridSkeleton } from '../../../components/glyph-card.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { GlyphPlayerCore } from '../../../components/glyph-player/player-core.tsx';
import heroAnimation from '../../../assets/hero.glya?url';
import heroPoster from '../../../assets/hero-poster.webp?no-inline';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { useGlyphList } from '../api/get-glyphs.ts';

const HOME_TABS: Array<{ value: GlyphSort; label: string }> = [
  { value: 'latest', label: 'Latest' },
  { value: 'popular', label: 'Popular' },
];

function HomeList({ sort, label }: { sort: GlyphSort; label: string }) {
  // spec §7: sort=latest&limit=12 and sort=popular&limit=12 (§9: 12 each).
  const query = useGlyphList({ sort, limit: HOME_PAGE_SIZE });
  if (query.isPending) {
    return (
      <div role="status" aria-label={`Loading ${label.toLowerCase()} glyphs`}>
        <GlyphGridSkeleton count={HOME_PAGE_SIZE} />
      </div>
    );
  }
  const glyphs = query.data?.glyphs ?? [];
  if (glyphs.length === 0) return <EmptyState title={COMMON_MSG.noGlyphsFound} headingLevel={3} />;
  return (
    <div className="flex flex-col gap-6">
      <GlyphGrid glyphs={glyphs} label={`${label} glyphs`} />
      {/* The home lists stop at 12 (spec §9): the rest of the catalogue is on Browse, in the same order. */}
      <Link to={paths.search(undefined, sort)} className={buttonClasses({ variant: 'outline', className: 'self-center' })}>
        See all<span className="sr-only"> {label.toLowerCase()} glyphs</span>
      </Link>
    </div>
  );
}

/** spec §2 Home: hero with the three calls to action, then the Latest and Popular tabs. */
export function HomePage() {
  const [tab, setTab] = useState<GlyphSort>('latest');
  return (
    <div className="flex flex-col gap-8 sm:gap-12">
      {/* On a phone the hero is compact (issue 47): the matrix beside the heading, the text and calls to
          action below at full width, so the first toy card is on the first screen. */}
      <section className="grid items-center gap-10 max-sm:grid-cols-[minmax(0,1fr)_7rem] max-sm:gap-x-4 max-sm:gap-y-4 md:grid-cols-[1fr_auto]" aria-labelledby="home-title">
        <div className="flex flex-col gap-6 max-sm:contents">
          <h1 id="home-title" className="font-display text-3xl leading-tight font-bold max-sm:col-start-1 max-sm:row-start-1 sm:text-6xl">
            Glyph Toys for your Nothing Phone
          </h1>
          <p className="max-w-xl text-base text-muted max-sm:col-span-2 sm:text-lg">Discover, share and request light patterns for the Glyph Matrix, made by the community.</p>
          <div className="flex flex-wrap gap-2 max-sm:col-span-2 sm:gap-3">
            <Link to={paths.search()} className={buttonClasses({ size: 'lg', className: 'max-sm:h-11 max-sm:px-5 max-sm:text-sm' })}>
              Browse Glyphs
            </Link>
            <Link to={paths.upload} className={buttonClasses({ size: 'lg', variant: 'outline', className: 'max-sm:h-11 max-sm:px-5 max-sm:text-sm' })}>
              Upload Your Glyph
            </Link>
            <Link to={paths.requestGlyphs} className={buttonClasses({ size: 'lg', variant: 'ghost', className: 'max-sm:h-11 max-sm:px-5 max-sm:text-sm' })}>
              Request Glyph Toys
            </Link>
          </div>
        </div>
        {/*
          Issue 16: a true 25×25 round matrix playing a real animation (scripts/hero-animation.ts). The
          pre-rendered page already shows the unlit matrix and the first frame's poster; the player takes over.
        */}
        <GlyphPlayerCore
          src={heroAnimation}
          posterUrl={heroPoster}
          size={25}
          title="Glyphary"
          variant="hero"
          className="mx-auto w-28 max-sm:col-start-2 max-sm:row-start-1 sm:order-first sm:w-[260px] md:order-none lg:w-[300px]"
        />
      </section>

      <section aria-labelledby="home-glyphs-title" className="flex flex-col gap-4">
        <h2 id="home-glyphs-title" className="sr-only">
          Glyphs
        </h2>
        <Tabs value={tab} onValueChange={(value) => setTab(value as GlyphSort)}>
          <TabsList aria-label="Glyph lists">
            {HOME_TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {HOME_TABS.map((t) => (
            <TabsContent key={t.value} value={t.value}>
              {tab === t.value ? <HomeList sort={t.value} label={t.label} /> : null}
            </TabsContent>
          ))}
        </Tabs>
      </section>
    </div>
  );
}
