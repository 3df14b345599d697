import './runtime-env.ts';
import fs from 'node:fs';
import path from 'node:path';
import { loadEnv, type Env } from './config/env.ts';
import { DataDirLockedError, openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { ids } from './lib/ids.ts';
import { configureFailpoints } from './lib/failpoints.ts';
import { buildApp } from './app.ts';

/** Reads BETTER_AUTH_SECRET, or (embedded default) a random secret kept in the data directory. */
function resolveSecret(env: Env): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  const secretPath = path.join(env.DATA_DIR, 'secret');
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  if (!fs.existsSync(secretPath)) fs.writeFileSync(secretPath, ids.token(48), { mode: 0o600 });
  return fs.readFileSync(secretPath, 'utf8').trim();
}

async function main() {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  try {
    configureFailpoints(env.FAILPOINTS);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  let database;
  try {
    database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolMax: env.DB_POOL_MAX,
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await runMigrations(database);
  const app = await buildApp({ env, database, secret: resolveSecret(env) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info(`Glyphary is running on ${env.PUBLIC_URL ?? `http://localhost:${env.PORT}`} (${database.kind === 'pglite' ? `PGlite in ${path.resolve(env.DATA_DIR)}` : 'PostgreSQL'})`);
}

await main();
