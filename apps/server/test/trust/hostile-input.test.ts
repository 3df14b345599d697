import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { MSG } from '@glyphary/shared';
import { queryRows } from '../../src/db/client.ts';
import { sessions } from '../../src/db/schema/index.ts';
import { buildTestApp, SUPER_ADMIN_EMAIL, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, userFields, type TestUser } from '../factories.ts';

// SECURITY.md "Bad input", the families the per-module suites (test/api/*.test.ts) leave thin, across
// every JSON write route at once: malformed JSON, oversize and deeply nested bodies, prototype poisoning,
// wrong content types, garbage/expired/revoked bearer tokens, foreign Origin and callbackURL on auth,
// exotic passwords. Each case: status, the `{error}` message, nothing stored, the process still healthy.

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let glyphId: string;
let requestId: string;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
  admin = await createUser(t.app, { email: SUPER_ADMIN_EMAIL });
  glyphId = (await insertGlyph(t.database, owner.id)).id;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/glyph-requests',
    headers: owner.auth,
    payload: { title: 'Hostile input target', description: 'A request' },
  });
  requestId = (created.json() as { id: string }).id;
});
afterAll(async () => {
  await t.close();
});

/** Every JSON write route, with the caller allowed to use it (so only the payload is wrong). */
const routes = (): Array<{ method: 'POST' | 'PUT'; url: string; auth: () => Record<string, string> }> => [
  { method: 'POST', url: '/api/upload-glyph', auth: () => owner.auth },
  { method: 'PUT', url: `/api/update-glyph/${glyphId}`, auth: () => owner.auth },
  { method: 'POST', url: '/api/update-user', auth: () => owner.auth },
  { method: 'POST', url: '/api/toggle-like', auth: () => owner.auth },
  { method: 'POST', url: '/api/record-view', auth: () => owner.auth },
  { method: 'POST', url: '/api/glyph-requests', auth: () => owner.auth },
  { method: 'POST', url: '/api/admin/add-admin', auth: () => admin.auth },
  { method: 'PUT', url: `/api/admin/users/${owner.id}`, auth: () => admin.auth },
  { method: 'POST', url: '/api/auth/sign-in/email', auth: () => ({}) },
  { method: 'POST', url: '/api/auth/sign-up/email', auth: () => ({}) },
];

/** A fingerprint of everything a write could change. */
async function snapshot(): Promise<string> {
  const [row] = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select
      (select count(*)::int from users) as users,
      (select count(*)::int from glyphs) as glyphs,
      (select coalesce(sum(likes + views + downloads), 0)::int from glyphs) as counters,
      (select count(*)::int from glyph_likes) as likes,
      (select count(*)::int from glyph_views) as views,
      (select count(*)::int from glyph_requests) as requests,
      (select count(*)::int from audit_log) as audit,
      (select md5(string_agg(id || username || name || bio || website || location || is_admin::text, ',' order by id)) from users) as profiles,
      (select md5(string_agg(id::text || title || description || coalesce(github_url, ''), ',' order by id)) from glyphs) as glyph_text`,
  );
  return JSON.stringify(row);
}

async function expectHealthy() {
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: `/api/get-glyph/${glyphId}` })).statusCode).toBe(200);
}

function expectError(response: LightMyRequestResponse, status: number, message: string | RegExp, where: string) {
  expect({ where, status: response.statusCode }).toEqual({ where, status });
  const body = response.json() as { error?: unknown };
  expect(typeof body.error, where).toBe('string');
  if (typeof message === 'string') expect(body.error, where).toBe(message);
  else expect(body.error, where).toMatch(message);
}

describe('any route: malformed JSON, oversize and deeply nested bodies, wrong content types', () => {
  const raw = (route: ReturnType<typeof routes>[number], payload: string | Buffer, contentType = 'application/json') =>
    t.app.inject({ method: route.method, url: route.url, headers: { ...route.auth(), 'content-type': contentType }, payload });

  it('refuses malformed JSON with 400 "Malformed JSON body"', async () => {
    const before = await snapshot();
    for (const route of routes()) {
      for (const payload of ['{"title":', "{'title':'x'}", '[1,2', 'nul', '{"a":1}}', '\u0000{}']) {
        expectError(
          await raw(route, payload),
          400,
          /Malformed JSON body|Invalid|must|required/i,
          `${route.url} ${JSON.stringify(payload)}`,
        );
      }
    }
    expect(await snapshot()).toBe(before);
    await expectHealthy();
  }, 60_000);

  it('refuses a body over 1 MiB with 413 "Request body is too large"', async () => {
    const before = await snapshot();
    const big = JSON.stringify({ title: 'x', description: 'y'.repeat(1024 * 1024) });
    for (const route of routes()) expectError(await raw(route, big), 413, 'Request body is too large', route.url);
    expect(await snapshot()).toBe(before);
    await expectHealthy();
  }, 60_000);

  it('survives deeply nested JSON (no stack overflow, no 5xx) and stores nothing', async () => {
    const before = await snapshot();
    for (const depth of [1_000, 100_000]) {
      const nested = `{"title":${'['.repeat(depth)}${']'.repeat(depth)},"description":${'{"a":'.repeat(Math.min(depth, 50_000))}1${'}'.repeat(Math.min(depth, 50_000))}}`;
      for (const route of routes()) {
        const response = await raw(route, nested);
        // Refused (4xx with an error), or accepted with the unknown nested fields dropped (update-user, record-view…).
        expect(response.statusCode, `${route.url} depth ${depth}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(typeof (response.json() as { error?: unknown }).error).toBe('string');
      }
    }
    expect(await snapshot()).toBe(before);
    await expectHealthy();
  }, 120_000);

  it('refuses prototype poisoning (__proto__ and constructor.prototype) with 400', async () => {
    const before = await snapshot();
    const payloads = [
      '{"title":"Poison","description":"x","githubUrl":"https://github.com/a/b","__proto__":{"isAdmin":true}}',
      '{"title":"Poison","description":"x","githubUrl":"https://github.com/a/b","constructor":{"prototype":{"isAdmin":true}}}',
      '{"glyphId":"x","nested":{"__proto__":{"creatorId":"someone"}}}',
    ];
    for (const route of routes()) {
      for (const payload of payloads) expectError(await raw(route, payload), 400, /./, `${route.url} ${payload.slice(0, 40)}`);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(await snapshot()).toBe(before);
    await expectHealthy();
  }, 60_000);

  it('refuses non-JSON content types on JSON routes with 415', async () => {
    const before = await snapshot();
    const cases: Array<[string, string]> = [
      ['text/plain', '{"title":"x"}'],
      ['application/x-www-form-urlencoded', 'title=x&description=y'],
      ['text/html', '<b>x</b>'],
      ['application/xml', '<title>x</title>'],
    ];
    for (const route of routes()) {
      for (const [contentType, payload] of cases) {
        expectError(
          await raw(route, payload, contentType),
          415,
          /Unsupported content type|multipart/i,
          `${route.url} ${contentType}`,
        );
      }
    }
    expect(await snapshot()).toBe(before);
    await expectHealthy();
  }, 60_000);
});

describe('any route: garbage, expired and revoked bearer tokens count as a visitor (401)', () => {
  const protectedCalls = (headers: Record<string, string>) => [
    t.app.inject({
      method: 'POST',
      url: '/api/upload-glyph',
      headers,
      payload: { title: 'Token', description: 'x', githubUrl: 'https://github.com/a/b' },
    }),
    t.app.inject({ method: 'POST', url: '/api/toggle-like', headers, payload: { glyphId } }),
    t.app.inject({ method: 'POST', url: '/api/update-user', headers, payload: { bio: 'changed by a dead token' } }),
    t.app.inject({ method: 'POST', url: '/api/glyph-requests', headers, payload: { title: 'Token', description: 'x' } }),
    t.app.inject({ method: 'POST', url: `/api/glyph-requests/${requestId}/take-on`, headers }),
    t.app.inject({ method: 'DELETE', url: '/api/delete-user-data', headers }),
    t.app.inject({ method: 'GET', url: '/api/get-user-likes', headers }),
    t.app.inject({ method: 'GET', url: '/api/my-glyph-requests', headers }),
  ];

  async function expectAllUnauthorized(headers: Record<string, string>, label: string) {
    const before = await snapshot();
    for (const response of await Promise.all(protectedCalls(headers))) expectError(response, 401, MSG.unauthorized, label);
    expect(await snapshot()).toBe(before);
  }

  it('garbage tokens: random, empty, SQL-looking, huge, wrong scheme, several values', async () => {
    for (const authorization of [
      'Bearer not-a-token',
      'Bearer ',
      "Bearer ' or 1=1 --",
      `Bearer ${'A'.repeat(8000)}`,
      `Basic ${Buffer.from('user:pass').toString('base64')}`,
      `Bearer ${owner.token.slice(0, -2)}xx`,
      'Bearer \u0000\u0001',
    ]) {
      await expectAllUnauthorized({ authorization }, authorization.slice(0, 30));
    }
    await expectHealthy();
  }, 60_000);

  it('an expired session token', async () => {
    const victim = await createUser(t.app);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.userId, victim.id));
    await expectAllUnauthorized(victim.auth, 'expired');
    await expectHealthy();
  }, 60_000);

  it('a token revoked by sign-out, and one revoked by a password change', async () => {
    const signedOut = await createUser(t.app);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-out',
          headers: { ...signedOut.auth, origin: 'http://localhost:3000' },
        })
      ).statusCode,
    ).toBe(200);
    await expectAllUnauthorized(signedOut.auth, 'signed out');

    const changed = await createUser(t.app);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: changed.email, password: changed.password },
    });
    const otherToken = (second.json() as { token: string }).token;
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { ...changed.auth, origin: 'http://localhost:3000' },
      payload: { currentPassword: changed.password, newPassword: 'another-glyph-pass-2', revokeOtherSessions: true },
    });
    expect(change.statusCode).toBe(200);
    await expectAllUnauthorized({ authorization: `Bearer ${otherToken}` }, 'revoked by password change');
    await expectHealthy();
  }, 60_000);
});

describe('sign-up and sign-in: foreign Origin and callbackURL, exotic passwords', () => {
  it('never lets a foreign callbackURL through: sign-up drops it (only email, password, name, username reach Better Auth)', async () => {
    for (const callbackURL of ['https://evil.example/welcome', '//evil.example', 'javascript:alert(1)']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { ...userFields(), callbackURL },
      });
      expect(response.statusCode, callbackURL).toBe(200);
      expect(response.headers.location, callbackURL).toBeUndefined();
      expect(response.body, callbackURL).not.toMatch(/evil\.example|javascript:/);
    }
    // Password-reset links carry a redirect: a foreign one is refused before any mail goes out.
    const mailsBefore = t.mails.length;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: owner.email, redirectTo: 'https://evil.example/steal' },
    });
    expect(reset.statusCode).toBeGreaterThanOrEqual(400);
    expect(reset.statusCode).toBeLessThan(500);
    // Better Auth's own code (not in the shared ErrorCode union) reaches clients as AUTH_ERROR.
    expect(reset.json().code).toBe('AUTH_ERROR');
    expect(typeof reset.json().error).toBe('string');
    expect(t.mails.length).toBe(mailsBefore);
  }, 60_000);

  it('refuses cookie-authenticated writes from a foreign Origin (403) and stores nothing', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: owner.email, password: owner.password },
    });
    const cookie = String(signIn.headers['set-cookie'] ?? '').split(';')[0]!;
    const before = await snapshot();
    for (const origin of ['https://evil.example', 'http://localhost:3000.evil.example', 'null', 'http://localhost:3001']) {
      const headers = { cookie, origin };
      expectError(
        await t.app.inject({ method: 'POST', url: '/api/toggle-like', headers, payload: { glyphId } }),
        403,
        /Cross-origin request refused|not allowed|origin/i,
        origin,
      );
      expectError(
        await t.app.inject({ method: 'POST', url: '/api/update-user', headers, payload: { bio: 'csrf' } }),
        403,
        /Cross-origin request refused|not allowed|origin/i,
        origin,
      );
    }
    expect(await snapshot()).toBe(before);
  }, 60_000);

  it('lets one sign-in per email run at a time: 20 concurrent guesses cost at most the failure limit in hashes (load run L6)', async () => {
    const target = await createUser(t.app);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: target.email, password: 'wrong-guess-1' },
        }),
      ),
    );
    const statuses = guesses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(t.env.AUTH_EMAIL_FAILURE_LIMIT);
    for (const r of guesses.filter((g) => g.statusCode === 429)) {
      expect(r.json().error).toBe(MSG.tooManyAttempts);
      expect(r.headers['retry-after']).toBeDefined();
    }
  }, 60_000);

  it('lets the same person sign in again right after a success (the one-at-a-time gate is released at once)', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < 8; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: user.password },
      });
      expect(response.statusCode, `attempt ${i}`).toBe(200);
    }
  }, 60_000);

  it('never trims or normalises passwords; over-long ones are refused with the spec text', async () => {
    const exotic = ['  spaced out  ', 'emoji-🔦💡-pass', 'ümlaut-Äpfel-9', 'tab\tinside-pass', 'x'.repeat(128)];
    for (const password of exotic) {
      const fields = userFields({ password });
      const signUp = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: fields });
      expect(signUp.statusCode, JSON.stringify(password)).toBe(200);
      const exact = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: fields.email, password },
      });
      expect(exact.statusCode, JSON.stringify(password)).toBe(200);
      if (password.trim() !== password) {
        const trimmed = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: fields.email, password: password.trim() },
        });
        expect(trimmed.statusCode, 'trimmed').toBe(401);
      }
      if (password.normalize('NFD') !== password) {
        // Better Auth hashes the NFKC form (NIST SP 800-63B §5.1.1.2 recommends normalising): the same
        // password typed on another keyboard still works. Normalising is not trimming: spaces stay significant.
        const decomposed = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: fields.email, password: password.normalize('NFD') },
        });
        expect(decomposed.statusCode, 'NFD').toBe(200);
      }
    }
    const before = await snapshot();
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: userFields({ password: 'x'.repeat(129) }),
    });
    expectError(tooLong, 400, MSG.passwordTooLong, 'too long');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: owner.email, password: 'x'.repeat(500_000) },
    });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    expect(await snapshot()).toBe(before);
    await expectHealthy();
  }, 120_000);
});

describe('glyph and profile fields: control characters and bidi overrides', () => {
  it('refuses control characters in glyph, profile, request and admin text with 400 (never a 500 from PostgreSQL)', async () => {
    for (const title of ['Null\u0000byte', 'Bell\u0007title', 'Esc\u001b[31mred']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/upload-glyph',
        headers: owner.auth,
        payload: { title, description: 'ok', githubUrl: 'https://github.com/a/b' },
      });
      if (response.statusCode === 200) {
        const stored = (response.json() as { glyph: { title: string } }).glyph.title;
        // eslint-disable-next-line no-control-regex -- the point of the check
        expect(stored).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
        await t.app.inject({
          method: 'DELETE',
          url: `/api/delete-glyph/${(response.json() as { id: string }).id}`,
          headers: owner.auth,
        });
      } else {
        expectError(response, 400, /./, JSON.stringify(title));
      }
    }
    const before = await snapshot();
    const cases: Array<[string, 'POST' | 'PUT', string, () => Record<string, string>, Record<string, unknown>]> = [
      ['bio', 'POST', '/api/update-user', () => owner.auth, { bio: 'a\u0000b' }],
      ['display name', 'POST', '/api/update-user', () => owner.auth, { displayName: 'Dot\u0007Matrix' }],
      ['location', 'POST', '/api/update-user', () => owner.auth, { location: 'Lon\u0000don' }],
      ['request title', 'POST', '/api/glyph-requests', () => owner.auth, { title: 'Req\u0000uest', description: 'ok' }],
      ['request description', 'POST', '/api/glyph-requests', () => owner.auth, { title: 'Request', description: 'o\u0000k' }],
      [
        'request tags',
        'POST',
        '/api/glyph-requests',
        () => owner.auth,
        { title: 'Request', description: 'ok', tags: 'a\u0000b' },
      ],
      ['admin bio', 'PUT', `/api/admin/users/${owner.id}`, () => admin.auth, { bio: 'a\u0000b' }],
      ['sign-up name', 'POST', '/api/auth/sign-up/email', () => ({}), { ...userFields(), name: 'Nul\u0000l' }],
    ];
    for (const [label, method, url, auth, payload] of cases) {
      const response = await t.app.inject({ method, url, headers: auth(), payload });
      expectError(response, 400, /./, label);
    }
    const [row] = await queryRows<{ bio: string }>(t.database.db, sql`select bio from users where id = ${owner.id}`);
    expect(row?.bio).not.toContain('\u0000');
    expect(await snapshot()).toBe(before);
    await expectHealthy();
  }, 60_000);
});
