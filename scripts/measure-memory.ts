/**
 * Memory and start of a production server on a seeded PGlite data directory (DESIGN §5 "Memory", "Start"):
 * the time until /api/health answers, RSS idle after serving every page once, and RSS after 100 uploads,
 * with where it goes (V8 heap from /metrics, PGlite's WebAssembly memory from /proc smaps).
 *   node scripts/measure-memory.ts DATA_DIR [--uploads 100] [--flags "--a --b"]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { freePort, serverArgs, SERVER_MAIN, serverEnv, waitFor } from '@glyphary/test-support';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { uploads: { type: 'string', default: '100' }, flags: { type: 'string' } } });
const dataDir = positionals[0];
if (!dataDir) throw new Error('Usage: node scripts/measure-memory.ts DATA_DIR [--uploads N] [--flags "..."]');
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const env = { ...serverEnv({ port, url, dataDir }), LOG_LEVEL: 'info', TRUST_PROXY: 'true', UPLOAD_RATE_LIMIT: '100000', WRITE_RATE_LIMIT: '100000', READ_RATE_LIMIT: '1000000' };
const args = values.flags === undefined ? serverArgs() : [...values.flags.split(' ').filter(Boolean), SERVER_MAIN];
const started = performance.now();
const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
await waitFor(async () => (await fetch(`${url}/api/health`)).ok, 120_000, 'health', 50);
const startMs = performance.now() - started;

function memory() {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
  // WebAssembly memories are reserved as huge mappings (≥ 1 GB each); their resident part is PGlite's.
  let wasm = 0;
  let size = 0;
  for (const line of fs.readFileSync(`/proc/${child.pid}/smaps`, 'utf8').split('\n')) {
    const m = /^(Size|Rss):\s+(\d+) kB/.exec(line);
    if (m?.[1] === 'Size') size = Number(m[2]);
    else if (m?.[1] === 'Rss' && size >= 1024 * 1024) wasm += Number(m[2]) / 1024;
  }
  return { rss, wasm };
}
async function heap() {
  const text = await (await fetch(`${url}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20;
  return { heapUsed: read('nodejs_heap_size_used_bytes'), heapTotal: read('nodejs_heap_size_total_bytes'), external: read('nodejs_external_memory_bytes') };
}
const fmt = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k} ${v.toFixed(0)} MB`).join(', ');

// Every page once (server-rendered with its boot data), and the API reads they make.
const list = (await (await fetch(`${url}/api/get-glyphs?sort=latest&limit=100`)).json()) as { glyphs: { id: string; creator?: { username?: string } }[] };
const pages = ['/', '/search?q=clock', '/search?q=anim', '/request-glyphs', '/login', '/signup', '/upload', '/liked', '/following', '/my-requests', '/admin', '/settings'];
for (const glyph of list.glyphs) pages.push(`/glyph/${glyph.id}`);
for (const name of new Set(list.glyphs.map((g) => g.creator?.username).filter(Boolean))) pages.push(`/storefront/${name}`);
for (const page of pages) await (await fetch(`${url}${page}`)).arrayBuffer();
for (const q of ['clock', 'boot', 'chargng', 'music bars', 'rain']) await (await fetch(`${url}/api/get-glyphs?search=${q}`)).arrayBuffer();
await new Promise((resolve) => setTimeout(resolve, 10_000));
const idle = { ...memory(), ...(await heap()) };

// 100 image uploads as a seeded user.
const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: url },
  body: JSON.stringify({ email: 'hazestudio1@example.com', password: 'glyphary-demo' }),
});
const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
if (!signIn.ok) throw new Error(`sign-in: ${signIn.status}`);
for (let i = 0; i < Number(values.uploads); i += 1) {
  const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: i, g: 255 - i, b: (i * 7) % 255 } } }).png().toBuffer();
  const form = new FormData();
  form.append('type', 'images');
  form.append('file', new Blob([png], { type: 'image/png' }), `shot-${i}.png`);
  const response = await fetch(`${url}/api/upload-file`, { method: 'POST', headers: { cookie, origin: url }, body: form });
  if (!response.ok) throw new Error(`upload ${i}: ${response.status} ${await response.text()}`);
}
await new Promise((resolve) => setTimeout(resolve, 10_000));
const afterUploads = { ...memory(), ...(await heap()) };
child.kill('SIGTERM');
console.log(`start: ${startMs.toFixed(0)} ms to /api/health (${pages.length} pages served)`);
console.log(`idle after every page: ${fmt(idle)}`);
console.log(`after ${values.uploads} uploads: ${fmt(afterUploads)} (RSS +${(afterUploads.rss - idle.rss).toFixed(0)} MB)`);
