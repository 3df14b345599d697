/**
 * `npm test`: every check in one command — lint, typecheck, unit (shared, bench, web, server units),
 * the API suite on PGlite, the same API suite on PostgreSQL when one is reachable, the bench smoke
 * run and the Playwright end-to-end suite in Chromium. Each test runs once: the server unit tests
 * (apps/server/src) do not touch a database, so only the API suite (apps/server/test) runs twice.
 * Ends with one line `tests: N passed, N failed, N skipped` over every test that ran.
 *
 * Two cores are used where steps do not compete for the same one: lint and typecheck side by side,
 * then the PostgreSQL API leg (mostly waiting on the database server) and the bench smoke run
 * alongside the web build and e2e. When two steps run at once, each output line is prefixed with its step's tag.
 *
 * PostgreSQL: TEST_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
 * if it answers. Set SKIP_E2E=1 or SKIP_PG=1 to leave a leg out locally (CI sets neither).
 * TEST_SERIAL=1 runs every step one after another (for timing a step alone, or reading one log).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-test-report-'));
const env = { ...process.env, PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}` };
const serial = process.env.TEST_SERIAL === '1';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
interface Step extends Counts {
  name: string;
  ok: boolean;
  seconds: number;
  note?: string;
}
interface Command {
  name: string;
  /** Prefix for each output line while another step runs at the same time. */
  tag: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  report?: () => Counts;
}

const steps: Step[] = [];
const children = new Set<ChildProcess>();

function prefixed(stream: NodeJS.ReadableStream, tag: string, to: NodeJS.WritableStream) {
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  lines.on('line', (line) => to.write(`[${tag}] ${line}\n`));
  return new Promise<void>((resolve) => lines.once('close', resolve));
}

/** Runs one step; its output goes straight through, or line by line behind `[tag]` when `shared`. */
async function run(step: Command, shared = false): Promise<boolean> {
  console.log(`\n━━ ${step.name} ━━ ${step.command} ${step.args.join(' ')}${shared ? `  (output lines start with [${step.tag}])` : ''}`);
  const started = Date.now();
  const child = spawn(step.command, step.args, {
    cwd: root,
    stdio: shared ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...env, ...step.env },
  });
  children.add(child);
  const drained = shared ? Promise.all([prefixed(child.stdout!, step.tag, process.stdout), prefixed(child.stderr!, step.tag, process.stderr)]) : null;
  const status = await new Promise<number | null>((resolve) => {
    child.once('error', (error) => {
      console.error(`${step.name}: could not start ${step.command}: ${error.message}`);
      resolve(null);
    });
    child.once('close', (code) => resolve(code));
  });
  await drained;
  children.delete(child);
  const seconds = (Date.now() - started) / 1000;
  const counts = step.report?.() ?? { passed: 0, failed: 0, skipped: 0 };
  const ok = status === 0;
  steps.push({ name: step.name, ok, ...counts, seconds });
  console.log(`━━ ${step.name} ━━ ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
  return ok;
}

/** Runs each chain of steps; chains run side by side (unless TEST_SERIAL=1), steps within a chain in order. */
async function parallel(...chains: Array<() => Promise<unknown>>): Promise<void> {
  if (serial || chains.length < 2) {
    for (const chain of chains) await chain();
    return;
  }
  await Promise.all(chains.map((chain) => chain()));
}

function skip(name: string, note: string) {
  console.log(`\n━━ ${name} ━━ ${note}`);
  steps.push({ name, ok: true, passed: 0, failed: 0, skipped: 0, seconds: 0, note });
}

function vitestReport(file: string) {
  return () => {
    try {
      const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
      return { passed: data.numPassedTests, failed: data.numFailedTests, skipped: data.numPendingTests + data.numTodoTests };
    } catch {
      return { passed: 0, failed: 1, skipped: 0 };
    }
  };
}

function playwrightReport(file: string) {
  return () => {
    try {
      const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
      return { passed: data.stats.expected + data.stats.flaky, failed: data.stats.unexpected, skipped: data.stats.skipped };
    } catch {
      return { passed: 0, failed: 1, skipped: 0 };
    }
  };
}

function vitest(name: string, tag: string, projects: string[], filters: string[], extraEnv: Record<string, string> = {}): Command {
  const file = path.join(out, `${tag}.json`);
  return {
    name,
    tag,
    command: bin('vitest'),
    args: ['run', ...projects.flatMap((p) => ['--project', p]), ...filters, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env: extraEnv,
    report: vitestReport(file),
  };
}

async function reachablePostgres(): Promise<string | null> {
  const candidates = [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL, 'postgres://postgres@127.0.0.1:5432/postgres'].filter(
    (v): v is string => Boolean(v),
  );
  for (const url of candidates) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return url;
    } catch {
      await client.end().catch(() => undefined);
    }
  }
  return null;
}

function stopAll(signal: NodeJS.Signals) {
  for (const child of children) child.kill(signal);
  process.exit(130);
}
process.once('SIGINT', () => stopAll('SIGINT'));
process.once('SIGTERM', () => stopAll('SIGTERM'));

const started = Date.now();

await parallel(
  () => run({ name: 'lint', tag: 'lint', command: bin('eslint'), args: ['.', '--max-warnings=0'] }, !serial),
  () => run({ name: 'typecheck', tag: 'tsc', command: bin('tsc'), args: ['-b'] }, !serial),
);
await run(vitest('unit (shared, bench, web)', 'unit', ['shared', 'bench', 'web'], []));
// The server project holds both the database-free unit tests (src) and the API suite (test).
await run(vitest('server unit + API on PGlite', 'pglite', ['server'], [], { TEST_DATABASE_URL: '' }));

let postgresLeg: () => Promise<unknown> = async () => undefined;
if (process.env.SKIP_PG === '1') {
  skip('API on PostgreSQL', 'skipped: SKIP_PG=1');
} else {
  const url = await reachablePostgres();
  if (url) {
    postgresLeg = () => run(vitest('API on PostgreSQL', 'pg', ['server'], ['apps/server/test/'], { TEST_DATABASE_URL: url }), !serial);
  } else {
    skip(
      'API on PostgreSQL',
      'SKIPPED: no PostgreSQL server answered (tried TEST_DATABASE_URL, DATABASE_URL, postgres://postgres@127.0.0.1:5432/postgres). Only the PGlite leg ran.',
    );
  }
}

// The bench smoke run follows the PostgreSQL leg, beside e2e: the browser leg is the longest, so it starts first.
const benchSmoke = () => run({ name: 'bench smoke', tag: 'bench', command: 'npm', args: ['run', '--silent', 'bench:smoke'] }, !serial);
const browserLeg = async () => {
  if (process.env.SKIP_E2E === '1') {
    skip('e2e (Chromium)', 'skipped: SKIP_E2E=1');
  } else if (await run({ name: 'build web', tag: 'build', command: 'npm', args: ['run', '--silent', 'build'] }, !serial)) {
    const file = path.join(out, 'e2e.json');
    await run(
      {
        name: 'e2e (Chromium)',
        tag: 'e2e',
        command: bin('playwright'),
        args: ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, DATABASE_URL: '' },
        report: playwrightReport(file),
      },
      !serial,
    );
  }
};
await parallel(async () => {
  await postgresLeg();
  await benchSmoke();
}, browserLeg);

console.log('\n━━ summary ━━');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const step of steps) {
  passed += step.passed;
  failed += step.failed;
  skipped += step.skipped;
  const counts = step.passed + step.failed + step.skipped > 0 ? ` ${step.passed} passed, ${step.failed} failed, ${step.skipped} skipped` : '';
  console.log(`${step.ok ? 'ok  ' : 'FAIL'} ${step.name.padEnd(34)} ${step.seconds.toFixed(1).padStart(6)}s${counts}${step.note ? ` — ${step.note}` : ''}`);
}
const allOk = steps.every((s) => s.ok);
if (!allOk && failed === 0) failed = steps.filter((s) => !s.ok).length;
console.log(`wall time: ${((Date.now() - started) / 1000).toFixed(0)} s${serial ? ' (TEST_SERIAL=1)' : ''}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
fs.rmSync(out, { recursive: true, force: true });
process.exit(allOk ? 0 : 1);
