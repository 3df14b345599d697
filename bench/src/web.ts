/**
 * `npm run bench:web [-- --build] [--out DIR]`: Lighthouse (mobile preset, Debian Chromium, offline
 * flags) on /, a glyph page, /search?q=boot and /request-glyphs of the production server on a demo
 * seed, plus the initial JavaScript gzip size of apps/web/dist. Fails below the DESIGN §5 budgets:
 * performance 95, accessibility 100, best practices 100, SEO 100, initial JS ≤ 100 KB gzip.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import type { RunnerResult } from 'lighthouse';
import { seedDatabase } from './seed-lib.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dist = path.join(root, 'apps/web/dist');
const { values } = parseArgs({
  options: { build: { type: 'boolean', default: false }, out: { type: 'string' }, only: { type: 'string' }, 'keep-reports': { type: 'string' } },
});
const outDir = path.resolve(values.out ?? path.join(root, 'bench/results'));
const log = (line: string) => console.error(line);

const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
const JS_BUDGET_BYTES = 100 * 1024;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// ── initial JavaScript: the entry chunk and everything it imports statically ──

/** Static `import … from "x"` / `import "x"` / `export … from "x"` specifiers of a built chunk (not `import()`). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) if (match[1]) found.add(match[1]);
  return [...found];
}

/** Sums the gzip size of the entry scripts of index.html and their static import graph. */
export function initialJs(distDir: string): {
  files: { file: string; gzipBytes: number; rawBytes: number }[];
  gzipBytes: number;
} {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entries = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1] as string);
  const seen = new Map<string, { gzipBytes: number; rawBytes: number }>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const code = fs.readFileSync(path.join(distDir, file));
    seen.set(file, { rawBytes: code.length, gzipBytes: zlib.gzipSync(code, { level: 9 }).length });
    for (const spec of staticImports(code.toString())) {
      const resolved = spec.startsWith('/') ? spec.slice(1) : path.posix.join(path.posix.dirname(file), spec);
      visit(resolved);
    }
  };
  for (const entry of entries) visit(entry.replace(/^\//, ''));
  const files = [...seen].map(([file, sizes]) => ({ file, ...sizes }));
  return { files, gzipBytes: files.reduce((a, f) => a + f.gzipBytes, 0) };
}

type LighthouseResult = RunnerResult['lhr'];
const require = createRequire(import.meta.url);
const LIGHTHOUSE_CLI = path.join(path.dirname(require.resolve('lighthouse/package.json')), 'cli/index.js');

/** Runs the Lighthouse CLI (default config = mobile preset) and reads its JSON report; undefined when none was written. */
function runLighthouse(url: string, outputPath: string): { lhr: LighthouseResult } | undefined {
  fs.rmSync(outputPath, { force: true });
  spawnSync(
    process.execPath,
    [
      LIGHTHOUSE_CLI,
      url,
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      `--only-categories=${Object.keys(BUDGET).join(',')}`,
      '--output=json',
      `--output-path=${outputPath}`,
      '--quiet',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 300_000,
    },
  );
  if (!fs.existsSync(outputPath)) return undefined;
  return { lhr: JSON.parse(fs.readFileSync(outputPath, 'utf8')) as LighthouseResult };
}

// ── server on a demo seed ──

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  // localhost is a secure context, so the production headers (CSP, secure cookies) apply as on https.
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
      SUPER_ADMIN_EMAIL: 'admin@example.com',
      LOG_LEVEL: 'warn',
      SYNC_JOB: 'off',
      WEB_DIST_DIR: dist,
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return { child, url };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not answer /api/health within 120 s');
}

// ── main ──

if (values.build || !fs.existsSync(path.join(dist, 'index.html'))) {
  log('building apps/web …');
  execFileSync('npm', ['run', '--silent', 'build', '-w', '@glyphary/web'], { cwd: root, stdio: 'inherit' });
}
const js = initialJs(dist);
log(`initial JS: ${(js.gzipBytes / 1024).toFixed(1)} KB gzip over ${js.files.length} files`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-bench-web-'));
let server: { child: ChildProcess; url: string } | undefined;
const pages: { name: string; path: string; scores: Record<string, number | null>; failing: string[] }[] = [];
let exitCode = 0;
try {
  const seed = await seedDatabase({ size: 'demo', dataDir, log: (line) => log(`[seed] ${line}`) });
  server = await startServer(dataDir);
  const base = server.url;
  const targets = [
    { name: 'Home', path: '/' },
    { name: 'Glyph', path: `/glyph/${seed.sample.glyphIds[0]}` },
    { name: 'Search', path: '/search?q=boot' },
    { name: 'Requests', path: '/request-glyphs' },
  ];
  // A server in use is warm: one request per page first, so the first page measured does not pay
  // for loading the pre-renderer and its route modules (a one-off ~150 ms at process start).
  for (const target of targets) await fetch(`${base}${target.path}`).then((response) => response.text());
  // --only Home,Glyph: a quick look at some pages; --keep-reports DIR keeps each full Lighthouse JSON.
  const only = values.only?.split(',').map((name) => name.trim());
  for (const target of targets.filter((t) => !only || only.includes(t.name))) {
    // One Lighthouse CLI process per attempt (it launches its own Chromium through chrome-launcher):
    // in-process runs after the first one kept coming back with an empty trace (NO_FCP), separate
    // processes do not. On a busy machine a trace can still come back empty: retry up to 3 times.
    let result: { lhr: LighthouseResult } | undefined;
    for (let attempt = 1; ; attempt += 1) {
      result = runLighthouse(`${base}${target.path}`, path.join(dataDir, `lhr-${target.name}.json`));
      const runtimeError = result?.lhr.runtimeError;
      if (!runtimeError || attempt >= 3) break;
      log(`${target.name}: ${runtimeError.code}, retrying (${attempt}/3)`);
    }
    if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`);
    if (values['keep-reports']) {
      fs.mkdirSync(values['keep-reports'], { recursive: true });
      fs.copyFileSync(path.join(dataDir, `lhr-${target.name}.json`), path.join(values['keep-reports'], `lhr-${target.name}.json`));
    }
    const scores: Record<string, number | null> = {};
    for (const key of Object.keys(BUDGET)) {
      const score = result.lhr.categories[key]?.score;
      scores[key] = score === null || score === undefined ? null : Math.round(score * 100);
    }
    // The audits that cost points, so a miss says why.
    const failing = Object.values(result.lhr.categories)
      .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => result.lhr.audits[ref.id]))
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map((audit) => `${audit?.id} (${Math.round((audit?.score ?? 0) * 100)})`);
    // Say why: a run that could not load the page, and what the browser console complained about.
    const runtime = result.lhr.runtimeError
      ? [`runtime error ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`]
      : [];
    const consoleItems = (
      (
        result.lhr.audits['errors-in-console']?.details as
          { items?: { description?: string; source?: string; url?: string }[] } | undefined
      )?.items ?? []
    )
      .slice(0, 3)
      .map((item) => `console: ${(item.description ?? '').slice(0, 160)}${item.url ? ` (${item.url.replace(base, '')})` : ''}`);
    pages.push({
      name: target.name,
      path: target.path,
      scores,
      failing: [...new Set([...runtime, ...failing, ...consoleItems])],
    });
    log(
      `${target.name} ${target.path}: ${JSON.stringify(scores)} — ${(pages.at(-1)?.failing ?? []).join('; ') || 'all audits pass'}`,
    );
  }
} catch (error) {
  log(`bench:web failed: ${(error as Error).stack ?? error}`);
  exitCode = 1;
} finally {
  if (server && server.child.exitCode === null) {
    const exited = new Promise((r) => server?.child.once('exit', r));
    server.child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  } catch {
    return 'unknown';
  }
})();
const date = new Date().toISOString().slice(0, 10);
const misses: string[] = [];
const lines = [
  `# Lighthouse ${date} (${commit})`,
  '',
  `Mobile preset, Chromium ${CHROME_FLAGS.join(' ')}, production server on the demo seed. Load average: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}.`,
  '',
];
lines.push('| Page | Performance | Accessibility | Best practices | SEO | Audits below 100 |', '|---|---:|---:|---:|---:|---|');
for (const page of pages) {
  const cell = (key: keyof typeof BUDGET) => {
    const score = page.scores[key];
    const met = score !== null && score !== undefined && score >= BUDGET[key];
    if (!met) misses.push(`${page.name} ${key} ${score ?? 'n/a'} < ${BUDGET[key]}`);
    return met ? `${score}` : `**${score ?? 'n/a'}** (missed)`;
  };
  lines.push(
    `| ${page.name} \`${page.path}\` | ${cell('performance')} | ${cell('accessibility')} | ${cell('best-practices')} | ${cell('seo')} | ${page.failing.join('; ').replace(/\|/g, '\\|') || '–'} |`,
  );
}
const jsMet = js.gzipBytes <= JS_BUDGET_BYTES;
if (!jsMet) misses.push(`initial JS ${(js.gzipBytes / 1024).toFixed(1)} KB > 100 KB`);
lines.push(
  '',
  `Initial JavaScript (entry chunk + static imports, gzip -9): **${(js.gzipBytes / 1024).toFixed(1)} KB** of 100 KB — ${jsMet ? 'met' : '**missed**'}.`,
  '',
);
lines.push(
  '| File | Raw KB | Gzip KB |',
  '|---|---:|---:|',
  ...js.files.map((f) => `| ${f.file} | ${(f.rawBytes / 1024).toFixed(1)} | ${(f.gzipBytes / 1024).toFixed(1)} |`),
);
const md = lines.join('\n');
fs.mkdirSync(outDir, { recursive: true });
const stem = path.join(outDir, `${date}-${commit}-web`);
fs.writeFileSync(
  `${stem}.json`,
  `${JSON.stringify({ date, commit, budget: BUDGET, jsBudgetBytes: JS_BUDGET_BYTES, initialJs: js, pages, misses }, null, 2)}\n`,
);
fs.writeFileSync(`${stem}.md`, `${md}\n`);
console.log(md);
log(`wrote ${stem}.json and ${stem}.md`);
if (misses.length > 0) log(`budget missed: ${misses.join('; ')}`);
process.exit(exitCode || (misses.length > 0 || pages.length < 4 ? 1 : 0));
