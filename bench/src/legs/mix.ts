/**
 * The read mix of SECURITY "Load": lists, detail (with the player's animation), record-view, search,
 * storefront and health, judged at a fixed arrival rate. Built from the other legs' requests so the mix
 * asks exactly what they measure alone.
 */
import { detailIds, latest, popular, storefront, withAnimation } from './reads.ts';
import { common, typo } from './search.ts';
import { get, type Context, type Leg, type Request } from './types.ts';
import { view } from './writes.ts';

function mixRequests(ctx: Context): Request[] {
  const ids = ctx.seed.sample.glyphIds;
  const detail = detailIds(ctx);
  const mix: Request[] = [];
  for (let i = 0; i < 20; i += 1) {
    mix.push(
      i % 2 === 0 ? latest : popular,
      ...withAnimation(ctx, detail[i % detail.length] as string),
      ...withAnimation(ctx, detail[(i + 20) % detail.length] as string),
      view(ids[(i * 3) % ids.length] as string),
    );
    if (i % 4 === 0) mix.push(i % 8 === 0 ? common : typo);
    if (i % 4 === 1) mix.push(...storefront(ctx));
    if (i % 4 === 2) mix.push(get('/api/health'));
  }
  return mix;
}

export const mix: Leg = {
  name: 'mix',
  scenarios: [
    {
      name: 'read-mix',
      label: 'Read mix (lists, detail + animation, record-view, search, storefront, health)',
      group: 'mix',
      requests: mixRequests,
      rates: { pglite: 150, postgres: 300 },
    },
  ],
};
