import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { serverArgs, spawnServer, stopProcess, ServerStartError } from '@glyphary/test-support';

// The real server as child processes for the scale-out and fault tests, on the shared start/stop
// helpers of @glyphary/test-support. Loopback only; every wait is bounded.

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface Instance {
  /** `http://127.0.0.1:<port>` */
  url: string;
  process: ChildProcess;
  /** Every line the process wrote (stdout and stderr), for failure messages. */
  output: string[];
  /** SIGTERM, then waits for the exit (SIGKILL after 15 s). @returns the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `node apps/server/src/main.ts` (the real server, as deployed) on a port the OS picks and resolves
 * once it logs "Server listening at …". The child's environment is only what the server needs, nothing
 * inherited from the test run's config. Rejects (ServerStartError) when it exits first or after `timeoutMs`
 * (generous: a fresh PGlite data directory takes ~30 s to initialise and migrate on an idle 2-core machine,
 * much more on a busy one).
 */
export async function startInstance(env: Record<string, string>, timeoutMs = 180_000): Promise<Instance> {
  const output: string[] = [];
  const { child, url } = await spawnServer({
    command: process.execPath,
    args: serverArgs(),
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      LANG: 'C.UTF-8',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    output,
    timeoutMs,
  });
  return { url, process: child, output, stop: () => stopProcess(child, 15_000) };
}

/**
 * Runs the server expecting it NOT to start (e.g. a locked data directory).
 * @returns its exit code and output.
 */
export async function runInstanceExpectingExit(
  env: Record<string, string>,
  timeoutMs = 180_000,
): Promise<{ code: number | null; output: string }> {
  try {
    const instance = await startInstance(env, timeoutMs);
    await instance.stop();
    return { code: 0, output: `unexpectedly started at ${instance.url}\n${instance.output.join('\n')}` };
  } catch (error) {
    if (!(error instanceof ServerStartError)) throw error;
    return { code: error.exitCode, output: error.output.join('\n') };
  }
}

/**
 * A fresh empty database on TEST_DATABASE_URL's server for child servers (which migrate it at boot).
 * @returns its URL and a `drop` that removes it (closing its connections).
 */
export async function createPgDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('createPgDatabase needs TEST_DATABASE_URL');
  const name = `glyphary_${prefix}_${process.pid}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}
