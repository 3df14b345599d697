/**
 * Issue 46 item 6: every spelling of a request target the router serves gets the same limits, `no-store`
 * and guards as its plain spelling. Requests are written byte for byte over a socket (node:net): inject()
 * and HTTP clients would clean the target first.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@glyphary/shared';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph } from '../factories.ts';
import { normaliseRequestTarget } from '../../src/lib/request-target.ts';

const WRITES_PER_MINUTE = 3;
const READS_PER_MINUTE = 4;

let t: TestApp;
let port: number;
let host: string;

beforeAll(async () => {
  t = await buildTestApp({ WRITE_RATE_LIMIT: String(WRITES_PER_MINUTE), READ_RATE_LIMIT: String(READS_PER_MINUTE), TRUST_PROXY: 'true' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  host = `127.0.0.1:${port}`;
});
afterAll(async () => {
  await t.close();
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends one request with `target` exactly as written on the request line, and reads the whole answer. */
function send(method: string, target: string, headers: Record<string, string> = {}, body?: string): Promise<RawResponse> {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${host}`, 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  const text = `${lines.join('\r\n')}\r\n\r\n${body ?? ''}`;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = answer.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headerMap: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headerMap[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: headerMap, body: rest.join('\r\n\r\n') });
    });
  });
}

/** The spellings of one API path that the router routes like the plain one. */
const spellings = (path: string) => ({
  'absolute-form': `http://${host}${path}`,
  'absolute-form, upper-case scheme': `HTTP://${host}${path}`,
  'duplicate slashes': path.replaceAll('/', '//'),
  'encoded unreserved characters': path.replace('/api/', '/%61pi/'),
});

describe('normaliseRequestTarget', () => {
  it('turns each spelling into the origin-form path the router matches', () => {
    expect(normaliseRequestTarget('http://example.test/api/x?a=//b')).toBe('/api/x?a=//b');
    expect(normaliseRequestTarget('HTTPS://example.test')).toBe('/');
    expect(normaliseRequestTarget('http://example.test?q=1')).toBe('/?q=1');
    expect(normaliseRequestTarget('//api///auth//sign-in')).toBe('/api/auth/sign-in');
    expect(normaliseRequestTarget('/%61%70%69/%41x')).toBe('/api/Ax');
    // Separators and dot segments stay visible to the path guard, which refuses them.
    expect(normaliseRequestTarget('/api/auth%2Fsign-in')).toBe('/api/auth%2Fsign-in');
    expect(normaliseRequestTarget('/api/%2e%2E/x')).toBe('/api/../x');
    expect(normaliseRequestTarget('/api/files/images/a%20b')).toBe('/api/files/images/a%20b');
  });
});

describe('issue 46 item 6: the request target is normalised before any path test', () => {
  it('writes are counted for every spelling (429 once the limit is used up)', async () => {
    for (const [name, target] of Object.entries(spellings('/api/record-view'))) {
      const user = await createUser(t.app);
      const statuses: number[] = [];
      for (let i = 0; i <= WRITES_PER_MINUTE; i += 1) {
        const answer = await send('POST', target, { authorization: user.auth.authorization, 'content-type': 'application/json' }, JSON.stringify({ glyphId: 'missing' }));
        statuses.push(answer.status);
      }
      expect(statuses.at(-1), `${name}: ${statuses.join(',')}`).toBe(429);
    }
  });

  it('reads are counted for every spelling', async () => {
    let address = 10;
    for (const [name, target] of Object.entries(spellings('/api/get-glyphs?limit=1'))) {
      address += 1;
      const statuses: number[] = [];
      for (let i = 0; i <= READS_PER_MINUTE; i += 1) {
        statuses.push((await send('GET', target, { 'x-forwarded-for': `198.51.100.${address}` })).status);
      }
      expect(statuses.at(-1), `${name}: ${statuses.join(',')}`).toBe(429);
    }
  });

  it('private answers carry Cache-Control: no-store for every spelling', async () => {
    const user = await createUser(t.app);
    const glyph = await insertGlyph(t.database, user.id);
    let address = 40;
    for (const [name, target] of Object.entries(spellings(`/api/check-like-status?glyphId=${glyph.id}`))) {
      address += 1;
      const answer = await send('GET', target, { authorization: user.auth.authorization, 'x-forwarded-for': `198.51.100.${address}` });
      expect(answer.status, name).toBe(200);
      expect(answer.headers['cache-control'], name).toBe('no-store');
    }
  });

  it('the auth-path guard refuses an encoded slash for every spelling', async () => {
    for (const [name, target] of Object.entries(spellings('/api/auth/sign-in%2Femail'))) {
      const answer = await send('POST', target, { 'content-type': 'application/json' }, JSON.stringify({ email: 'a@example.test', password: 'x' }));
      expect(answer.status, name).toBe(400);
      expect(JSON.parse(answer.body), name).toMatchObject({ error: MSG.invalidPath });
    }
  });

  it('a cookie write from a foreign origin is refused for every spelling', async () => {
    const user = await createUser(t.app);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password } });
    const cookie = [signIn.headers['set-cookie']].flat().map((c) => String(c).split(';')[0]).join('; ');
    expect(cookie).toContain('=');
    for (const [name, target] of Object.entries(spellings('/api/update-user'))) {
      const answer = await send('POST', target, { cookie, origin: 'https://evil.example', 'content-type': 'application/json' }, JSON.stringify({ bio: 'pwned' }));
      expect(answer.status, `${name}: ${answer.body}`).toBe(403);
    }
  });
});
