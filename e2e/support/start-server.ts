/**
 * The e2e web server: a temporary data directory, a real SMTP sink on loopback (with a tiny HTTP
 * endpoint to read the last mail sent to an address), then the real app (`apps/server/src/main.ts`).
 * Everything is removed on exit. Run by Playwright's `webServer` (see playwright.config.ts).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { serverArgs, spawnServer, stopProcess } from '@glyphary/test-support';
import { APP_PORT, MAIL_API_PORT, SUPER_ADMIN_EMAIL } from './ports.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-e2e-'));
// Serve a snapshot of the built SPA: a concurrent `vite build` (which empties apps/web/dist) must not
// pull the assets from under a running suite.
const builtDist = path.join(root, 'apps/web/dist');
if (!fs.existsSync(path.join(builtDist, 'index.html'))) {
  console.error('[e2e] apps/web/dist is missing: run `npm run build -w @glyphary/web` first');
  process.exit(1);
}
const webDist = path.join(dataDir, 'web-dist');
fs.cpSync(builtDist, webDist, { recursive: true });
// And of the server build beside it, which the server looks for next to the served dist
// (`<dist>/../dist-server`): without it no page is pre-rendered and hydration goes untested
// (docs/decisions/0014-prerendered-pages.md). Its imports of react & co. resolve through a link to
// the workspace's node_modules.
const builtServer = path.join(root, 'apps/web/dist-server');
if (!fs.existsSync(path.join(builtServer, 'entry-server.js'))) {
  console.error('[e2e] apps/web/dist-server is missing: run `npm run build -w @glyphary/web` first');
  process.exit(1);
}
fs.cpSync(builtServer, path.join(dataDir, 'dist-server'), { recursive: true });
fs.symlinkSync(path.join(root, 'node_modules'), path.join(dataDir, 'node_modules'), 'dir');

interface StoredMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  receivedAt: string;
}
const mails: StoredMail[] = [];

/** Decodes the parts of a raw RFC 5322 message that tests need: subject and text body (7bit or quoted-printable). */
function parseMail(raw: string, to: string[], from: string): StoredMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headerText = split === -1 ? raw : raw.slice(0, split);
  let body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = headerText.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  // A multipart body: keep its text/plain part.
  const boundary = /boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
  let encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (boundary) {
    const parts = body.split(`--${boundary}`);
    const textPart = parts.find((part) => /content-type:\s*text\/plain/i.test(part)) ?? '';
    const partSplit = textPart.search(/\r?\n\r?\n/);
    encoding = (/content-transfer-encoding:\s*([^\r\n]+)/i.exec(textPart)?.[1] ?? '').trim().toLowerCase();
    body = partSplit === -1 ? '' : textPart.slice(partSplit).trim();
  }
  if (encoding === 'quoted-printable') {
    body = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } else if (encoding === 'base64') {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { to, from, subject: header('Subject'), text: body.replace(/\r\n/g, '\n'), receivedAt: new Date().toISOString() };
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to, from));
      callback();
    });
  },
});

const mailApi = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/health') {
    response.writeHead(200).end('ok');
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  if (url.pathname !== '/last' || !to) {
    response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'GET /last?to=address' }));
    return;
  }
  const mail = mails.findLast((m) => m.to.includes(to));
  if (!mail) {
    response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'no mail' }));
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mail));
});

let app: ChildProcess | undefined;
let stopping = false;

function stop(code: number) {
  if (stopping) return;
  stopping = true;
  const finish = () => {
    smtp.close(() => undefined);
    mailApi.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(code);
  };
  if (app) void stopProcess(app, 8000).then(finish);
  else finish();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;
await new Promise<void>((resolve) => mailApi.listen(MAIL_API_PORT, '127.0.0.1', resolve));

const spawned = spawnServer({
  command: process.execPath,
  args: serverArgs(),
  cwd: root,
  url: `http://127.0.0.1:${APP_PORT}`,
  stdio: 'inherit',
  // Within Playwright's own webServer timeout (150 s), so the reason is printed here, not just "timed out".
  timeoutMs: 140_000,
  // Known at once, so a SIGTERM during start-up still stops it, and an exit at any time ends the run.
  onSpawn: (child) => {
    app = child;
    child.on('exit', (code) => {
      if (!stopping) {
        console.error(`[e2e] app exited with code ${code}`);
        stop(1);
      }
    });
  },
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(APP_PORT),
    PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SUPER_ADMIN_EMAIL,
    WEB_DIST_DIR: webDist,
    // Every test plays a different client (its own X-Forwarded-For), so per-IP throttles never
    // couple tests; the loopback proxy header is trusted only in this test server.
    TRUST_PROXY: 'true',
    AUTH_IP_LIMIT: '100000',
    WRITE_RATE_LIMIT: '100000',
    READ_RATE_LIMIT: '1000000',
    LOG_LEVEL: 'warn',
  } as Record<string, string>,
});
await spawned.catch((error: Error) => {
  console.error(`[e2e] the app did not start: ${error.message}`);
  stop(1);
});
