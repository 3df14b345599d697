import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import pg from 'pg';
import { createEmailVerificationToken } from 'better-auth/api';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { checkInvariants, type InvariantResult } from '../../src/db/invariants.ts';
import { createLocalFileStore } from '../../src/modules/files/file-store.ts';
import { SUPER_ADMIN_EMAIL, TEST_SECRET } from '../build-test-app.ts';
import { userFields } from '../factories.ts';
import { startInstance, type Instance } from '../scale/instances.ts';

// Fault injection (SECURITY.md §5): shared helpers for the tests that run the real server as a child
// process (`node apps/server/src/main.ts`, via the scale-out tests' startInstance). Loopback only.

export const PUBLIC_URL = 'http://localhost:3000';
export const PG_URL = process.env.TEST_DATABASE_URL;

/** A fresh temp DATA_DIR; removed by `removeDirs`. */
export function tempDataDir(name: string, dirs: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `glyphary-fault-${name}-`));
  dirs.push(dir);
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

/** Starts a server child; its "Server listening" line marks it ready. */
export function startServer(env: Record<string, string>): Promise<Instance> {
  return startInstance(env);
}

/** Waits for a child that was killed or told to stop. @returns exit code and signal. */
export function waitForExit(instance: Instance): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const child = instance.process;
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** `kill -9` and wait until the process is gone. */
export async function killHard(instance: Instance): Promise<void> {
  instance.process.kill('SIGKILL');
  await waitForExit(instance);
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

/** A fresh empty PostgreSQL database for a child server (which migrates it at boot). */
export async function createPgDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `glyphary_${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: PG_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
