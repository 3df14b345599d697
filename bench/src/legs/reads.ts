/** Hot reads (DESIGN §5): the home lists, glyph detail, the player's animation files and a storefront. */
import { get, type Context, type Leg, type Request } from './types.ts';

export const latest = get('/api/get-glyphs?sort=latest&limit=12');
export const popular = get('/api/get-glyphs?sort=popular&limit=12');

/** The first 100 sample glyphs (the most popular): the detail pages the benchmark asks for. */
export const detailIds = (ctx: Context) => ctx.seed.sample.glyphIds.slice(0, 100);

export const storefront = (ctx: Context): Request[] => {
  const creator = ctx.seed.sample.topCreator;
  return [get(`/api/get-user-by-username/${creator.username}`), get(`/api/get-glyphs?creator_id=${creator.id}&limit=100`)];
};

/** The player on a glyph page fetches the glyph's `animation.url` right after its detail. */
export const withAnimation = (ctx: Context, id: string): Request[] => {
  const url = ctx.animationUrls.get(id);
  return url ? [get(`/api/get-glyph/${id}`), get(url)] : [get(`/api/get-glyph/${id}`)];
};

const animationFiles = (ctx: Context) => [...new Set(ctx.animationUrls.values())].map((url) => get(url));

export const reads: Leg = {
  name: 'reads',
  scenarios: [
    { name: 'home-latest', label: 'Home latest (get-glyphs sort=latest limit=12)', group: 'home', requests: () => [latest] },
    { name: 'home-popular', label: 'Home popular (get-glyphs sort=popular limit=12)', group: 'home', requests: () => [popular] },
    {
      name: 'glyph-detail',
      label: 'Glyph detail (get-glyph/{id}, 100 ids)',
      group: 'detail',
      requests: (ctx) => detailIds(ctx).map((id) => get(`/api/get-glyph/${id}`)),
    },
    {
      name: 'animation-file',
      label: (ctx) => `Player animation (GET animation.url, ${animationFiles(ctx).length} files)`,
      group: 'file',
      requests: animationFiles,
      emptyNote: 'no sample glyph has an animation',
    },
    {
      name: 'storefront',
      label: 'Storefront (get-user-by-username + get-glyphs creator_id limit=100)',
      group: 'storefront',
      requests: storefront,
    },
  ],
};
