import { execFileSync, spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Starting a real Glyphary server from scripts and tests (the load test, the benchmarks, the fault and
 * scale-out tests): a free loopback port, the environment every such run shares, waiting until it is
 * ready, and stopping it. One copy, so a new required setting or a changed health path is changed once
 * (issue 22).
 */

/**
 * The Node flags the server runs with wherever it starts: `npm start`, the Dockerfile, the tests and the
 * benchmarks. They bound memory: a 16 MB young generation, and PGlite's WebAssembly kept on
 * its baseline compiler instead of also holding optimised code. `apps/server/test/docs/node-flags.test.ts`
 * holds package.json and the Dockerfile to this list. main.ts sets MALLOC_ARENA_MAX itself.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16', '--no-wasm-tier-up', '--no-wasm-dynamic-tiering'];

/** The server's entry point, `apps/server/src/main.ts`. */
export const SERVER_MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../apps/server/src/main.ts');

/** The arguments after `node` that start the real server: its flags, then main.ts. */
export function serverArgs(): string[] {
  return [...SERVER_NODE_FLAGS, SERVER_MAIN];
}

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

let pinnable: boolean | undefined;

/** Whether processes can be pinned to cores of their own: `taskset` works and there are at least two cores. */
export function canPin(): boolean {
  if (pinnable === undefined) {
    try {
      execFileSync('taskset', ['-c', '0', 'true']);
      pinnable = os.availableParallelism() >= 2;
    } catch {
      pinnable = false;
    }
  }
  return pinnable;
}

/**
 * `command args` under `taskset -c core` when processes can be pinned, as is otherwise: measurements
 * keep the server and the load client off each other's core.
 */
export function pinnedCommand(core: number, command: string, args: string[]): [string, string[]] {
  return canPin() ? ['taskset', ['-c', String(core), command, ...args]] : [command, args];
}

/** A process's resident memory in MB from /proc (taskset execs, so a pinned child keeps its pid); 0 when unknown. */
export function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
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
    // What main.ts would otherwise re-execute itself to set.
    MALLOC_ARENA_MAX: '2',
  };
}

export interface SpawnedServer {
  child: ChildProcess;
  url: string;
}

/** Why a server did not come up: its exit code (null when it was killed or timed out) and its output. */
export class ServerStartError extends Error {
  readonly exitCode: number | null;
  readonly output: string[];
  constructor(message: string, exitCode: number | null, output: string[]) {
    super(message);
    this.exitCode = exitCode;
    this.output = output;
  }
}

export interface SpawnServerOptions {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /**
   * Where it will answer; ready once /api/health answers 200. Left out, the server must have been given
   * PORT=0 and piped stdout/stderr: ready at its "Server listening at …" log line, which names the port
   * the OS picked (no free-port race).
   */
  url?: string;
  stdio?: StdioOptions;
  timeoutMs?: number;
  /** Every line the server writes to piped stdout/stderr is appended here (failure messages, assertions). */
  output?: string[];
  /** Runs right after the spawn, before any output is lost (e.g. to keep a tail of stderr). */
  onSpawn?: (child: ChildProcess) => void;
  /** Appended to the 'server exited' error (e.g. that stderr tail). */
  exitDetail?: () => string;
}

const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;

/**
 * Spawns `command args` (the server's main.ts, possibly under taskset) and waits until it is ready.
 * @throws ServerStartError when it exits first or is not ready within `timeoutMs` (then it is killed).
 */
export async function spawnServer(options: SpawnServerOptions): Promise<SpawnedServer> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const stdio = options.stdio ?? (options.url ? ['ignore', 'ignore', 'inherit'] : ['ignore', 'pipe', 'pipe']);
  const child = spawn(options.command, options.args, { cwd: options.cwd, env: options.env, stdio });
  const closed = new Promise((resolve) => child.once('close', resolve));
  const output = options.output ?? [];
  let announced: string | undefined;
  // Lines are kept only when asked for or needed for readiness: a long benchmark would hoard them.
  if (options.output || !options.url)
    for (const stream of [child.stdout, child.stderr])
      if (stream)
        readline.createInterface({ input: stream }).on('line', (line) => {
          output.push(line);
          announced ??= LISTENING.exec(line)?.[1];
        });
  options.onSpawn?.(child);
  const detail = () => (options.exitDetail ? `: ${options.exitDetail()}` : output.length ? `:\n${output.join('\n')}` : '');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // Checked first: a server that exited is a failure now, not a reason to keep polling.
    if (child.exitCode !== null) {
      // 'exit' can come before the pipes are drained: the last lines are usually the reason.
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2000))]);
      throw new ServerStartError(`server exited with ${child.exitCode}${detail()}`, child.exitCode, output);
    }
    if (options.url) {
      const ok = await fetch(`${options.url}/api/health`)
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) return { child, url: options.url };
    } else if (announced) return { child, url: announced };
    await new Promise((resolve) => setTimeout(resolve, options.url ? 200 : 50));
  }
  child.kill('SIGKILL');
  throw new ServerStartError(`the server was not ready within ${Math.round(timeoutMs / 1000)} s${detail()}`, null, output);
}

/** Resolves when the process has exited (at once if it has). @returns its exit code and signal. */
export function waitForExit(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** SIGTERM, then SIGKILL after `killAfterMs`; resolves when the process has exited. @returns its exit code. */
export async function stopProcess(child: ChildProcess | undefined, killAfterMs = 10_000): Promise<number | null> {
  if (!child) return null;
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = waitForExit(child);
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  const { code } = await exited;
  clearTimeout(timer);
  return code;
}
