/**
 * `npm run check:invariants [-- --data-dir DIR | --database-url URL]`: checks SECURITY.md I1–I7 against a
 * data directory (PGlite + files) or a PostgreSQL database; exits 1 when any invariant is broken.
 * Do not run it against a PGlite directory that a running server holds (PGlite is single-process).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { checkInvariants } from '../apps/server/src/db/invariants.ts';
import { createLocalFileStore } from '../apps/server/src/modules/files/file-store.ts';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, 'no-hashes': { type: 'boolean' } } });
const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? './data';
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
const database = await openDatabase({ databaseUrl, dataDir, poolMax: 2 });
try {
  const results = await checkInvariants(database.db, createLocalFileStore(path.join(dataDir, 'files')), { verifyHashes: !values['no-hashes'] });
  let broken = 0;
  for (const result of results) {
    const ok = result.violations.length === 0;
    if (!ok) broken += 1;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${result.id} ${result.description}`);
    for (const violation of result.violations) console.log(`       ${violation}`);
  }
  console.log(broken === 0 ? 'all invariants hold' : `${broken} invariant(s) broken`);
  process.exitCode = broken === 0 ? 0 : 1;
} finally {
  await database.close();
}
