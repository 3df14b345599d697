import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
// Any constant shared by every instance: only one of them migrates at a time.
const MIGRATION_LOCK_KEY = 7_214_001;

/**
 * Applies the committed SQL migrations. On PostgreSQL a session advisory lock makes concurrent
 * instances migrate one after another (rolling deploys, issue 11).
 */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await migratePg(tx as never, { migrationsFolder: MIGRATIONS_DIR });
  });
}
