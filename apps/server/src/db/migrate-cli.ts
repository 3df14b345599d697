/** `npm run migrate`: applies pending migrations and exits (rolling deploys run this before new instances). */
import { loadEnv } from '../config/env.ts';
import { openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 2 });
try {
  await runMigrations(database);
  console.warn(`migrations applied (${database.kind === 'pglite' ? `PGlite in ${env.DATA_DIR}` : 'PostgreSQL'})`);
} finally {
  await database.close();
}
