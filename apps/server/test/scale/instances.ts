import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');

export interface Instance {
  /** `http://127.0.0.1:<port>` */
  url: string;
  process: ChildProcess;
  /** Every line the process wrote (stdout and stderr), for failure messages. */
  output: string[];
  /** SIGTERM, then waits for the exit (SIGKILL after 15 s). @returns the exit code. */
  stop(): Promise<number | null>;
}

/** The child's environment: only what the server needs, nothing inherited from the test run's config. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8', ...env };
}

function waitForExit(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * Starts `node apps/server/src/main.ts` (the real server, as deployed) on a free loopback port and resolves
 * once it logs "Server listening at …". Rejects when it exits first or after `timeoutMs` (generous: a fresh
 * PGlite data directory takes ~30 s to initialise and migrate on an idle 2-core machine, much more on a busy one).
 */
export async function startInstance(env: Record<string, string>, timeoutMs = 180_000): Promise<Instance> {
  const child = spawn(process.execPath, [MAIN], {
    cwd: REPO_ROOT,
    env: childEnv({ HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await waitForExit(child);
      clearTimeout(timer);
      return code;
    }
    return child.exitCode;
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`instance did not start within ${timeoutMs} ms:\n${output.join('\n')}`));
    }, timeoutMs);
    const onLine = (line: string) => {
      output.push(line);
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    readline.createInterface({ input: child.stdout! }).on('line', onLine);
    readline.createInterface({ input: child.stderr! }).on('line', onLine);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        Object.assign(new Error(`instance exited with code ${code} before listening:\n${output.join('\n')}`), {
          exitCode: code,
          output,
        }),
      );
    });
  });
  return { url, process: child, output, stop };
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
    const failure = error as Error & { exitCode?: number | null; output?: string[] };
    return { code: failure.exitCode ?? null, output: failure.output?.join('\n') ?? failure.message };
  }
}
