import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';

/**
 * Starting a real Glyphary server from scripts (the load test, the benchmarks): a free loopback port,
 * the environment every such run shares, waiting for /api/health, and stopping it. One copy, so a
 * new required setting or a changed health path is changed once (issue 22).
 */

/** A free TCP port on 127.0.0.1 (the OS picks it; closed again before returning). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls `check` until it answers true; a check that throws counts as not yet. @throws after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string, intervalMs = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export interface ServerEnvOptions {
  port: number;
  /** PUBLIC_URL (localhost makes a secure context for browser runs). */
  url: string;
  dataDir: string;
  /** PostgreSQL; left out = PGlite under DATA_DIR. */
  databaseUrl?: string | undefined;
  /** BETTER_AUTH_SECRET; a fresh random one when left out. */
  secret?: string | undefined;
  superAdminEmail?: string | undefined;
}

/**
 * The environment of a production-mode server for measurements: only PATH and HOME are inherited,
 * logs at warn, and the hourly count sync off (it would start at boot and rescan every event row mid-run).
 */
export function serverEnv(options: ServerEnvOptions): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    PUBLIC_URL: options.url,
    BETTER_AUTH_SECRET: options.secret ?? randomBytes(32).toString('base64url'),
    SUPER_ADMIN_EMAIL: options.superAdminEmail ?? 'admin@example.com',
    LOG_LEVEL: 'warn',
    SYNC_JOB: 'off',
  };
}

export interface SpawnedServer {
  child: ChildProcess;
  url: string;
}

/**
 * Spawns `command args` (the server's main.ts, possibly under taskset) and waits until it answers
 * /api/health. @throws when it exits first or does not answer within `timeoutMs`.
 */
export async function spawnServer(options: {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  url: string;
  stdio?: StdioOptions;
  timeoutMs?: number;
  /** Runs right after the spawn, before any output is lost (e.g. to keep a tail of stderr). */
  onSpawn?: (child: ChildProcess) => void;
  /** Appended to the 'server exited' error (e.g. that stderr tail). */
  exitDetail?: () => string;
}): Promise<SpawnedServer> {
  const child = spawn(options.command, options.args, { cwd: options.cwd, env: options.env, stdio: options.stdio ?? ['ignore', 'ignore', 'inherit'] });
  options.onSpawn?.(child);
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    // Checked outside waitFor: a server that exited is a failure now, not a reason to keep polling.
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}${options.exitDetail ? `: ${options.exitDetail()}` : ''}`);
    const ok = await fetch(`${options.url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return { child, url: options.url };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /api/health within ${Math.round((options.timeoutMs ?? 120_000) / 1000)} s`);
}

/** SIGTERM, then SIGKILL after `killAfterMs`; resolves when the process has exited. */
export async function stopProcess(child: ChildProcess | undefined, killAfterMs = 10_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await exited;
  clearTimeout(timer);
}
