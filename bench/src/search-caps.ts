/**
 * What lower candidate caps would buy and cost (decision 0060): for the `search-varied` terms (2,000,
 * limit 100) on a seeded PostgreSQL database, one in-process index per cap setting, compared with an
 * index that ranks every match (no cap). Cost: each setting's CPU per search, median of `rounds`
 * rounds run in turn, setting after setting (the order rotating each round), so the machine's drift
 * falls on all of them alike. Relevance: per setting, the share of terms whose first 12, 24 and 100
 * results are exactly those of the uncapped ranking, and the mean overlap of those sets.
 *
 *   node bench/src/search-caps.ts <database-url> [rounds=5]
 */
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { createSearchIndex, INDEX_CANDIDATE_CAPS } from '../../apps/server/src/modules/search/search.index.ts';
import { searchTerms } from './content.ts';
import { createRng } from './prng.ts';

const [databaseUrl, roundsText = '5'] = process.argv.slice(2);
if (!databaseUrl) {
  console.error('Usage: node bench/src/search-caps.ts <database-url> [rounds]');
  process.exit(2);
}
const database = await openDatabase({ databaseUrl, poolMax: 2 });
const terms = searchTerms(createRng(9), 2000);
const settings = [
  { name: 'uncapped', caps: { 1: 1e9, 0: 1e9 } },
  { name: `${INDEX_CANDIDATE_CAPS[1]} / ${INDEX_CANDIDATE_CAPS[0]} (today)`, caps: { ...INDEX_CANDIDATE_CAPS } },
  { name: '250 / 150', caps: { 1: 250, 0: 150 } },
  { name: '100 / 50', caps: { 1: 100, 0: 50 } },
].map((setting) => ({ ...setting, index: createSearchIndex(database.db, { candidateCaps: setting.caps }), ms: [] as number[], pages: [] as string[][] }));
for (const setting of settings) {
  await setting.index.start();
  for (const term of terms) setting.pages.push(((await setting.index.search(term, 100)) ?? []).slice(0, 100).map((hit) => hit.id));
}
for (let r = 0; r < Number(roundsText); r += 1) {
  for (let k = 0; k < settings.length; k += 1) {
    const setting = settings[(k + r) % settings.length] as (typeof settings)[number];
    const before = process.cpuUsage();
    for (const term of terms) await setting.index.search(term, 100);
    const used = process.cpuUsage(before);
    setting.ms.push((used.user + used.system) / 1000 / terms.length);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number;
const reference = settings[0]?.pages ?? [];
const agreement = (pages: string[][], k: number) => {
  let same = 0;
  let overlap = 0;
  let counted = 0;
  pages.forEach((page, i) => {
    const expected = (reference[i] ?? []).slice(0, k);
    if (expected.length === 0) return;
    const got = page.slice(0, k);
    counted += 1;
    if (got.join() === expected.join()) same += 1;
    const wanted = new Set(expected);
    overlap += got.filter((id) => wanted.has(id)).length / expected.length;
  });
  return { identical: `${((100 * same) / counted).toFixed(1)} %`, overlap: `${((100 * overlap) / counted).toFixed(1)} %` };
};
for (const setting of settings) {
  console.log(
    JSON.stringify({
      caps: setting.name,
      msPerSearch: median(setting.ms).toFixed(3),
      rounds: setting.ms.map((ms) => ms.toFixed(3)),
      top12: agreement(setting.pages, 12),
      top24: agreement(setting.pages, 24),
      top100: agreement(setting.pages, 100),
    }),
  );
  setting.index.stop();
}
await database.close();
