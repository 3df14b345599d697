import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject } from 'vitest';
import { createEmailVerificationToken } from 'better-auth/api';
import { waitForExit as processExit } from '@glyphary/test-support';
import type { SQL } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../../src/db/client.ts';
import { checkInvariants, type InvariantResult } from '../../src/db/invariants.ts';
import { createLocalFileStore } from '../../src/modules/files/file-store.ts';
import { SUPER_ADMIN_EMAIL, TEST_SECRET } from '../build-test-app.ts';
import { userFields } from '../factories.ts';
import { createPgDatabase, startInstance, type Instance } from '../scale/instances.ts';

// Fault injection (SECURITY.md §5): shared helpers for the tests that run the real server as a child
// process (`node apps/server/src/main.ts`, via the scale-out tests' startInstance). Loopback only.

export { createPgDatabase, type Instance };

export const PUBLIC_URL = 'http://localhost:3000';
export const PG_URL = process.env.TEST_DATABASE_URL;

/**
 * For faults of the embedded default: their child servers run on a PGlite data directory whatever the
 * leg, so in the PostgreSQL leg they would repeat the PGlite leg's run exactly. They run once, there.
 */
export function describeOnPglite(name: string, body: () => void): void {
  describe.skipIf(Boolean(PG_URL))(name, body);
}

/**
 * A fresh temp DATA_DIR; removed by `removeDirs`. `migrated` starts it with a copy of the run's migrated
 * PGlite directory, so a child server boots in about a second instead of initialising PGlite (5–10 s);
 * leave it out where first-boot initialisation is what the test is about.
 */
export function tempDataDir(name: string, dirs: string[], { migrated = false } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `glyphary-fault-${name}-`));
  dirs.push(dir);
  if (migrated) fs.cpSync(inject('pgliteTemplateDir'), path.join(dir, 'db'), { recursive: true });
  return dir;
}

export function removeDirs(dirs: string[]): void {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** The environment of a fault-test server: test mode, quiet logs, throttles lifted, one fixed secret. */
export function serverEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: TEST_SECRET,
    PUBLIC_URL,
    SUPER_ADMIN_EMAIL,
    AUTH_IP_LIMIT: '100000',
    WRITE_RATE_LIMIT: '100000',
    READ_RATE_LIMIT: '1000000',
    UPLOAD_RATE_LIMIT: '1000',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

/** Waits for a child that was killed or told to stop. @returns exit code and signal. */
function waitForExit(instance: Instance): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return processExit(instance.process);
}

/** `kill -9` and wait until the process is gone. */
async function killHard(instance: Instance): Promise<void> {
  instance.process.kill('SIGKILL');
  await waitForExit(instance);
}

const alive = (instance: Instance) => instance.process.exitCode === null && instance.process.signalCode === null;

/**
 * One test file's child servers, temp data directories and other resources (databases, proxies), all
 * released after the file: live servers are killed, cleanups run, directories removed. Call at the top
 * level of a test file.
 */
export function faultHarness() {
  const dirs: string[] = [];
  const servers: Instance[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const instance of servers) if (alive(instance)) await killHard(instance);
    for (const cleanup of cleanups) await cleanup();
    removeDirs(dirs);
  });
  return {
    /** A fresh temp DATA_DIR (see tempDataDir for `migrated`). */
    dataDir: (name: string, options?: { migrated?: boolean }) => tempDataDir(name, dirs, options),
    /** Starts a server on `dataDir` with the fault-test environment plus `extra`; ready at "Server listening". */
    async start(dataDir: string, extra: Record<string, string> = {}): Promise<Instance> {
      const instance = await startInstance(serverEnv(dataDir, extra));
      servers.push(instance);
      return instance;
    },
    /** A fresh empty PostgreSQL database (TEST_DATABASE_URL's server), dropped after the file. @returns its URL. */
    async database(prefix: string): Promise<string> {
      const created = await createPgDatabase(prefix);
      cleanups.push(created.drop);
      return created.url;
    },
    onCleanup: (cleanup: () => Promise<void>) => void cleanups.push(cleanup),
    killHard,
    waitForExit,
    checkStopped,
  };
}

/**
 * Stops a server (it must exit 0), opens its database (the data dir's PGlite, or `databaseUrl`), runs
 * I1–I7 on it with the data dir's files and hands both to `check`; the database is closed afterwards.
 */
async function checkStopped(
  instance: Instance,
  dataDir: string,
  check: (database: Database, results: InvariantResult[]) => Promise<void> | void,
  databaseUrl?: string,
): Promise<void> {
  expect(await instance.stop()).toBe(0);
  const database = await openStopped(dataDir, databaseUrl);
  try {
    await check(database, await invariantsOf(database, dataDir));
  } finally {
    await database.close();
  }
}

export interface CallResult {
  status: number;
  json: Record<string, unknown>;
}

/** One HTTP call to a child server (bearer auth, JSON body). Network errors reject. */
export async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { origin: PUBLIC_URL, ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${base}${url}`, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON
  }
  return { status: response.status, json };
}

export interface HttpUser {
  id: string;
  token: string;
  email: string;
  password: string;
}

/** Signs a user up over HTTP. @throws unless 200. */
export async function signUp(base: string, overrides: Parameters<typeof userFields>[0] = {}): Promise<HttpUser> {
  const fields = userFields(overrides);
  const response = await call(base, 'POST', '/api/auth/sign-up/email', { json: fields });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.json)}`);
  const user = {
    id: (response.json.user as { id: string }).id,
    token: response.json.token as string,
    email: fields.email,
    password: fields.password,
  };
  // The super admin proves the address (issue 21), as the mailed link does; the servers share TEST_SECRET.
  if (fields.email.toLowerCase() === SUPER_ADMIN_EMAIL) {
    const token = await createEmailVerificationToken(TEST_SECRET, user.email, undefined, 3600, { userId: user.id });
    const verified = await call(base, 'GET', `/api/auth/verify-email?token=${token}`, { token: user.token });
    if (verified.status !== 200) throw new Error(`verify-email failed: ${verified.status}`);
  }
  return user;
}

/** Creates a glyph with a repository link over HTTP. @returns its id. */
export async function createGlyph(base: string, token: string, title = 'Fault glyph'): Promise<string> {
  const response = await call(base, 'POST', '/api/upload-glyph', {
    token,
    json: { title, description: 'A glyph for a fault test', githubUrl: 'https://github.com/example/glyph' },
  });
  if (response.status !== 200) throw new Error(`upload-glyph failed: ${response.status} ${JSON.stringify(response.json)}`);
  return (response.json.id ?? (response.json.glyph as { id: string } | undefined)?.id) as string;
}

/** Polls `condition` until it holds (no fixed sleeps), failing after `timeoutMs`. */
export async function waitFor<T>(
  condition: () => T | Promise<T>,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Opens a stopped server's database (PGlite data dir, or a PostgreSQL URL). */
export function openStopped(dataDir: string, databaseUrl?: string): Promise<Database> {
  return openDatabase({ databaseUrl, dataDir, poolMax: 2 });
}

/** Runs I1–I7 on an open database with the data dir's file store. */
export function invariantsOf(database: Database, dataDir: string): Promise<InvariantResult[]> {
  return checkInvariants(database.db, createLocalFileStore(path.join(dataDir, 'files')));
}

/** Asserts every invariant holds (or only the listed ones), printing the violations when not. */
export function expectInvariants(results: InvariantResult[], only?: Array<InvariantResult['id']>): void {
  const broken = results
    .filter((r) => (!only || only.includes(r.id)) && r.violations.length > 0)
    .map((r) => `${r.id}: ${r.violations.join('; ')}`);
  expect(broken).toEqual([]);
}

/** The `n` of a `select count(*)::int as n …` on a stopped server's database. */
export async function countOf(database: Database, query: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, query);
  return row?.n ?? 0;
}
