/**
 * Issue 21: each finding of the outside attack, replayed. Requests whose path a client library would clean
 * first go over a real socket (node:http sends the path exactly as written).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytes, MSG } from '@glyphary/shared';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, createTestDatabase, SUPER_ADMIN_EMAIL, TEST_SECRET, testPasswordHasher, type TestApp } from '../build-test-app.ts';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/config/env.ts';
import { createUser, insertGlyph, makeAdmin, userFields, type TestUser } from '../factories.ts';
import { queryRows } from '../../src/db/client.ts';
import { multipart, pngBytes } from '../multipart.ts';
import { makeApk } from '../file-fixtures.ts';
import { glyphRequests, users } from '../../src/db/schema/index.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ AUTH_EMAIL_FAILURE_LIMIT: '3' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

/** One request over a socket with the path exactly as given. */
function raw(
  method: string,
  rawPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: rawPath,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    if (payload) request.write(payload);
    request.end();
  });
}

const userCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from users`))[0]!.n;

describe('1. dot segments and encoded slashes never reach Better Auth past our checks', () => {
  it('a dot-segment sign-in is refused, so the per-email throttle cannot be bypassed', async () => {
    const victim = await createUser(t.app);
    const wrong = { email: victim.email, password: 'not-the-password' };
    for (let i = 0; i < 3; i += 1) expect((await raw('POST', '/api/auth/sign-in/email', wrong)).status).toBe(401);
    expect((await raw('POST', '/api/auth/sign-in/email', wrong)).status).toBe(429);
    for (const spelling of [
      '/api/auth/./sign-in/email',
      '/api/auth/x/../sign-in/email',
      '/api/auth/%2e/sign-in/email',
      '/api/auth/x/%2E%2E/sign-in/email',
      '/api/auth/sign-in%2femail',
      '/api/auth/sign-in%5Cemail',
      '/api/auth/sign-in\\email',
    ]) {
      const answer = await raw('POST', spelling, wrong);
      expect(answer.status, spelling).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ error: 'Invalid request path', code: 'BAD_PATH' });
    }
    // Duplicate slashes are collapsed before routing (issue 46), so this spelling is the throttled sign-in.
    expect((await raw('POST', '/api/auth//sign-in/email', wrong)).status).toBe(429);
    // Spellings our router does not match are not Better Auth endpoints either.
    for (const spelling of ['/api/auth/Sign-In/email', '/api/auth/sign-in/email/x']) {
      expect((await raw('POST', spelling, wrong)).status, spelling).toBe(404);
    }
  });

  it('a dot-segment sign-up cannot skip the username rules, the common-password check or the throttle', async () => {
    const before = await userCount();
    for (const spelling of ['/api/auth/./sign-up/email', '/api/auth/x/../sign-up/email', '/api/auth/%2e/sign-up/email']) {
      const answer = await raw('POST', spelling, userFields({ password: 'password', username: 'name_with_space ' }));
      expect(answer.status, spelling).toBe(400);
    }
    expect(await userCount()).toBe(before);
  });

  it('dot segments are refused everywhere, not only under /api/auth', async () => {
    expect((await raw('GET', '/api/./get-glyphs')).status).toBe(400);
    expect((await raw('GET', '/x/../api/health')).status).toBe(400);
    expect((await raw('GET', '/api/health')).status).toBe(200);
  });
});

describe('2. Better Auth endpoints outside the allow-list answer 404', () => {
  it('its update-user cannot write a profile (the validated /api/update-user is the only way)', async () => {
    const user = await createUser(t.app);
    const attempt = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: user.auth,
      payload: { name: 'x'.repeat(900_000 / 10), image: 'javascript:alert(1)', username: 'a/../<b>' },
    });
    expect(attempt.statusCode).toBe(404);
    expect(attempt.json()).toEqual({ error: expect.any(String), code: 'NOT_FOUND' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.image ?? null).toBeNull();
    expect(row?.username).toBe(user.username);
    expect(row?.name.length).toBeLessThan(100);
    // Our route validates the same fields.
    const ours = await t.app.inject({
      method: 'POST',
      url: '/api/update-user',
      headers: user.auth,
      payload: { profilePicture: 'javascript:alert(1)' },
    });
    expect(ours.statusCode).toBe(400);
  });

  it.each([
    'change-email',
    'delete-user',
    'revoke-session',
    'sign-in/social',
    'verify-email',
    'link-social',
    'unlink-account',
    'set-password',
  ])('POST /api/auth/%s is closed', async (endpoint) => {
    const user = await createUser(t.app);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/auth/${endpoint}`,
      headers: user.auth,
      payload: { newEmail: 'x@example.test', token: 'x' },
    });
    expect(answer.statusCode).toBe(404);
  });

  it('the endpoints the app uses still work', async () => {
    const user = await createUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: user.auth })).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          payload: { email: user.email, redirectTo: '/reset-password' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: user.auth, payload: {} })).statusCode).toBe(
      200,
    );
  });
});

describe('4. access is checked before the input', () => {
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    [owner, other, admin] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await makeAdmin(t.database, admin.id);
  });

  it("a visitor's invalid admin call is 401, a user's 403", async () => {
    const body = { syncAll: 'not a boolean', extra: [1] };
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/sync-glyph-counts', payload: body })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/sync-glyph-counts', headers: owner.auth, payload: body }))
        .statusCode,
    ).toBe(403);
  });

  it("another user's edit with a bad body is 403, the owner's 400", async () => {
    const glyph = await insertGlyph(t.database, owner.id);
    const partial = { title: 'Only a title' };
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/update-glyph/${glyph.id}`, headers: other.auth, payload: partial }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/update-glyph/${glyph.id}`, headers: admin.auth, payload: {} })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/update-glyph/${glyph.id}`, headers: owner.auth, payload: partial }))
        .statusCode,
    ).toBe(400);
  });

  it('a malformed, oversize or wrongly typed body from a visitor is 401', async () => {
    const headers = { 'content-type': 'application/json' };
    expect((await t.app.inject({ method: 'POST', url: '/api/upload-glyph', headers, payload: '{not json' })).statusCode).toBe(
      401,
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/upload-glyph',
          headers: { 'content-type': 'text/plain' },
          payload: 'hello',
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/upload-glyph',
          headers,
          payload: JSON.stringify({ a: 'x'.repeat(1_100_000) }),
        })
      ).statusCode,
    ).toBe(401);
  });

  it("completing someone else's request with a bad body is 403", async () => {
    const [row] = await t.database.db
      .insert(glyphRequests)
      .values({ title: 'R', description: 'D', userId: owner.id, assignedTo: admin.id, status: 'in_progress' })
      .returning();
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/glyph-requests/${row!.id}/complete`,
      headers: other.auth,
      payload: { glyph_id: 42 },
    });
    expect(answer.statusCode).toBe(403);
  });
});

describe('9. no session token in JSON', () => {
  it('get-session and list-sessions carry no token', async () => {
    const user = await createUser(t.app);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: user.auth });
    expect(session.statusCode).toBe(200);
    expect(session.json().session).toMatchObject({ id: expect.any(String), userId: user.id });
    expect(session.json().session).not.toHaveProperty('token');
    expect(session.body).not.toContain(user.token.split('.')[0]);
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/list-sessions', headers: user.auth });
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as Record<string, unknown>[];
    expect(sessions.length).toBeGreaterThan(0);
    for (const entry of sessions) expect(entry).not.toHaveProperty('token');
    expect(list.body).not.toContain(user.token.split('.')[0]);
  });
});

describe('8. canonical and og:url come from PUBLIC_URL', () => {
  let web: TestApp;
  beforeAll(async () => {
    const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-canonical-'));
    fs.writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>',
    );
    web = await buildTestApp({ WEB_DIST_DIR: distDir, PUBLIC_URL: 'https://glyphary.example' });
  });
  afterAll(async () => web.close());

  it.each(['//evil.com/x', '///evil.com/x', '//evil.com/'])('GET %s names only our host', async (url) => {
    const page = await web.app.inject({ method: 'GET', url });
    // The request target is normalised to /evil.com/…, a page that does not exist: a real 404, still ours.
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toMatch(/href="https?:\/\/evil/);
    expect(page.body).not.toMatch(/content="https?:\/\/evil/);
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(page.body)?.[1];
    expect(canonical?.startsWith('https://glyphary.example/')).toBe(true);
    const ogUrl = /<meta property="og:url" content="([^"]+)"/.exec(page.body)?.[1];
    expect(ogUrl).toBe(canonical);
  });
});

describe('11. loopback origins on a default install', () => {
  async function withApp(overrides: Record<string, string | undefined>, run: (app: TestApp) => Promise<void>) {
    const app = await buildTestApp(overrides);
    try {
      await run(app);
    } finally {
      await app.close();
    }
  }

  it('with no PUBLIC_URL, 127.0.0.1 and [::1] on the same port may sign up; other origins may not', async () => {
    await withApp({ PUBLIC_URL: undefined, PORT: '3000', SUPER_ADMIN_EMAIL: undefined }, async (local) => {
      for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000']) {
        const answer = await local.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { origin },
          payload: userFields(),
        });
        expect(answer.statusCode, `${origin} ${answer.body}`).toBe(200);
      }
      for (const origin of ['http://127.0.0.1:3001', 'http://evil.test', 'http://127.0.0.1.evil.test:3000']) {
        const answer = await local.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { origin },
          payload: userFields(),
        });
        expect(answer.statusCode, origin).toBe(403);
      }
    });
  });

  it('with PUBLIC_URL set, only its origin is trusted', async () => {
    await withApp({ PUBLIC_URL: 'http://localhost:3000', PORT: '3000' }, async (strict) => {
      const answer = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: 'http://127.0.0.1:3000' },
        payload: userFields(),
      });
      expect(answer.statusCode).toBe(403);
    });
  });
});

describe('3. write and read limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ WRITE_RATE_LIMIT: '3', READ_RATE_LIMIT: '5' });
  });
  afterAll(async () => limited.close());

  const requestCount = async (userId: string) =>
    (
      await queryRows<{ n: number }>(
        limited.database.db,
        sql`select count(*)::int as n from glyph_requests where user_id = ${userId}`,
      )
    )[0]!.n;

  it('writes per user: the fourth in a minute is 429 with Retry-After, stores nothing, and others are unaffected', async () => {
    const writer = await createUser(limited.app);
    const body = { title: 'A clock', description: 'Show the time', tags: 'clock' };
    // A visitor's write is refused for who they are and costs no budget.
    expect((await limited.app.inject({ method: 'POST', url: '/api/glyph-requests', payload: body })).statusCode).toBe(401);
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await limited.app.inject({ method: 'POST', url: '/api/glyph-requests', headers: writer.auth, payload: body }))
          .statusCode,
      ).toBe(200);
    }
    const refused = await limited.app.inject({ method: 'POST', url: '/api/glyph-requests', headers: writer.auth, payload: body });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'Too many changes in a short time. Please try again later.', code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await requestCount(writer.id)).toBe(3);
    const likes = await limited.app.inject({
      method: 'POST',
      url: '/api/toggle-like',
      headers: writer.auth,
      payload: { glyphId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(likes.statusCode).toBe(429);
    const someoneElse = await createUser(limited.app);
    expect(
      (await limited.app.inject({ method: 'POST', url: '/api/glyph-requests', headers: someoneElse.auth, payload: body }))
        .statusCode,
    ).toBe(200);
  });

  it('concurrent writes from one visitor: exactly the limit pass, and the shared count has every one', async () => {
    const owner = await createUser(limited.app);
    const glyph = await insertGlyph(limited.database, owner.id);
    const remoteAddress = '203.0.113.40';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        limited.app.inject({ method: 'POST', url: '/api/record-view', payload: { glyphId: glyph.id }, remoteAddress }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, ...Array.from({ length: 9 }, () => 429)]);
    for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
      expect(refused.json()).toEqual({ error: MSG.tooManyWrites, code: 'RATE_LIMITED' });
    }
    // One view counted (the visitor's first); the three admitted views agree on the total.
    const views = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().views);
    expect(views).toEqual([1, 1, 1]);
    // On PostgreSQL the count is the shared rate_limits row; the memory store on PGlite has no row.
    if (limited.database.kind === 'postgres') {
      const [row] = await queryRows<{ count: number }>(
        limited.database.db,
        sql`select count from rate_limits where key = ${`throttle:write:ip:${remoteAddress}`}`,
      );
      expect(row?.count).toBe(12);
    }
  });

  it('reads per IP: the sixth in a minute is 429; health stays open', async () => {
    const remoteAddress = '203.0.113.9';
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await limited.app.inject({ method: 'GET', url: '/api/get-glyphs?sort=latest&limit=12', remoteAddress })).statusCode,
      ).toBe(200);
    }
    const refused = await limited.app.inject({ method: 'GET', url: '/api/glyph-requests', remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await limited.app.inject({ method: 'GET', url: '/api/health', remoteAddress })).statusCode).toBe(200);
    expect(
      (await limited.app.inject({ method: 'GET', url: '/api/get-glyphs?sort=latest&limit=12', remoteAddress: '203.0.113.10' }))
        .statusCode,
    ).toBe(200);
  });

  it('the defaults are real limits', () => {
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: os.tmpdir() });
    expect(env.WRITE_RATE_LIMIT).toBe(120);
    expect(env.READ_RATE_LIMIT).toBe(3000);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('two instances on one PostgreSQL share both limits', async () => {
    const { database, drop } = await createTestDatabase();
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: limited.dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      AUTH_IP_LIMIT: '100000',
      WRITE_RATE_LIMIT: '4',
      READ_RATE_LIMIT: '10',
    });
    const a = await buildApp({ env, database, secret: TEST_SECRET, passwordHasher: testPasswordHasher, mailer: { send: async () => undefined } });
    const b = await buildApp({ env, database, secret: TEST_SECRET, passwordHasher: testPasswordHasher, mailer: { send: async () => undefined } });
    try {
      await a.ready();
      await b.ready();
      const writer = await createUser(a);
      const body = { title: 'A clock', description: 'Show the time', tags: 'clock' };
      const post = (app: typeof a) =>
        app.inject({ method: 'POST', url: '/api/glyph-requests', headers: writer.auth, payload: body });
      expect([
        (await post(a)).statusCode,
        (await post(b)).statusCode,
        (await post(a)).statusCode,
        (await post(b)).statusCode,
      ]).toEqual([200, 200, 200, 200]);
      expect((await post(a)).statusCode).toBe(429);
      expect((await post(b)).statusCode).toBe(429);

      const remoteAddress = '198.51.100.7';
      const read = (app: typeof a) => app.inject({ method: 'GET', url: '/api/glyph-requests', remoteAddress });
      // Each instance adds its read counts to the shared store once a second and learns the total back
      // when it flushes its own: A's 8 reach the store, then B's 1 does and B reads back 9.
      const flushes = () => new Promise((resolve) => setTimeout(resolve, 2500));
      for (let i = 0; i < 8; i += 1) expect((await read(a)).statusCode).toBe(200);
      await flushes();
      expect((await read(b)).statusCode).toBe(200);
      await flushes();
      expect((await read(b)).statusCode).toBe(200);
      expect((await read(b)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
      await drop();
    }
  });
});

describe('5. the super admin role is proven, never inherited', () => {
  const roleOf = async (app: TestApp, id: string) => {
    const [row] = await app.database.db.select().from(users).where(eq(users.id, id));
    return { isSuperAdmin: row?.isSuperAdmin, isAdmin: row?.isAdmin, emailVerified: row?.emailVerified };
  };
  /** The verification link mailed to `email` (Better Auth hands the mail over in the background). */
  const linkTo = async (app: TestApp, email: string) => {
    for (let i = 0; i < 100 && !app.mails.some((m) => m.to === email); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const mail = app.mails.filter((m) => m.to === email).at(-1);
    const url = mail?.text.match(/https?:\/\/\S+verify-email\S+/)?.[0];
    if (!url) throw new Error(`no verification link for ${email}`);
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  };

  it('a forged verification link is refused with the confirmation message, not the reset one', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=forged' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: MSG.verifyLinkInvalid, code: 'INVALID_TOKEN' });
  });

  it('signing up with SUPER_ADMIN_EMAIL (any case) grants nothing; the mailed link opened signed in as that account does', async () => {
    const app = await buildTestApp();
    try {
      const fields = userFields({ email: SUPER_ADMIN_EMAIL.toUpperCase() });
      const signUp = await app.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: fields });
      expect(signUp.statusCode).toBe(200);
      const { user, token } = signUp.json() as { user: { id: string }; token: string };
      expect(await roleOf(app, user.id)).toEqual({ isSuperAdmin: false, isAdmin: false, emailVerified: false });
      expect(
        (await app.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { authorization: `Bearer ${token}` } }))
          .statusCode,
      ).toBe(403);
      const link = await linkTo(app, SUPER_ADMIN_EMAIL);
      const opened = await app.app.inject({ method: 'GET', url: link, headers: { authorization: `Bearer ${token}` } });
      expect(opened.statusCode).toBeLessThan(400);
      expect(await roleOf(app, user.id)).toEqual({ isSuperAdmin: true, isAdmin: true, emailVerified: true });
    } finally {
      await app.close();
    }
  });

  it('a stranger who signed up with the address is not promoted when the owner opens the link signed out', async () => {
    const app = await buildTestApp();
    try {
      const signUp = await app.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: userFields({ email: SUPER_ADMIN_EMAIL }),
      });
      expect(signUp.statusCode, signUp.body).toBe(200);
      const { user } = signUp.json() as { user: { id: string } };
      const opened = await app.app.inject({ method: 'GET', url: await linkTo(app, SUPER_ADMIN_EMAIL) });
      expect(opened.statusCode).toBeLessThan(400);
      expect(await roleOf(app, user.id)).toMatchObject({ isSuperAdmin: false, isAdmin: false });
    } finally {
      await app.close();
    }
  });

  it('without SUPER_ADMIN_EMAIL the first account is promoted, and the role does not pass on when it leaves', async () => {
    const app = await buildTestApp({ SUPER_ADMIN_EMAIL: undefined });
    try {
      const first = await createUser(app.app);
      const second = await createUser(app.app);
      expect(await roleOf(app, first.id)).toMatchObject({ isSuperAdmin: true });
      expect((await app.app.inject({ method: 'DELETE', url: '/api/delete-user-data', headers: first.auth })).statusCode).toBe(
        200,
      );
      const third = await createUser(app.app);
      expect(await roleOf(app, second.id)).toMatchObject({ isSuperAdmin: false, isAdmin: false });
      expect(await roleOf(app, third.id)).toMatchObject({ isSuperAdmin: false, isAdmin: false });
    } finally {
      await app.close();
    }
  });
});

describe('10. strangers cannot lock an owner out of a known device', () => {
  const signIn = (email: string, password: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
      headers: cookie ? { cookie, origin: 'http://localhost:3000' } : {},
    });
  const deviceCookieOf = (response: Awaited<ReturnType<typeof signIn>>) => {
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    return cookies.find((c) => c.startsWith('glyphary.device='))?.split(';')[0];
  };

  it('after the failure limit a stranger gets 429, the owner on their known device signs in', async () => {
    const owner = await createUser(t.app);
    const first = await signIn(owner.email, owner.password);
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toBeDefined();
    expect(([] as string[]).concat(first.headers['set-cookie'] ?? []).find((c) => c.startsWith('glyphary.device='))).toMatch(
      /HttpOnly/,
    );

    for (let i = 0; i < 3; i += 1) expect((await signIn(owner.email, 'stranger-guess')).statusCode).toBe(401);
    expect((await signIn(owner.email, 'stranger-guess')).statusCode).toBe(429);
    expect((await signIn(owner.email, owner.password)).statusCode).toBe(429);
    expect((await signIn(owner.email, owner.password, device)).statusCode).toBe(200);
  });

  it('a known device has its own failure limit, and a cookie for another account is no exemption', async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const device = deviceCookieOf(await signIn(owner.email, owner.password))!;
    const otherDevice = deviceCookieOf(await signIn(other.email, other.password))!;
    for (let i = 0; i < 3; i += 1) expect((await signIn(owner.email, 'wrong-guess', device)).statusCode).toBe(401);
    expect((await signIn(owner.email, owner.password, device)).statusCode).toBe(429);
    // The strangers' count is untouched by the device's failures…
    expect((await signIn(owner.email, owner.password)).statusCode).toBe(200);
    // …and a device cookie minted for someone else counts as no device at all.
    for (let i = 0; i < 3; i += 1) expect((await signIn(owner.email, 'wrong-guess', otherDevice)).statusCode).toBe(401);
    expect((await signIn(owner.email, owner.password, otherDevice)).statusCode).toBe(429);
    expect((await signIn(owner.email, owner.password, 'glyphary.device=forged.signature')).statusCode).toBe(429);
  });
});

describe('7. files on glyphs and profiles are the caller’s own, and live while used', () => {
  async function upload(user: TestUser): Promise<string> {
    const form = multipart({ type: 'images' }, [
      { field: 'file', filename: 'a.png', contentType: 'image/png', data: await pngBytes() },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload-file',
      headers: { ...user.auth, ...form.headers },
      payload: form.payload,
    });
    if (response.statusCode !== 200) throw new Error(`upload failed ${response.statusCode} ${response.body}`);
    return (response.json() as { url: string }).url;
  }
  const glyphWith = (user: TestUser, images: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/upload-glyph',
      headers: user.auth,
      payload: { title: 'Borrowed', description: 'Uses an image', githubUrl: 'https://github.com/a/b', images },
    });

  it("another user's uploaded image cannot go on my glyph or my profile", async () => {
    const [owner, borrower] = [await createUser(t.app), await createUser(t.app)];
    const url = await upload(owner);
    expect((await glyphWith(borrower, [url])).statusCode).toBe(400);
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/update-user',
      headers: borrower.auth,
      payload: { profilePicture: `http://localhost:3000${url}` },
    });
    expect(profile.statusCode).toBe(400);
    const banner = await t.app.inject({
      method: 'POST',
      url: '/api/update-user',
      headers: borrower.auth,
      payload: { bannerImage: `http://localhost:3000${url}` },
    });
    expect(banner.statusCode).toBe(400);
    // The owner may use it in both places.
    expect((await glyphWith(owner, [url])).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/update-user',
          headers: owner.auth,
          payload: { profilePicture: `http://localhost:3000${url}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('deleting a glyph keeps an image that is still the profile picture', async () => {
    const owner = await createUser(t.app);
    const url = await upload(owner);
    const glyph = await glyphWith(owner, [url]);
    expect(glyph.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/update-user',
          headers: owner.auth,
          payload: { profilePicture: `http://localhost:3000${url}` },
        })
      ).statusCode,
    ).toBe(200);
    const id = (glyph.json() as { glyph: { id: string } }).glyph.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/delete-glyph/${id}`, headers: owner.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});

describe('6. an email change needs the link sent to the new address', () => {
  const update = (user: TestUser, payload: Record<string, unknown>, app: TestApp = t) =>
    app.app.inject({ method: 'POST', url: '/api/update-user', headers: user.auth, payload });
  const emailOf = async (id: string, app: TestApp = t) =>
    (await app.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const pendingRows = async (id: string, app: TestApp = t) =>
    (await queryRows<{ n: number }>(app.database.db, sql`select count(*)::int as n from email_changes where user_id = ${id}`))[0]!
      .n;
  /** The confirmation link in the newest mail to `email`, as a path. */
  const linkTo = (email: string, app: TestApp = t) => {
    const mail = app.mails.filter((m) => m.to === email).at(-1);
    const url = mail?.text.match(/https?:\/\/\S+confirm-email-change\S+/)?.[0];
    if (!url) throw new Error(`no confirmation link for ${email}`);
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  };
  const open = (link: string) => t.app.inject({ method: 'GET', url: link });
  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });

  it('the address stays until the link is opened; the old address is told; the profile shows the pending one', async () => {
    const user = await createUser(t.app);
    const next = `next_${user.email}`;
    const asked = await update(user, { email: next.toUpperCase(), bio: 'still saved' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().user).toMatchObject({ email: user.email, pendingEmail: next, bio: 'still saved' });
    expect((await emailOf(user.id)).email).toBe(user.email);
    // The notice to the old address names the new one; the new one gets the link.
    const notice = t.mails.filter((m) => m.to === user.email).at(-1);
    expect(notice?.text).toContain(next);
    expect(notice?.text).not.toMatch(/confirm-email-change/);
    const link = linkTo(next);
    // Own profile shows it; other people never see either address.
    const own = await t.app.inject({ method: 'GET', url: `/api/get-user/${user.id}`, headers: user.auth });
    expect(own.json().user).toMatchObject({ email: user.email, pendingEmail: next });
    const other = await createUser(t.app);
    const seen = await t.app.inject({ method: 'GET', url: `/api/get-user/${user.id}`, headers: other.auth });
    expect(seen.json().user).not.toHaveProperty('pendingEmail');
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);

    const opened = await open(link);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/settings?emailChange=confirmed');
    expect(await emailOf(user.id)).toMatchObject({ email: next, emailVerified: true });
    expect(await pendingRows(user.id)).toBe(0);
    expect((await signIn(next, user.password)).statusCode).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    // Single use.
    const again = await open(link);
    expect(again.headers.location).toBe('/settings?emailChange=invalid');
    expect((await emailOf(user.id)).email).toBe(next);
  });

  it('a new request replaces the pending one; the address must still be free when the link is opened', async () => {
    const user = await createUser(t.app);
    const first = `first_${user.email}`;
    const second = `second_${user.email}`;
    expect((await update(user, { email: first })).statusCode).toBe(200);
    const firstLink = linkTo(first);
    const replaced = await update(user, { email: second });
    expect(replaced.json().user.pendingEmail).toBe(second);
    const secondLink = linkTo(second);
    expect((await open(firstLink)).headers.location).toBe('/settings?emailChange=invalid');
    expect((await emailOf(user.id)).email).toBe(user.email);
    // Someone signs up with the pending address before the link is opened.
    await createUser(t.app, { email: second });
    expect((await open(secondLink)).headers.location).toBe('/settings?emailChange=taken');
    expect((await emailOf(user.id)).email).toBe(user.email);
    expect(await pendingRows(user.id)).toBe(0);
  });

  it('a link expires after a day, and a forged or missing token changes nothing', async () => {
    const user = await createUser(t.app);
    const next = `late_${user.email}`;
    expect((await update(user, { email: next })).statusCode).toBe(200);
    const link = linkTo(next);
    for (const forged of [
      '/api/confirm-email-change',
      '/api/confirm-email-change?token=',
      `${link}x`,
      `/api/confirm-email-change?token=${'a'.repeat(5000)}`,
    ]) {
      expect((await open(forged)).headers.location).toBe('/settings?emailChange=invalid');
    }
    await t.database.db.execute(
      sql`update email_changes set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    const own = await t.app.inject({ method: 'GET', url: `/api/get-user/${user.id}`, headers: user.auth });
    expect(own.json().user.pendingEmail).toBeNull();
    expect((await open(link)).headers.location).toBe('/settings?emailChange=expired');
    expect((await emailOf(user.id)).email).toBe(user.email);
  });

  it('keeps the spec message for a stale session and the taken-address check; nothing is pending or mailed then', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const mailsBefore = t.mails.length;
    const taken = await update(user, { email: other.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: MSG.emailInUse, code: 'EMAIL_TAKEN' });
    await t.database.db.execute(sql`update sessions set created_at = now() - interval '1 hour' where user_id = ${user.id}`);
    const stale = await update(user, { email: `stale_${user.email}` });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ error: MSG.profileRecentLogin, code: 'RECENT_LOGIN_REQUIRED' });
    expect(await pendingRows(user.id)).toBe(0);
    expect(t.mails.length).toBe(mailsBefore);
  });

  it('a password change cancels the pending change (a failed one does not); its link then changes nothing', async () => {
    const user = await createUser(t.app);
    const next = `moved_${user.email}`;
    expect((await update(user, { email: next })).statusCode).toBe(200);
    const link = linkTo(next);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: user.auth,
        payload: { currentPassword, newPassword: 'changed-pass-77' },
      });
    expect((await change('not-the-password')).statusCode).toBe(400);
    expect(await pendingRows(user.id)).toBe(1);
    expect((await change(user.password)).statusCode).toBe(200);
    expect(await pendingRows(user.id)).toBe(0);
    expect((await open(link)).headers.location).toBe('/settings?emailChange=invalid');
    expect((await emailOf(user.id)).email).toBe(user.email);
  });

  it('a password reset through the mailed link cancels the pending change', async () => {
    const user = await createUser(t.app);
    const next = `taken_over_${user.email}`;
    expect((await update(user, { email: next })).statusCode).toBe(200);
    const link = linkTo(next);
    expect(await pendingRows(user.id)).toBe(1);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email, redirectTo: '/reset-password' },
    });
    expect(asked.statusCode).toBe(200);
    let mail;
    for (let i = 0; i < 100 && !(mail = t.mails.find((m) => m.to === user.email && /reset/i.test(m.subject))); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const resetLink = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? 'http://missing');
    const follow = await t.app.inject({ method: 'GET', url: resetLink.pathname + resetLink.search });
    const token = new URL(String(follow.headers.location), 'http://localhost').searchParams.get('token');
    expect(token).toBeTruthy();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'after-reset-77' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await pendingRows(user.id)).toBe(0);
    expect((await open(link)).headers.location).toBe('/settings?emailChange=invalid');
    expect((await emailOf(user.id)).email).toBe(user.email);
  });

  it('when the link cannot be mailed, nothing is pending and the rest of the profile is not saved', async () => {
    const app = await buildTestApp({}, { mailer: { send: async () => Promise.reject(new Error('SMTP down')) } });
    try {
      const user = await createUser(app.app);
      const answer = await update(user, { email: `down_${user.email}`, bio: 'not saved' }, app);
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ error: MSG.emailChangeMailFailed, code: 'MAIL_FAILED' });
      expect(await pendingRows(user.id, app)).toBe(0);
      expect(await emailOf(user.id, app)).toMatchObject({ email: user.email, bio: '' });
    } finally {
      await app.close();
    }
  });
});

describe('7. uploads nobody uses go after a day; a per-user storage quota', () => {
  const animationJson = () =>
    fs.readFileSync(path.resolve(import.meta.dirname, '../../../../fixtures/glyph-matrix/pulse_13.json'));
  async function uploadAs(app: TestApp, user: TestUser, type: 'images' | 'apks' | 'animations', data: Buffer, filename: string) {
    const form = multipart({ type }, [{ field: 'file', filename, contentType: 'application/octet-stream', data }]);
    return app.app.inject({
      method: 'POST',
      url: '/api/upload-file',
      headers: { ...user.auth, ...form.headers },
      payload: form.payload,
    });
  }
  async function stored(
    user: TestUser,
    type: 'images' | 'apks' | 'animations',
    data: Buffer,
    filename: string,
  ): Promise<{ url: string; filename: string; size: number }> {
    const response = await uploadAs(t, user, type, data, filename);
    if (response.statusCode !== 200) throw new Error(`upload failed ${response.statusCode} ${response.body}`);
    return response.json();
  }
  const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
  const rowExists = async (filename: string) =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from files where filename = ${filename}`))[0]!
      .n === 1;
  const onDisk = (type: string, filename: string) => fs.existsSync(path.join(t.dataDir, 'files', type, filename));
  const ageAll = (ownerId: string) =>
    t.database.db.execute(sql`update files set created_at = now() - interval '25 hours' where owner_id = ${ownerId}`);
  const glyph = (user: TestUser, method: 'POST' | 'PUT', url: string, extra: Record<string, unknown>) =>
    t.app.inject({
      method,
      url,
      headers: user.auth,
      payload: { title: 'Lifetimes', description: 'Files that live while used', githubUrl: 'https://github.com/a/b', ...extra },
    });

  it('a day-old upload nothing uses is removed (row and stored files); every kind of use keeps a file', async () => {
    const owner = await createUser(t.app);
    const png = await pngBytes();
    const loose = await stored(owner, 'images', png, 'loose.png');
    const onGlyph = await stored(owner, 'images', png, 'glyph.png');
    const picture = await stored(owner, 'images', png, 'me.png');
    const banner = await stored(owner, 'images', png, 'banner.png');
    const reference = await stored(owner, 'images', png, 'ref.png');
    const replacedAnimation = await stored(owner, 'animations', animationJson(), 'a.json');
    const currentAnimation = await stored(owner, 'animations', animationJson(), 'b.json');
    const firstApk = await stored(owner, 'apks', makeApk(), 'first.apk');
    const replacedApk = await stored(owner, 'apks', makeApk(), 'replaced.apk');

    // A glyph shared with an APK (its release 1) and an animation, then edited: the animation the edit
    // replaced is used by nothing; an APK swap through an edit is refused (releases own the APK, decision
    // 0028), so that upload stays unused too, while the first APK stays with its release.
    const created = await glyph(owner, 'POST', '/api/upload-glyph', {
      images: [onGlyph.url],
      apkUrl: firstApk.url,
      animationUrl: replacedAnimation.url,
    });
    expect(created.statusCode).toBe(200);
    const id = (created.json() as { glyph: { id: string } }).glyph.id;
    expect(
      (
        await glyph(owner, 'PUT', `/api/update-glyph/${id}`, {
          images: [onGlyph.url],
          apkUrl: firstApk.url,
          animationUrl: currentAnimation.url,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await glyph(owner, 'PUT', `/api/update-glyph/${id}`, { images: [onGlyph.url], apkUrl: replacedApk.url })).statusCode,
    ).toBe(409);
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/update-user',
      headers: owner.auth,
      payload: { profilePicture: picture.url, bannerImage: banner.url },
    });
    expect(profile.statusCode).toBe(200);
    await t.database.db
      .insert(glyphRequests)
      .values({
        title: 'Ref',
        description: 'Uses a reference',
        userId: owner.id,
        referenceImages: [`http://localhost:3000${reference.url}`],
      });

    // Younger than a day: nothing goes.
    const fresh = await stored(owner, 'images', png, 'fresh.png');
    await t.app.glyphary.fileLifetimes!.runOnce();
    expect(await rowExists(loose.filename)).toBe(true);
    await ageAll(owner.id);
    await t.database.db.execute(sql`update files set created_at = now() where filename = ${fresh.filename}`);

    const previewsOf = async (...apks: string[]) =>
      (
        await queryRows<{ url: string }>(
          t.database.db,
          sql`select toy ->> 'imageUrl' as url from files a, jsonb_array_elements(a.apk_report -> 'toys') toy where a.filename in (${sql.join(
            apks.map((name) => sql`${name}`),
            sql`, `,
          )}) and toy ->> 'imageUrl' is not null`,
        )
      ).map((row) => row.url);
    const replacedPreviews = await previewsOf(replacedApk.filename);
    expect(replacedPreviews.length).toBeGreaterThan(0);

    const { removed } = await t.app.glyphary.fileLifetimes!.runOnce();
    const gone = [loose, replacedAnimation, replacedApk];
    for (const file of gone) {
      expect(await rowExists(file.filename), file.url).toBe(false);
      expect(await served(file.url), file.url).toBe(404);
      expect(onDisk(file.url.split('/')[3]!, file.filename), file.url).toBe(false);
    }
    expect(onDisk('images', loose.filename.replace('.webp', '-thumb.webp'))).toBe(false);
    expect(onDisk('animations', replacedAnimation.filename.replace('.glya', '-poster.webp'))).toBe(false);
    // The removed APK's toy previews (image rows of their own) went with it.
    for (const url of replacedPreviews) expect(await served(url), url).toBe(404);
    expect(removed).toBe(gone.length + replacedPreviews.length);
    for (const file of [onGlyph, picture, banner, reference, currentAnimation, firstApk, fresh]) {
      expect(await rowExists(file.filename), file.url).toBe(true);
      expect(await served(file.url), file.url).toBe(200);
    }
    // The toy previews of the APKs still in use are kept.
    const previews = await previewsOf(firstApk.filename);
    expect(previews.length).toBeGreaterThan(0);
    for (const url of previews) expect(await served(url), url).toBe(200);
    // A second pass finds nothing more.
    expect((await t.app.glyphary.fileLifetimes!.runOnce()).removed).toBe(0);
  });

  it('the quota refuses an upload that would not fit with 413 {error, code} and stores nothing; admins too', async () => {
    const png = await pngBytes(64, 64);
    // Exactly one PNG's size: the first upload fits (its WebP is smaller), a second cannot.
    const app = await buildTestApp({ UPLOAD_QUOTA_BYTES: String(png.length), UPLOAD_RATE_LIMIT: '100000' });
    try {
      const countRows = async (id: string) =>
        (await queryRows<{ n: number }>(app.database.db, sql`select count(*)::int as n from files where owner_id = ${id}`))[0]!.n;
      const storedFiles = () => fs.readdirSync(path.join(app.dataDir, 'files', 'images')).length;
      for (const role of ['user', 'admin'] as const) {
        const user = await createUser(app.app);
        if (role === 'admin') await makeAdmin(app.database, user.id);
        const first = await uploadAs(app, user, 'images', png, 'a.png');
        expect(first.statusCode, role).toBe(200);
        const [rows, files] = [await countRows(user.id), storedFiles()];
        const second = await uploadAs(app, user, 'images', png, 'b.png');
        expect(second.statusCode, role).toBe(413);
        expect(second.json(), role).toEqual({ error: MSG.uploadQuotaExceeded(formatBytes(png.length)), code: 'QUOTA_EXCEEDED' });
        const animation = await uploadAs(app, user, 'animations', animationJson(), 'a.json');
        expect(animation.statusCode, role).toBe(413);
        expect(await countRows(user.id), role).toBe(rows);
        expect(storedFiles(), role).toBe(files);
        expect(
          fs.readdirSync(path.join(app.dataDir, 'files', 'tmp')).filter((n) => !n.startsWith('.')),
          role,
        ).toEqual([]);
      }
      // Someone else's quota is their own.
      expect((await uploadAs(app, await createUser(app.app), 'images', png, 'c.png')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('concurrent uploads cannot squeeze past the quota together (the insert checks again, under a lock)', async () => {
    const png = await pngBytes(64, 64);
    // The stored size of this PNG (its WebP), learnt on the main app.
    const storedSize = (await stored(await createUser(t.app), 'images', png, 'size.png')).size;
    // Room for the early check of one upload plus two stored copies; more uploads than could ever fit.
    const quota = png.length + 2 * storedSize;
    const count = Math.ceil(quota / storedSize) + 3;
    const app = await buildTestApp({ UPLOAD_QUOTA_BYTES: String(quota), UPLOAD_RATE_LIMIT: '100000' });
    try {
      const user = await createUser(app.app);
      const answers = await Promise.all(Array.from({ length: count }, (_, i) => uploadAs(app, user, 'images', png, `${i}.png`)));
      const ok = answers.filter((a) => a.statusCode === 200).length;
      expect(answers.map((a) => a.statusCode).filter((status) => status !== 200 && status !== 413)).toEqual([]);
      const [used] = await queryRows<{ used: string }>(
        app.database.db,
        sql`select coalesce(sum(size), 0)::text as used from files where owner_id = ${user.id}`,
      );
      expect(Number(used!.used)).toBeLessThanOrEqual(quota);
      expect(ok).toBeGreaterThan(0);
      expect(ok).toBeLessThan(count);
    } finally {
      await app.close();
    }
  });
});
