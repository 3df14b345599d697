import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { loadEnv, type Env } from '../src/config/env.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { buildApp } from '../src/app.ts';
import type { Mail, Mailer } from '../src/lib/mailer.ts';
import type { Clock } from '../src/lib/clock.ts';
import { createPasswordHasher } from '../src/modules/auth/password-hash.ts';

export const testPasswordHasher = createPasswordHasher({ cost: 1024 });

/** The super admin of every test app; sign this address up to act as S. */
export const SUPER_ADMIN_EMAIL = 'super-admin@example.test';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  env: Env;
  dataDir: string;
  /** Mail the app "sent" (tests that need a real SMTP hop use the SMTP sink instead). */
  mails: Mail[];
  close(): Promise<void>;
}

let databaseCounter = 0;

/** A fresh, migrated database: a clone of the PGlite template, or (TEST_DATABASE_URL) a PostgreSQL one. */
export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (url && template) {
    databaseCounter += 1;
    const name = `glyphary_t${databaseCounter}_${template.split('_').slice(2).join('_')}_w${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: dbUrl.href, poolMax: 10 });
    return {
      database,
      drop: async () => {
        await database.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteTemplatePath'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: { pg_trgm } });
  const database = await openDatabase({ pglite: client });
  return { database, drop: () => database.close() };
}

/**
 * The environment of an in-process test app on `dataDir`: test mode, silent logs, the public URL the
 * tests assert, the per-IP auth limit lifted (every test signs up from 127.0.0.1), the e2e super admin.
 */
export function testEnv(dataDir: string, overrides: Record<string, string | undefined> = {}) {
  return loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_IP_LIMIT: '100000',
    SUPER_ADMIN_EMAIL: SUPER_ADMIN_EMAIL,
    ...overrides,
  });
}

/**
 * Builds the real app on a fresh database for one test file. Overrides are env values (e.g. throttles).
 * Passwords are hashed in Better Auth's format at a lower scrypt cost (N=1024 instead of 16384): every
 * test signs people up, and the real cost made hashing a sixth of the suite's CPU time.
 */
export async function buildTestApp(
  overrides: Record<string, string | undefined> = {},
  options: { clock?: Clock; mailer?: Mailer } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-app-'));
  const env = testEnv(dataDir, {
    // Every test writes and reads from 127.0.0.1 as few users; the limits have their own tests.
    WRITE_RATE_LIMIT: '100000',
    READ_RATE_LIMIT: '1000000',
    ...overrides,
  });
  const { database, drop } = await createTestDatabase();
  const mails: Mail[] = [];
  const mailer: Mailer = options.mailer ?? { send: async (mail) => void mails.push(mail) };
  const app = await buildApp({
    env,
    database,
    secret: TEST_SECRET,
    mailer,
    passwordHasher: testPasswordHasher,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    env,
    dataDir,
    mails,
    async close() {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Parses a JSON response body. */
export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}
