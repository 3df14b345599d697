import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import { files } from '../../src/db/schema/index.ts';
import { createLocalFileStore } from '../../src/modules/files/file-store.ts';
import { createTestDatabase, TEST_SECRET, testPasswordHasher, testEnv } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories.ts';
import { multipart } from '../file-fixtures.ts';

// The player's animation files (immutable GLYA bytes): immutable headers, ETag/304 and ranges, and a file
// stops being served as soon as its row says so (browsers keep them for a year, so each is fetched once).
let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
let owner: TestUser;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-anim-'));
  ({ database, drop } = await createTestDatabase());
  const env = testEnv(dataDir, { WRITE_RATE_LIMIT: '100000', READ_RATE_LIMIT: '1000000' });
  app = await buildApp({
    env,
    database,
    secret: TEST_SECRET,
    passwordHasher: testPasswordHasher,
    fileStore: createLocalFileStore(path.join(dataDir, 'files')),
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

describe('animation files', () => {
  it('answers every request with the same bytes and immutable headers', async () => {
    const animation = await uploadAnimation();
    const first = await get(animation.url);
    expect(first.statusCode).toBe(200);
    const again = await get(animation.url);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['content-length']).toBe(String(animation.size));
    for (const name of ['content-type', 'cache-control', 'etag', 'x-content-type-options', 'content-security-policy', 'cross-origin-resource-policy', 'accept-ranges', 'content-disposition', 'x-frame-options']) {
      expect(again.headers[name], name).toBe(first.headers[name]);
    }
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('answers 304 for its ETag and serves ranges', async () => {
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
  });

  it('stops serving a file at once when the owner deletes it', async () => {
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

  it('stops serving a file at once when its glyph is deleted', async () => {
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

  it('a change behind the app’s back (another instance) shows at once', async () => {
    const animation = await uploadAnimation();
    expect((await get(animation.url)).statusCode).toBe(200);
    await database.db.update(files).set({ status: 'deleted' }).where(eq(files.filename, animation.filename));
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
