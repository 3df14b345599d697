/**
 * CPU of the in-process search index alone (decision 0045): loads `createSearchIndex` from a seeded
 * PostgreSQL database, runs the `search-varied` terms (2,000, limit 100) once for a digest of every
 * hit list (page 1, and page 2 through the cursor where there is one) — equal digests mean equal
 * results — then `rounds` more times, printing CPU per search from `process.cpuUsage`.
 *
 *   node bench/src/search-index-cpu.ts <database-url> [rounds=3] [--cards]
 *
 * `--cards` (decision 0060): each search also reads its page's cards from a warmed card cache, as a
 * served search does, and the rounds alternate between reading them by id alone (`ids`) and by the
 * hits' slots (`slots`) — in one process, so the machine's drift falls on both alike.
 */
import { createHash } from 'node:crypto';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { createSearchCards } from '../../apps/server/src/modules/search/search.cards.ts';
import { createSearchIndex, type HitSlots, type IndexHit } from '../../apps/server/src/modules/search/search.index.ts';
import { searchTerms } from './content.ts';
import { createRng } from './prng.ts';

const withCards = process.argv.includes('--cards');
const [databaseUrl, roundsText = '3'] = process.argv.slice(2).filter((arg) => arg !== '--cards');
if (!databaseUrl) {
  console.error('Usage: node bench/src/search-index-cpu.ts <database-url> [rounds] [--cards]');
  process.exit(2);
}
const database = await openDatabase({ databaseUrl, poolMax: 2 });
const index = createSearchIndex(database.db);
await index.start();
const terms = searchTerms(createRng(9), 2000);
const digest = createHash('sha256');
for (const term of terms) {
  const hits = await index.search(term, 100);
  digest.update(JSON.stringify(hits));
  const last = hits && hits.length > 100 ? (hits[99] as IndexHit) : undefined;
  if (last) digest.update(JSON.stringify(await index.search(term, 100, { score: last.score, tier: last.tier, id: last.id })));
}
const cards = withCards ? createSearchCards(database.db) : undefined;
await cards?.warm();
const modes = withCards ? (['ids', 'slots'] as const) : (['index'] as const);
const msPerSearch: Record<string, string[]> = Object.fromEntries(modes.map((mode) => [mode, []]));
const slots: HitSlots = { epoch: 0, slots: [] };
for (let r = 0; r < Number(roundsText); r += 1) {
  // Alternate which mode goes first, so neither always runs on a cache the other just filled.
  for (const mode of r % 2 === 0 ? modes : [...modes].reverse()) {
    const before = process.cpuUsage();
    for (const term of terms) {
      const hits = (await index.search(term, 100, undefined, slots)) ?? [];
      if (cards) await cards.get(hits.slice(0, 100).map((hit) => hit.id), mode === 'slots' ? slots : undefined);
    }
    const used = process.cpuUsage(before);
    msPerSearch[mode]?.push(((used.user + used.system) / 1000 / terms.length).toFixed(3));
  }
}
console.log(
  JSON.stringify({
    digest: digest.digest('hex').slice(0, 16),
    msPerSearch: withCards ? msPerSearch : msPerSearch.index,
    stats: index.stats(),
    ...(cards ? { cards: cards.size } : {}),
  }),
);
index.stop();
await database.close();
