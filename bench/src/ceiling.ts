/**
 * The ceiling (DESIGN §5): a plain node:http server that answers each benchmarked request with the
 * exact bytes the real server sent for it, so each endpoint can be reported as a share of what Node
 * itself can push on this machine. Usage: node bench/src/ceiling.ts <responses.json>; prints the port.
 */
import fs from 'node:fs';
import http from 'node:http';

interface Captured {
  status: number;
  headers: Record<string, string>;
  body: string; // base64
}

const file = process.argv[2];
if (!file) throw new Error('usage: ceiling.ts <responses.json>');
const table = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Captured>;
const responses = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
for (const [key, value] of Object.entries(table)) responses.set(key, { ...value, body: Buffer.from(value.body, 'base64') });

/** Exact method + path, else the same route with another id (first two path segments). */
function find(method: string, url: string) {
  const exact = responses.get(`${method} ${url}`);
  if (exact) return exact;
  const prefix = url.split('?')[0]?.split('/').slice(0, 3).join('/') ?? '';
  return responses.get(`${method} ${prefix}`);
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
