/**
 * The benchmark's processes: the production server pinned to core 0, the ceiling (a plain node:http
 * server sending the same bytes) on the same core, and the autocannon client pinned to core 1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { canPin, freePort, pinnedCommand, rssMb as processRssMb, serverArgs, serverEnv, spawnServer } from '@glyphary/test-support';
import type { ClientJob, ClientResult } from './client.ts';
import { watchMachine, type MachineDuring } from './machine.ts';
import { watchDatabase, type DatabaseDuring } from './db-waits.ts';
import { scrapeServer, serverDuring, type ServerDuring } from './server-loop.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../..');

/** Whether server and client can each have a core of their own. */
export const hasTaskset = canPin();

/** The server's resident memory in whole MB. */
export const rssMb = (pid: number | undefined) => Math.round(processRssMb(pid));

/**
 * Waits until the server answers /api/health quickly again: requests abandoned by a timed-out run
 * (autocannon closes the socket, the server still finishes the query) must not be billed to the next
 * scenario. Bounded; returns the seconds it took.
 */
export async function settle(baseUrl: string, maxSeconds = 180): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < maxSeconds * 1000) {
    const t = performance.now();
    const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(30_000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok && performance.now() - t < 250) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return (Date.now() - started) / 1000;
}

/** utime + stime of a process from /proc, in seconds (null where /proc is missing). */
function processCpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ ticks
  } catch {
    return null;
  }
}

/**
 * Waits until a freshly started server has finished its boot work (decision 0047): the search index
 * loads in the background after listen (decision 0034; ~10 s of CPU on the 100k seed on PGlite), and
 * without this wait it ran inside the first scenario measured — home latest. Quiet = under 10 % of a
 * core for a whole second. Bounded; returns the seconds it took.
 */
export async function waitUntilQuiet(pid: number | undefined, maxSeconds = 120): Promise<number> {
  const started = Date.now();
  if (pid === undefined) return 0;
  let last = processCpuSeconds(pid);
  while (last !== null && Date.now() - started < maxSeconds * 1000) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = processCpuSeconds(pid);
    if (now === null || now - last < 0.1) break;
    last = now;
  }
  return (Date.now() - started) / 1000;
}

export interface Server {
  child: ChildProcess;
  url: string;
  stderr: string[];
}

export async function startServer(dataDir: string, databaseUrl: string | undefined): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const limit = '100000000';
  const env = {
    ...serverEnv({ port, url, dataDir, databaseUrl }),
    // The load comes from one loopback address: lift every per-IP limit so the server, not the
    // limiter, is measured (the limiter has its own tests).
    READ_RATE_LIMIT: limit,
    WRITE_RATE_LIMIT: limit,
    UPLOAD_RATE_LIMIT: limit,
    AUTH_IP_LIMIT: limit,
    AUTH_EMAIL_FAILURE_LIMIT: limit,
  };
  const [command, args] = pinnedCommand(0, process.execPath, serverArgs());
  const stderr: string[] = [];
  const { child } = await spawnServer({
    command,
    args,
    cwd: root,
    env,
    url,
    stdio: ['ignore', 'ignore', 'pipe'],
    onSpawn: (spawned) =>
      spawned.stderr?.on('data', (chunk: Buffer) => {
        stderr.push(chunk.toString());
        if (stderr.length > 200) stderr.shift();
      }),
    exitDetail: () => stderr.join('').slice(-2000),
  });
  return { child, url, stderr };
}

export async function startCeiling(
  captured: Record<string, unknown>,
  dir: string,
): Promise<{ child: ChildProcess; url: string }> {
  const file = path.join(dir, 'ceiling-responses.json');
  fs.writeFileSync(file, JSON.stringify(captured));
  const [command, args] = pinnedCommand(0, process.execPath, [path.join(here, 'ceiling.ts'), file]);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve((JSON.parse(chunk.toString()) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`ceiling exited ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

export async function runClient(job: ClientJob, dir: string): Promise<ClientResult> {
  const file = path.join(dir, `job-${randomBytes(4).toString('hex')}.json`);
  fs.writeFileSync(file, JSON.stringify(job));
  const [command, args] = pinnedCommand(1, process.execPath, [
    '--disable-warning=TimeoutNegativeWarning',
    path.join(here, 'client.ts'),
    file,
  ]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), (job.durationSeconds + 60) * 1000);
    child.once('exit', (code) => {
      clearTimeout(killer);
      fs.rmSync(file, { force: true });
      if (code !== 0) return reject(new Error(`load client exited ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop() as string) as ClientResult);
    });
  });
}

/**
 * Runs a load job while sampling the server's resident memory; returns the result, the peak RSS, what
 * the machine did meanwhile (CPU steal, disk waits: machine.ts), what the server's event loop, garbage
 * collector and request timings showed (its own metrics at `job.url`: server-loop.ts), with `databaseUrl`
 * PostgreSQL's longest statement (db-waits.ts), and when the run began (decision 0064).
 */
export async function measure(
  job: ClientJob,
  dir: string,
  pid: number | undefined,
  databaseUrl?: string,
): Promise<ClientResult & { rssMb: number; machine: MachineDuring; server: ServerDuring; database?: DatabaseDuring; startedAt: string }> {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250);
  // This scrape also resets the loop-delay histogram, so the one after the run covers the run alone.
  const before = await scrapeServer(job.url);
  // PostgreSQL only: the longest statement its activity view showed during the run (db-waits.ts).
  const dbWatch = databaseUrl ? await watchDatabase(databaseUrl) : undefined;
  const watch = watchMachine();
  let machine: MachineDuring | undefined;
  // When the run began, to match it against the database's own log (checkpoints, lock waits).
  const startedAt = new Date().toISOString();
  try {
    const result = await runClient(job, dir);
    machine = watch.stop();
    const database = (await dbWatch?.stop()) ?? undefined;
    const server = serverDuring(before, await scrapeServer(job.url));
    return { ...result, rssMb: Math.max(peak, rssMb(pid)), machine, server, ...(database ? { database } : {}), startedAt };
  } finally {
    clearInterval(sampler);
    if (!machine) {
      watch.stop();
      await dbWatch?.stop();
    }
  }
}
