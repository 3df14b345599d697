import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { Clock } from '../../src/lib/clock.ts';
import type { Database } from '../../src/db/client.ts';
import { files } from '../../src/db/schema/index.ts';
import { createLocalFileStore, type FileStore } from '../../src/modules/files/file-store.ts';
import { createTestDatabase, TEST_SECRET, testPasswordHasher, testEnv } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories.ts';
import { multipart } from '../file-fixtures.ts';

// Issue 20: the player's animation files (immutable GLYA bytes) are served from memory, with the same
// headers, ETag/304 and ranges as from the store, and stop being served as soon as a write says so.
let nowMs = Date.parse('2026-11-25T12:00:00.000Z');
const clock: Clock = { now: () => new Date(nowMs) };

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
let owner: TestUser;
/** Every byte stream opened on the store, by key: the proof that a held file is not read again. */
const opened: string[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-anim-'));
  ({ database, drop } = await createTestDatabase());
  const local = createLocalFileStore(path.join(dataDir, 'files'));
  const counting: FileStore = Object.assign(Object.create(local) as FileStore, {
    stream: (key: string, range?: { start: number; end: number }) => {
      opened.push(key);
      return local.stream(key, range);
    },
  });
  const env = testEnv(dataDir, { WRITE_RATE_LIMIT: '100000', READ_RATE_LIMIT: '1000000' });
  app = await buildApp({
    env,
    database,
    secret: TEST_SECRET,
    passwordHasher: testPasswordHasher,
    clock,
    fileStore: counting,
    mailer: { send: async () => undefined },
  });
  await app.ready();
  owner = await createUser(app);
});
afterAll(async () => {
  await app.close();
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const fixture = (name: string) => fs.readFileSync(path.resolve(import.meta.dirname, '../../../../fixtures/glyph-matrix', name));

async function uploadAnimation(): Promise<{ url: string; filename: string; size: number }> {
  const body = multipart([
    { name: 'type', value: 'animations' },
    { name: 'file', value: fixture('pulse_13.json'), filename: 'pulse_13.json' },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/upload-file',
    payload: body.payload,
    headers: { ...body.headers, ...owner.auth },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const keyOf = (url: string) => url.replace('/api/files/', '');

describe('animation files from memory', () => {
  it('reads the stored bytes once and answers every later request with the same bytes and immutable headers', async () => {
    const animation = await uploadAnimation();
    const first = await get(animation.url);
    expect(first.statusCode).toBe(200);
    const again = await get(animation.url);
    nowMs += 5000; // the servability check expires; the bytes do not
    const later = await get(animation.url);
    for (const response of [again, later]) {
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(response.headers['content-length']).toBe(String(animation.size));
      for (const name of [
        'content-type',
        'cache-control',
        'etag',
        'x-content-type-options',
        'content-security-policy',
        'cross-origin-resource-policy',
        'accept-ranges',
        'content-disposition',
        'x-frame-options',
      ]) {
        expect(response.headers[name], name).toBe(first.headers[name]);
      }
    }
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(opened.filter((key) => key === keyOf(animation.url))).toHaveLength(1);
  });

  it('answers 304 for its ETag and serves ranges from memory', async () => {
    const animation = await uploadAnimation();
    const full = await get(animation.url);
    const etag = full.headers.etag as string;
    const notModified = await get(animation.url, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const part = await get(animation.url, { range: 'bytes=2-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-9/${animation.size}`);
    expect(part.rawPayload.equals(full.rawPayload.subarray(2, 10))).toBe(true);
    const tooFar = await get(animation.url, { range: `bytes=${animation.size}-` });
    expect(tooFar.statusCode).toBe(416);
    expect(opened.filter((key) => key === keyOf(animation.url))).toHaveLength(1);
  });

  it('stops serving a held file at once when the owner deletes it', async () => {
    const animation = await uploadAnimation();
    expect((await get(animation.url)).statusCode).toBe(200);
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/delete-file',
      headers: owner.auth,
      payload: { filename: animation.filename, type: 'animations' },
    });
    expect(deleted.statusCode).toBe(200);
    const gone = await get(animation.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'File not found', code: expect.any(String) as unknown });
  });

  it('stops serving a held file at once when its glyph is deleted', async () => {
    const animation = await uploadAnimation();
    const shared = await app.inject({
      method: 'POST',
      url: '/api/upload-glyph',
      headers: owner.auth,
      payload: {
        title: 'Held pulse',
        description: 'x',
        images: [],
        githubUrl: 'https://github.com/example/held',
        animationUrl: animation.url,
      },
    });
    expect(shared.statusCode).toBe(200);
    expect((await get(animation.url)).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/delete-glyph/${shared.json().id}`, headers: owner.auth })).statusCode,
    ).toBe(200);
    expect((await get(animation.url)).statusCode).toBe(404);
  });

  it('a change behind the app’s back (another instance) shows within 1 s', async () => {
    const animation = await uploadAnimation();
    expect((await get(animation.url)).statusCode).toBe(200);
    await database.db.update(files).set({ status: 'deleted' }).where(eq(files.filename, animation.filename));
    expect((await get(animation.url)).statusCode).toBe(200); // held and checked less than 1 s ago
    nowMs += 1000;
    expect((await get(animation.url)).statusCode).toBe(404);
    await database.db.execute(sql`update files set status = 'ready' where filename = ${animation.filename}`);
    expect((await get(animation.url)).statusCode).toBe(200);
  });

  it('HEAD answers the headers without a body', async () => {
    const animation = await uploadAnimation();
    await get(animation.url);
    const head = await app.inject({ method: 'HEAD', url: animation.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(animation.size));
    expect(head.body).toBe('');
  });
});
