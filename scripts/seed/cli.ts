/**
 * `npm run seed -- --size demo|bench [--data-dir DIR | --database-url URL] [--force] [--seed N]`
 * Fills an empty database with a deterministic catalogue. See docs/bench.md.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { NotEmptyError, SIZES, seedDatabase, type SeedSize } from './seed-lib.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'demo' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    force: { type: 'boolean', default: false },
    seed: { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(
    'Usage: npm run seed -- --size demo|bench|tiny [--data-dir DIR] [--database-url URL] [--force] [--seed N] [--json]',
  );
  process.exit(0);
}
if (!(values.size in SIZES)) {
  console.error(`Unknown --size ${values.size}: use demo, bench or tiny.`);
  process.exit(2);
}
const size = values.size as SeedSize;
// The same defaults as the server (apps/server/src/config/env.ts): DATA_DIR, DATABASE_URL.
const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? './data';
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
const target = databaseUrl
  ? `PostgreSQL (${new URL(databaseUrl).host}${new URL(databaseUrl).pathname})`
  : `PGlite in ${path.resolve(dataDir, 'db')}`;
console.error(`Seeding ${size} into ${target}; image files in ${path.resolve(dataDir, 'files')}`);

try {
  const result = await seedDatabase({
    size,
    dataDir,
    databaseUrl,
    force: values.force,
    seed: values.seed ? Number.parseInt(values.seed, 10) : undefined,
    log: (line) => console.error(line),
  });
  if (values.json) {
    console.log(JSON.stringify(result));
  } else {
    const c = result.counts;
    console.log(
      `\nSeeded in ${(result.totalMs / 1000).toFixed(1)} s: ${c.users} users, ${c.glyphs} glyphs, ${c.files} images, ${c.animations} animations, ${c.views} views, ${c.likes} likes, ${c.downloads} downloads, ${c.requests} requests.`,
    );
    const broken = Object.entries(result.invariants).filter(([, n]) => n !== 0);
    console.log(
      broken.length === 0
        ? 'Invariants I1, I2, I4, I7 and R1 (every glyph with an APK has a release): hold.'
        : `Invariant violations: ${broken.map(([k, n]) => `${k}=${n}`).join(', ')}`,
    );
    console.log(`\nSign in with password "${result.password}" as:`);
    console.log(`  ${result.adminEmail}  (admin)`);
    for (const email of result.sample.userEmails.slice(0, 3)) console.log(`  ${email}`);
    console.log(`  … or any seeded user (the biggest storefront is /storefront/${result.sample.topCreator.username}).`);
    if (broken.length > 0) process.exitCode = 1;
  }
} catch (error) {
  if (error instanceof NotEmptyError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
