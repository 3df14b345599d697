import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@glyphary/shared';
import { openDatabase, queryRows, type Database } from '../../src/db/client.ts';
import { SUPER_ADMIN_EMAIL, TEST_SECRET } from '../build-test-app.ts';
import { insertGlyph, makeAdmin, userFields } from '../factories.ts';
import { makePng, multipart } from '../file-fixtures.ts';
import { createPgDatabase, runInstanceExpectingExit, startInstance, type Instance } from './instances.ts';
import { startS3Emulator, type S3Emulator } from './s3-emulator.ts';

// Issue 11 "Done when": two real server processes (node apps/server/src/main.ts) on one PostgreSQL database
// and one bucket. Loopback only; every wait is bounded. Runs in the PostgreSQL leg (TEST_DATABASE_URL).
const adminUrl = process.env.TEST_DATABASE_URL;
const AUTH_IP_LIMIT = 4;
const UPLOAD_RATE_LIMIT = 3;
const PUBLIC_URL = 'http://localhost:3000';

/** One client IP per call site: the instances trust X-Forwarded-For (TRUST_PROXY, as behind the balancer). */
let ipCounter = 0;
const freshIp = () => `198.51.100.${(ipCounter += 1)}`;

async function call(
  instance: Instance,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; ip?: string; body?: Buffer; headers?: Record<string, string> } = {},
) {
  // The page's origin, as a browser behind the balancer sends it (Better Auth refuses auth POSTs without one in production).
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? freshIp(), origin: PUBLIC_URL, ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer | undefined = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${instance.url}${url}`, { method, headers, body, signal: AbortSignal.timeout(30_000) });
  const buffer = Buffer.from(await response.arrayBuffer());
  const text = buffer.toString('utf8');
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON (a file)
  }
  return { status: response.status, headers: response.headers, buffer, json };
}

async function signUp(instance: Instance, overrides: Parameters<typeof userFields>[0] = {}) {
  const fields = userFields(overrides);
  const response = await call(instance, 'POST', '/api/auth/sign-up/email', { json: fields });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.json)}`);
  return { id: (response.json.user as { id: string }).id, token: response.json.token as string, email: fields.email };
}

describe.skipIf(!adminUrl)('two instances on one PostgreSQL and one S3 bucket', () => {
  let dropDatabase: (() => Promise<void>) | undefined;
  let emulator: S3Emulator;
  let database: Database;
  let a: Instance;
  let b: Instance;
  const dataDirs: string[] = [];

  beforeAll(async () => {
    // An empty database: both instances migrate it at boot, one after the other under the advisory lock.
    const created = await createPgDatabase('scale');
    dropDatabase = created.drop;
    const dbUrl = new URL(created.url);
    emulator = await startS3Emulator('glyphary-scale');
    const env = (name: string) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `glyphary-${name}-`));
      dataDirs.push(dataDir);
      return {
        NODE_ENV: 'production',
        DATA_DIR: dataDir, // per instance: only temp uploads live here once S3 and PostgreSQL are set
        DATABASE_URL: dbUrl.href,
        DB_POOL_MAX: '5',
        BETTER_AUTH_SECRET: TEST_SECRET,
        PUBLIC_URL,
        SUPER_ADMIN_EMAIL,
        TRUST_PROXY: 'true',
        AUTH_IP_LIMIT: String(AUTH_IP_LIMIT),
        UPLOAD_RATE_LIMIT: String(UPLOAD_RATE_LIMIT),
        SYNC_JOB: 'off',
        WEB_DIST_DIR: dataDir, // no SPA build needed for an API test
        S3_BUCKET: emulator.bucket,
        S3_ENDPOINT: emulator.endpoint,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: emulator.accessKeyId,
        S3_SECRET_ACCESS_KEY: emulator.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      };
    };
    [a, b] = await Promise.all([startInstance(env('a')), startInstance(env('b'))]);
    database = await openDatabase({ databaseUrl: dbUrl.href, poolMax: 3 });
  }, 400_000);

  afterAll(async () => {
    const codes = await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await emulator?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    await dropDatabase?.();
    // Graceful shutdown (SECURITY R10): both exit 0 on SIGTERM.
    expect(codes).toEqual([0, 0]);
  }, 60_000);

  it('boots both on one freshly migrated database and reports healthy', async () => {
    expect((await call(a, 'GET', '/api/health')).json).toMatchObject({ status: 'ok', db: 'up' });
    expect((await call(b, 'GET', '/api/health')).json).toMatchObject({ status: 'ok', db: 'up' });
  });

  it('recognises on one instance the bearer token issued by the other', async () => {
    const user = await signUp(a);
    const session = await call(b, 'GET', '/api/auth/get-session', { token: user.token });
    expect(session.status).toBe(200);
    expect((session.json.user as { id: string }).id).toBe(user.id);
    // And a signed-in write on B acts as that user.
    const updated = await call(b, 'POST', '/api/update-user', { token: user.token, json: { bio: 'written through B' } });
    expect(updated.status).toBe(200);
    const profile = await call(a, 'GET', `/api/get-user/${user.id}`, { token: user.token });
    expect((profile.json.user as { bio: string }).bio).toBe('written through B');
    // Signing out on A revokes the token on B.
    expect((await call(a, 'POST', '/api/auth/sign-out', { token: user.token, json: {} })).status).toBe(200);
    expect((await call(b, 'POST', '/api/update-user', { token: user.token, json: { bio: 'x' } })).status).toBe(401);
  });

  it('serves from one instance the file uploaded through the other (one bucket)', async () => {
    const user = await signUp(b);
    const form = multipart([
      { name: 'type', value: 'images' },
      { name: 'file', value: await makePng(80, 60), filename: 'toy.png', contentType: 'image/png' },
    ]);
    const upload = await call(a, 'POST', '/api/upload-file', { token: user.token, body: form.payload, headers: form.headers });
    expect(upload.status).toBe(200);
    const { url, thumbnail, sha256, size } = upload.json as { url: string; thumbnail: string; sha256: string; size: number };

    const fromA = await call(a, 'GET', url);
    const fromB = await call(b, 'GET', url);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(fromB.headers.get('x-content-type-options')).toBe('nosniff');
    expect(fromB.buffer.length).toBe(size);
    expect(fromB.buffer.equals(fromA.buffer)).toBe(true);
    expect((await call(b, 'GET', thumbnail)).status).toBe(200);
    const range = await call(b, 'GET', url, { headers: { range: 'bytes=0-9' } });
    expect(range.status).toBe(206);
    expect(range.buffer.equals(fromA.buffer.subarray(0, 10))).toBe(true);

    // The object is in the bucket, not on either instance's disk.
    const [row] = await queryRows<{ sha256: string }>(database.db, sql`select sha256 from files where owner_id = ${user.id}`);
    expect(row?.sha256).toBe(sha256);
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'files', 'images', path.basename(url)))).toBe(false);
    expect(fs.readdirSync(path.join(dataDirs[0]!, 'files', 'tmp'))).toEqual([]);

    // Deleted through B: gone for A too.
    const filename = path.basename(url);
    expect((await call(b, 'DELETE', '/api/delete-file', { token: user.token, json: { type: 'images', filename } })).status).toBe(
      200,
    );
    expect((await call(a, 'GET', url)).status).toBe(404);
  });

  it('keeps glyphs.likes equal to the like rows when users like one glyph through both instances at once', async () => {
    const creator = await signUp(a);
    const glyph = await insertGlyph(database, creator.id);
    const users = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp(i % 2 ? a : b)));
    // Every user likes once through A and once through B at the same moment (toggle twice → parity), plus one more.
    const toggles = users.flatMap((user, i) => [
      call(a, 'POST', '/api/toggle-like', { token: user.token, json: { glyphId: glyph.id } }),
      call(b, 'POST', '/api/toggle-like', { token: user.token, json: { glyphId: glyph.id } }),
      ...(i < 4 ? [call(i % 2 ? a : b, 'POST', '/api/toggle-like', { token: user.token, json: { glyphId: glyph.id } })] : []),
    ]);
    const results = await Promise.all(toggles);
    expect(results.map((result) => result.status)).toEqual(results.map(() => 200));
    const [counts] = await queryRows<{ likes: number; rows: number | string }>(
      database.db,
      sql`select g.likes, (select count(*) from glyph_likes l where l.glyph_id = g.id) as rows from glyphs g where g.id = ${glyph.id}`,
    );
    // Three toggles → liked (4 users), two → not liked (2 users).
    expect(Number(counts?.rows)).toBe(4);
    expect(counts?.likes).toBe(4);
    const status = await call(b, 'GET', `/api/check-like-status?glyphId=${glyph.id}`, { token: users[0]!.token });
    expect(status.json).toMatchObject({ liked: true });
  });

  it('runs the admin count sync once when it is started on both instances at the same moment', async () => {
    const admin = await signUp(a);
    await makeAdmin(database, admin.id);
    const creator = await signUp(b);
    const glyph = await insertGlyph(database, creator.id, { views: 999, downloads: 999, likes: 999 });
    const [first, second] = await Promise.all([
      call(a, 'POST', '/api/admin/sync-glyph-counts', { token: admin.token, json: { syncAll: true } }),
      call(b, 'POST', '/api/admin/sync-glyph-counts', { token: admin.token, json: { syncAll: true } }),
    ]);
    if (first.status === 404 && second.status === 404) {
      throw new Error('POST /api/admin/sync-glyph-counts does not exist yet (admin issue): nothing to test here');
    }
    const statuses = [first.status, second.status].sort();
    if (statuses[1] === 409) {
      expect(statuses).toEqual([200, 409]);
      expect([first, second].find((response) => response.status === 409)?.json.error).toBe(MSG.syncAlreadyRunning);
    } else {
      expect(statuses).toEqual([200, 200]); // they did not overlap: each ran in turn
    }
    const counts = async () =>
      (
        await queryRows<{ views: number; downloads: number; likes: number }>(
          database.db,
          sql`select views, downloads, likes from glyphs where id = ${glyph.id}`,
        )
      )[0];
    expect(await counts()).toEqual({ views: 0, downloads: 0, likes: 0 });
    // Idempotent: another run through the other instance changes nothing.
    expect((await call(b, 'POST', '/api/admin/sync-glyph-counts', { token: admin.token, json: { syncAll: true } })).status).toBe(
      200,
    );
    expect(await counts()).toEqual({ views: 0, downloads: 0, likes: 0 });
    const status = await call(a, 'GET', '/api/admin/sync-status', { token: admin.token });
    expect(status.json).toMatchObject({ status: 'completed' });
  });

  it('holds the per-IP auth throttle across both instances (one shared counter in PostgreSQL)', async () => {
    const ip = '203.0.113.77';
    const attempt = (instance: Instance, i: number) =>
      call(instance, 'POST', '/api/auth/sign-in/email', {
        ip,
        json: { email: `nobody${i}@example.test`, password: 'wrong-password-1' },
      });
    // AUTH_IP_LIMIT attempts spread over both instances are answered (401 unknown user)…
    for (let i = 0; i < AUTH_IP_LIMIT; i += 1) expect((await attempt(i % 2 ? a : b, i)).status).toBe(401);
    // …and the next ones are refused on both, although each instance saw only half of them.
    for (const instance of [a, b]) {
      const refused = await attempt(instance, 99);
      expect(refused.status).toBe(429);
      expect(refused.json.error).toBe(MSG.tooManyAttempts);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another client is not affected.
    expect(
      (await call(a, 'POST', '/api/auth/sign-in/email', { json: { email: 'nobody@example.test', password: 'x-password-1' } }))
        .status,
    ).toBe(401);
  });

  it('holds the per-user upload limit across both instances', async () => {
    const user = await signUp(a);
    const upload = async (instance: Instance) => {
      const form = multipart([
        { name: 'type', value: 'images' },
        { name: 'file', value: await makePng(16, 16), filename: 'toy.png', contentType: 'image/png' },
      ]);
      return call(instance, 'POST', '/api/upload-file', { token: user.token, body: form.payload, headers: form.headers });
    };
    for (let i = 0; i < UPLOAD_RATE_LIMIT; i += 1) expect((await upload(i % 2 ? b : a)).status).toBe(200);
    for (const instance of [a, b]) {
      const refused = await upload(instance);
      expect(refused.status).toBe(429);
      expect(refused.json.error).toBe(MSG.uploadRateLimited);
    }
  });

  it('serves /metrics on each instance to loopback callers only, with request and pool metrics', async () => {
    const direct = await fetch(`${a.url}/metrics`, { signal: AbortSignal.timeout(10_000) });
    expect(direct.status).toBe(200);
    const text = await direct.text();
    expect(text).toMatch(/http_requests_total\{method="POST",route="\/api\/toggle-like",status_code="200"\} \d+/);
    expect(text).toMatch(/glyphary_db_pool_connections\{state="total"\} \d+/);
    // Through the balancer (a forwarding header) it is refused.
    expect((await call(a, 'GET', '/metrics')).status).toBe(403);
  });
});

describe.skipIf(Boolean(adminUrl))('PGlite: one process per data directory', () => {
  let dataDir: string;
  let first: Instance | undefined;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-lock-'));
  });
  afterAll(async () => {
    await first?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start a second process on the same DATA_DIR with a clear message, and starts once the first is gone', async () => {
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: dataDir, SYNC_JOB: 'off' };
    first = await startInstance(env);
    const second = await runInstanceExpectingExit(env);
    expect(second.code).toBe(1);
    expect(second.output).toContain('is in use by another Glyphary process');
    expect(second.output).toContain('set DATABASE_URL to run several instances on PostgreSQL');
    // The refused second process leaves the first unharmed (fault R6 on PGlite).
    expect((await fetch(`${first.url}/api/health`, { signal: AbortSignal.timeout(10_000) })).status).toBe(200);
    expect(await first.stop()).toBe(0);
    first = await startInstance(env);
    expect((await fetch(`${first.url}/api/health`, { signal: AbortSignal.timeout(10_000) })).status).toBe(200);
  }, 600_000);
});
