import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { reusePglitePlans } from './pglite-plans.ts';

export type Schema = typeof schema;
/** The one database type every repository uses: PGlite and PostgreSQL share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** A trivial round trip, for health checks. @throws when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the connection pool right now (for /metrics, issue 11). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /**
   * PostgreSQL only: reports every connection the pool hands out (with how long the caller waited for it)
   * and every connection it opens (for /metrics). One observer; a later call replaces it.
   */
  observePool?(observer: PoolObserver | null): void;
}

/** What the PostgreSQL pool reports to `observePool`. */
export interface PoolObserver {
  /** A query or transaction got its connection after waiting `seconds` (idle, opened, or queued for one). */
  acquired(seconds: number): void;
  /** The pool opened a new connection to the server. */
  opened(): void;
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, release: (release?: unknown) => void) => void;

/**
 * A pg Pool that times every checkout, including the ones `pool.query` makes (it calls `connect` with a
 * callback): the wait for a connection is otherwise invisible between a request and its statement.
 */
class ObservedPool extends pg.Pool {
  observer: PoolObserver | null = null;

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const startedAt = performance.now();
    const acquired = () => this.observer?.acquired((performance.now() - startedAt) / 1000);
    if (!callback) {
      return super.connect().then((client) => {
        acquired();
        return client;
      });
    }
    super.connect(((error: Error | undefined, client: pg.PoolClient | undefined, release: (release?: unknown) => void) => {
      if (!error) acquired();
      callback(error, client, release);
    }) as Parameters<pg.Pool['connect']>[0]);
  }
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolMax?: number;
  statementTimeoutMs?: number;
  /** An already-open PGlite (tests load a migrated template into one). */
  pglite?: PGlite;
}

/** Thrown when another process already owns the PGlite data directory. */
export class DataDirLockedError extends Error {}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process (DESIGN §2): take an exclusive lock file in the data directory.
 * A lock left by a dead process is taken over.
 * @throws DataDirLockedError when a live process holds it.
 */
export function lockDataDir(dbDir: string): () => void {
  fs.mkdirSync(dbDir, { recursive: true });
  const lockPath = path.join(dbDir, '..', 'glyphary.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isProcessAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dbDir, '..')} is in use by another Glyphary process (pid ${owner}). ` +
            'The embedded database (PGlite) allows one process at a time: stop the other one, use another DATA_DIR, ' +
            'or set DATABASE_URL to run several instances on PostgreSQL.',
        );
      }
      fs.unlinkSync(lockPath); // stale lock from a crashed process
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dbDir}`);
}

/** Opens PGlite (embedded default) or PostgreSQL (when `databaseUrl` is set). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new ObservedPool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 20,
      statement_timeout: options.statementTimeoutMs ?? 5000,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
    // A dropped idle client must not crash the process (SECURITY R3).
    pool.on('error', () => undefined);
    // Nor a dropped client that is checked out (between the queries of a transaction): pg emits 'error' on
    // it with no listener attached, which killed the process in the R3 fault test. The query in flight
    // still fails (→ 503) and the pool discards the broken client on release.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      pool.observer?.opened();
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async ping() {
        await pool.query('select 1');
      },
      async close() {
        await pool.end();
      },
      poolStats() {
        return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
      },
      observePool(observer) {
        pool.observer = observer;
      },
    };
  }
  let client = options.pglite;
  let unlock = () => {};
  if (!client) {
    const dbDir = path.join(options.dataDir ?? './data', 'db');
    unlock = lockDataDir(dbDir);
    try {
      // 32 MB of shared buffers instead of 128 MB: they live in the WebAssembly memory, which never shrinks.
      client = await PGlite.create(dbDir, { extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'] });
    } catch (error) {
      unlock();
      throw error;
    }
  }
  const pglite = client;
  reusePglitePlans(pglite);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pglite.close();
      unlock();
    },
  };
}

/**
 * Runs raw SQL and returns its rows. PGlite and node-postgres both answer `{ rows }`; the shared
 * `Db` type cannot know that, so this is the one place that says it.
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
