/**
 * `npm test`: every check in one command — lint, typecheck, unit (shared, web, server units),
 * API integration on PGlite, the same API suite on PostgreSQL when one is reachable, the bench
 * smoke run and the Playwright end-to-end suite in Chromium. Ends with one line
 * `tests: N passed, N failed` over every test that ran.
 *
 * PostgreSQL: TEST_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
 * if it answers. Set SKIP_E2E=1 or SKIP_PG=1 to leave a leg out locally (CI sets neither).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-test-report-'));
const env = { ...process.env, PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}` };

interface Step {
  name: string;
  ok: boolean;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  note?: string;
}
const steps: Step[] = [];

function run(name: string, command: string, args: string[], extraEnv: Record<string, string> = {}, report?: () => Pick<Step, 'passed' | 'failed' | 'skipped'>) {
  console.log(`\n━━ ${name} ━━ ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  const counts = report?.() ?? { passed: 0, failed: 0, skipped: 0 };
  const ok = result.status === 0;
  steps.push({ name, ok, ...counts, seconds: (Date.now() - started) / 1000 });
  return ok;
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

function vitest(name: string, projects: string[], extraEnv: Record<string, string> = {}) {
  const file = path.join(out, `${name.replace(/\W+/g, '-')}.json`);
  return run(
    name,
    bin('vitest'),
    ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    extraEnv,
    vitestReport(file),
  );
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

run('lint', bin('eslint'), ['.', '--max-warnings=0']);
run('typecheck', bin('tsc'), ['-b']);
vitest('unit (shared, bench, web)', ['shared', 'bench', 'web']);
vitest('server unit + API on PGlite', ['server'], { TEST_DATABASE_URL: '' });

if (process.env.SKIP_PG === '1') {
  console.log('\n━━ API on PostgreSQL ━━ skipped: SKIP_PG=1');
  steps.push({ name: 'API on PostgreSQL', ok: true, passed: 0, failed: 0, skipped: 0, seconds: 0, note: 'skipped (SKIP_PG=1)' });
} else {
  const url = await reachablePostgres();
  if (url) {
    vitest('server unit + API on PostgreSQL', ['server'], { TEST_DATABASE_URL: url });
  } else {
    console.log('\n━━ API on PostgreSQL ━━ SKIPPED: no PostgreSQL server is reachable (set TEST_DATABASE_URL or DATABASE_URL). Only the PGlite leg ran.');
    steps.push({ name: 'API on PostgreSQL', ok: true, passed: 0, failed: 0, skipped: 0, seconds: 0, note: 'SKIPPED: no PostgreSQL reachable' });
  }
}

const benchPackage = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
if (benchPackage.scripts['bench:smoke']) {
  run('bench smoke', 'npm', ['run', '--silent', 'bench:smoke']);
}

if (process.env.SKIP_E2E === '1') {
  console.log('\n━━ e2e ━━ skipped: SKIP_E2E=1');
  steps.push({ name: 'e2e (Chromium)', ok: true, passed: 0, failed: 0, skipped: 0, seconds: 0, note: 'skipped (SKIP_E2E=1)' });
} else if (run('build web', 'npm', ['run', '--silent', 'build'])) {
  const file = path.join(out, 'e2e.json');
  run('e2e (Chromium)', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file, DATABASE_URL: '' }, playwrightReport(file));
}

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
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
fs.rmSync(out, { recursive: true, force: true });
process.exit(allOk ? 0 : 1);
