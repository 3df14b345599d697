/**
 * The ceiling (DESIGN §5): a plain node:http server that answers each benchmarked request with the
 * exact bytes the real server sent for it, so each endpoint can be reported as a share of what Node
 * itself can push on this machine. Usage: node bench/src/ceiling.ts <responses.json>; prints the port.
 */
import fs from 'node:fs';
import http from 'node:http';
import { shapeOf } from './request-shape.ts';

interface Captured {
  status: number;
  headers: Record<string, string>;
  body: string; // base64
}

const file = process.argv[2];
if (!file) throw new Error('usage: ceiling.ts <responses.json>');
const table = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Captured>;
type Response = { status: number; headers: Record<string, string>; body: Buffer };
const responses = new Map<string, Response>();
/**
 * Per request shape (method, first two path segments, sorted query parameter names), every captured
 * response of that shape, answered in turn to the requests the probe did not capture exactly — a
 * search term past the probe's first 120 gets another search page of the same size class, not the
 * first list page captured for `/api/get-glyphs` (which had made the cold-search ceiling a 12-card page).
 */
const byShape = new Map<string, { list: Response[]; next: number }>();
for (const [key, value] of Object.entries(table)) {
  const response = { ...value, body: Buffer.from(value.body, 'base64') };
  responses.set(key, response);
  const [method = '', url = ''] = key.split(' ');
  const shape = shapeOf(method, url);
  const entry = byShape.get(shape) ?? { list: [], next: 0 };
  entry.list.push(response);
  byShape.set(shape, entry);
}

/** Exact method + path, else the next captured response of the same shape. */
function find(method: string, url: string): Response | undefined {
  const exact = responses.get(`${method} ${url}`);
  if (exact) return exact;
  const entry = byShape.get(shapeOf(method, url));
  if (!entry) return undefined;
  const found = entry.list[entry.next % entry.list.length];
  entry.next += 1;
  return found;
}

const server = http.createServer((request, response) => {
  // Drain the body like the real server does before answering.
  request.resume();
  request.on('end', () => {
    const found = find(request.method ?? 'GET', request.url ?? '/');
    if (!found) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(found.status, { ...found.headers, 'content-length': String(found.body.length) });
    response.end(found.body);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
