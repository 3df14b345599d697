/**
 * The benchmark's processes: the production server pinned to core 0, the ceiling (a plain node:http
 * server sending the same bytes) on the same core, and the load client pinned to core 1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { canPin, freePort, pinnedCommand, rssMb as processRssMb, serverArgs, serverEnv, spawnServer } from '@glyphary/test-support';
import type { ClientJob, ClientResult } from './client.ts';

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

export interface Server {
  child: ChildProcess;
  url: string;
  stderr: string[];
}

/**
 * The production server as docs/deploy.md runs it (NODE_ENV=production, LOG_LEVEL=info, TRUST_PROXY=true
 * behind a proxy), pinned to core 0; resolves once /api/health answers.
 */
export async function startServer(dataDir: string, databaseUrl: string | undefined, extraEnv: Record<string, string> = {}): Promise<Server> {
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
    LOG_LEVEL: 'info',
    TRUST_PROXY: 'true',
    ...extraEnv,
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

/**
 * The exact answers (status, headers, body) the server gives to `requests`, keyed as ceiling.ts looks
 * them up, so the bare node:http server sends the same bytes.
 */
export async function captureFor(baseUrl: string, requests: ClientJob['requests']): Promise<Record<string, unknown>> {
  const captured: Record<string, unknown> = {};
  for (const request of requests) {
    const response = await fetch(`${baseUrl}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
    const body = Buffer.from(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      // Same headers minus the hop-by-hop ones node:http sets itself.
      if (!['content-length', 'connection', 'keep-alive', 'date', 'transfer-encoding'].includes(key)) headers[key] = value;
    });
    captured[`${request.method} ${request.path}`] = { status: response.status, headers, body: body.toString('base64') };
  }
  return captured;
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
