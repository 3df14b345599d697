/** Writes (SECURITY "Load"): anonymous record-view and signed-in toggle-like, closed loop and at a fixed rate. */
import { json, type Context, type Leg, type Request } from './types.ts';

export const view = (id: string): Request => ({
  method: 'POST',
  path: '/api/record-view',
  headers: json(),
  body: JSON.stringify({ glyphId: id }),
});

function likes(ctx: Context): Request[] {
  const ids = ctx.seed.sample.glyphIds;
  const list: Request[] = [];
  ctx.userTokens.forEach((token, u) => {
    for (let k = 0; k < 10; k += 1) {
      list.push({
        method: 'POST',
        path: '/api/toggle-like',
        headers: json({ authorization: `Bearer ${token}` }),
        body: JSON.stringify({ glyphId: ids[(u * 7 + k) % ids.length] }),
      });
    }
  });
  return list;
}

export const writes: Leg = {
  name: 'writes',
  scenarios: [
    {
      name: 'record-view',
      label: 'record-view (one client, 100 glyphs)',
      group: 'write',
      requests: (ctx) => ctx.seed.sample.glyphIds.slice(0, 100).map(view),
      rates: { pglite: 200, postgres: 200 },
    },
    {
      name: 'toggle-like',
      label: (ctx) => `toggle-like (${ctx.userTokens.length} signed-in users)`,
      group: 'write',
      requests: likes,
      rates: { pglite: 50, postgres: 50 },
      emptyNote: 'no signed-in users',
    },
  ],
};
