import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { COMMUNITY_MSG, MSG } from '@glyphary/shared';
import { buildTestApp, SUPER_ADMIN_EMAIL, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, makeAdmin, type TestUser } from '../factories.ts';
import { auditLog, glyphDownloads, glyphLikes, glyphViews, glyphs, users } from '../../src/db/schema/index.ts';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let t: TestApp;
/** SECURITY matrix fixtures: U = signed-in user, A = admin, S = super admin. */
let u: TestUser;
let a: TestUser;
let s: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  s = await createUser(t.app, { email: SUPER_ADMIN_EMAIL });
  a = await createUser(t.app);
  await makeAdmin(t.database, a.id);
  u = await createUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const call = (method: Method, url: string, headers: Headers = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const auditCount = () => t.database.db.$count(auditLog);
const lastAudit = async () => (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1))[0];

/** A snapshot of everything an admin route could change: users, glyphs and the audit log. */
async function snapshot() {
  const [userRows, glyphRows, audits] = await Promise.all([
    t.database.db.select().from(users).orderBy(users.id),
    t.database.db.select().from(glyphs).orderBy(glyphs.id),
    auditCount(),
  ]);
  return JSON.stringify({ userRows, glyphRows, audits });
}

describe('authorization matrix (SECURITY §3): V → 401, U → 403, nothing changes', () => {
  let target: TestUser;
  let glyphId: string;
  beforeAll(async () => {
    target = await createUser(t.app);
    glyphId = (await insertGlyph(t.database, target.id)).id;
  });

  const routes: Array<[string, Method, () => string, (() => unknown)?]> = [
    ['GET /admin/stats', 'GET', () => '/api/admin/stats'],
    ['GET /admin/users', 'GET', () => '/api/admin/users'],
    ['PUT /admin/users/{id}', 'PUT', () => `/api/admin/users/${target.id}`, () => ({ bio: 'hacked', displayName: 'Owned' })],
    ['POST /admin/make-admin/{id}', 'POST', () => `/api/admin/make-admin/${target.id}`],
    ['POST /admin/add-admin', 'POST', () => '/api/admin/add-admin', () => ({ email: target.email })],
    ['POST /admin/remove-admin/{id}', 'POST', () => `/api/admin/remove-admin/${a.id}`],
    ['DELETE /admin/glyphs/{id}', 'DELETE', () => `/api/admin/glyphs/${glyphId}`],
    ['GET /admin/audit', 'GET', () => '/api/admin/audit'],
  ];

  for (const [name, method, url, body] of routes) {
    it(name, async () => {
      const payload = body?.();
      const before = await snapshot();
      const visitor = await call(method, url(), {}, payload);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().error).toBe(MSG.unauthorized);
      const garbage = await call(method, url(), { authorization: 'Bearer not-a-real-token' }, payload);
      expect(garbage.statusCode).toBe(401);
      const user = await call(method, url(), u.auth, payload);
      expect(user.statusCode).toBe(403);
      expect(user.json().error).toBe(MSG.forbidden);
      expect(await snapshot()).toBe(before);
    });
  }
});

describe('GET /api/admin/users', () => {
  it('lists every user with email and role, the only listing that carries emails', async () => {
    const response = await call('GET', '/api/admin/users', a.auth);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(await t.database.db.$count(users));
    expect(body.hasMore).toBe(false);
    const superRow = body.users.find((x: { uid: string }) => x.uid === s.id);
    expect(superRow).toMatchObject({ email: SUPER_ADMIN_EMAIL, isAdmin: true, isSuperAdmin: true });
    expect(body.users[0].uid).toBe(s.id); // the super admin comes first
    expect(body.users.find((x: { uid: string }) => x.uid === u.id)).toMatchObject({
      email: u.email,
      isAdmin: false,
      isSuperAdmin: false,
    });
  });

  it('filters admins with role=admin and pages with limit/offset', async () => {
    const admins = (await call('GET', '/api/admin/users?role=admin', a.auth)).json();
    expect(admins.users.map((x: { uid: string }) => x.uid)).toEqual(expect.arrayContaining([s.id, a.id]));
    expect(admins.users.every((x: { isAdmin: boolean }) => x.isAdmin)).toBe(true);
    const page = (await call('GET', '/api/admin/users?limit=1&offset=1', a.auth)).json();
    expect(page.users).toHaveLength(1);
    expect(page.hasMore).toBe(true);
  });

  it('clamps a huge limit to 1000 and refuses bad paging', async () => {
    expect((await call('GET', '/api/admin/users?limit=999999', a.auth)).statusCode).toBe(200);
    for (const [query, message] of [
      ['limit=abc', 'limit must be a number'],
      ['limit=0', 'limit must be at least 1'],
      ['offset=-1', 'offset must be 0 or more'],
      ['role=root', 'role must be all or admin'],
    ]) {
      const response = await call('GET', `/api/admin/users?${query}`, a.auth);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });

  it('public user routes still carry no email', async () => {
    const response = await call('GET', `/api/get-user/${u.id}`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBeUndefined();
  });
});

describe('PUT /api/admin/users/{id}', () => {
  it('updates allow-listed profile fields only and audits the change', async () => {
    const target = await createUser(t.app);
    const before = await userRow(target.id);
    const response = await call('PUT', `/api/admin/users/${target.id}`, a.auth, {
      displayName: 'Renamed by admin',
      bio: 'Moderated bio',
      location: 'London',
      website: 'https://example.com',
      // server-owned fields are dropped (DESIGN §3)
      email: 'stolen@example.test',
      isAdmin: true,
      isSuperAdmin: true,
      glyphsCount: 99,
      uid: u.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      uid: target.id,
      displayName: 'Renamed by admin',
      bio: 'Moderated bio',
      email: target.email,
      isAdmin: false,
    });
    const after = await userRow(target.id);
    expect(after).toMatchObject({
      name: 'Renamed by admin',
      bio: 'Moderated bio',
      location: 'London',
      website: 'https://example.com',
      email: before.email,
      isAdmin: false,
      isSuperAdmin: false,
      glyphsCount: 0,
    });
    expect((await userRow(u.id)).bio).toBe('');
    expect(await lastAudit()).toMatchObject({
      actorId: a.id,
      action: 'user.update',
      targetType: 'user',
      targetId: target.id,
      detail: 'displayName, bio, location, website',
    });
  });

  it('refuses a username taken in another letter case (409) and stores nothing', async () => {
    const target = await createUser(t.app);
    const before = await snapshot();
    const response = await call('PUT', `/api/admin/users/${target.id}`, a.auth, { username: u.username.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(MSG.usernameTaken);
    expect(await snapshot()).toBe(before);
  });

  it.each([
    [{ username: 'ab' }, MSG.usernameTooShort],
    [{ username: 'bad name!' }, MSG.usernameChars],
    [{ displayName: '   ' }, MSG.displayNameRequired],
    [{ bio: 'x'.repeat(501) }, MSG.bioTooLong],
    [{ website: 'javascript:alert(1)' }, MSG.urlInvalid],
    [{ profilePicture: 'data:image/png;base64,AAAA' }, MSG.imageUrlInvalid],
    [{ bannerImage: '//evil.example/x.png' }, MSG.imageUrlInvalid],
  ])('refuses %j with a clear message and stores nothing', async (payload, message) => {
    const before = await snapshot();
    const response = await call('PUT', `/api/admin/users/${u.id}`, a.auth, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    expect(await snapshot()).toBe(before);
  });

  it('protects the super admin from other admins (403) but lets the super admin edit itself and others', async () => {
    const before = await snapshot();
    const denied = await call('PUT', `/api/admin/users/${s.id}`, a.auth, { bio: 'demoted' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe(MSG.superAdminProtected);
    expect(await snapshot()).toBe(before);
    expect((await call('PUT', `/api/admin/users/${s.id}`, s.auth, { bio: 'The boss' })).statusCode).toBe(200);
    expect((await userRow(s.id)).bio).toBe('The boss');
    expect((await call('PUT', `/api/admin/users/${a.id}`, s.auth, { location: 'Paris' })).statusCode).toBe(200);
    expect((await userRow(a.id)).location).toBe('Paris');
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['no-such-user', "1' or '1'='1", '..%2F..%2Fetc', 'x'.repeat(150)]) {
      const response = await call('PUT', `/api/admin/users/${encodeURIComponent(id)}`, a.auth, { bio: 'x' });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error).toBe(MSG.userNotFound);
    }
  });

  it('refuses malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${u.id}`,
      headers: { ...a.auth, 'content-type': 'application/json' },
      payload: '{"bio": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Malformed JSON body');
  });
});

describe('POST /api/admin/make-admin/{id}', () => {
  it('promotes a user, audits it, and the new admin is one on the next call', async () => {
    const target = await createUser(t.app);
    expect((await call('GET', '/api/admin/stats', target.auth)).statusCode).toBe(403);
    const response = await call('POST', `/api/admin/make-admin/${target.id}`, a.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      changed: true,
      user: { uid: target.id, isAdmin: true, isSuperAdmin: false },
    });
    expect(await lastAudit()).toMatchObject({ actorId: a.id, action: 'user.make_admin', targetId: target.id });
    // SECURITY: admin status is read from the database on every request.
    expect((await call('GET', '/api/admin/stats', target.auth)).statusCode).toBe(200);
  });

  it('is idempotent: an existing admin or the super admin → 200 with no change and no audit row', async () => {
    for (const id of [a.id, s.id]) {
      const before = await snapshot();
      const response = await call('POST', `/api/admin/make-admin/${id}`, a.auth);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, changed: false, user: { uid: id, isAdmin: true } });
      expect(await snapshot()).toBe(before);
    }
  });

  it('answers 404 for an unknown user', async () => {
    const response = await call('POST', '/api/admin/make-admin/nobody-here', a.auth);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(MSG.userNotFound);
  });
});

describe('POST /api/admin/add-admin', () => {
  it('promotes by email, ignoring case, and audits it', async () => {
    const target = await createUser(t.app);
    const response = await call('POST', '/api/admin/add-admin', s.auth, { email: `  ${target.email.toUpperCase()} ` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      changed: true,
      user: { uid: target.id, email: target.email, isAdmin: true },
    });
    expect((await userRow(target.id)).isAdmin).toBe(true);
    expect(await lastAudit()).toMatchObject({
      actorId: s.id,
      action: 'user.make_admin',
      targetId: target.id,
      detail: 'add-admin',
    });
  });

  it('answers 404 with a clear message for an unknown email', async () => {
    const before = await snapshot();
    const response = await call('POST', '/api/admin/add-admin', a.auth, { email: 'nobody@example.test' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(MSG.noAccountWithEmail);
    expect(await snapshot()).toBe(before);
  });

  it.each([
    [{ email: '' }, MSG.emailRequired],
    [{ email: '   ' }, MSG.emailRequired],
    [{}, MSG.emailRequired],
    [{ email: 'not-an-email' }, MSG.invalidEmail],
    [{ email: 'a@b' }, MSG.invalidEmail],
    [{ email: `${'x'.repeat(250)}@example.test` }, MSG.invalidEmail],
    [{ email: ['x@example.test'] }, MSG.emailRequired],
  ])('refuses %j and stores nothing', async (payload, message) => {
    const before = await snapshot();
    const response = await call('POST', '/api/admin/add-admin', a.auth, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    expect(await snapshot()).toBe(before);
  });
});

describe('POST /api/admin/remove-admin/{id}', () => {
  it('the super admin removes admin rights from a regular admin, audited; they lose access on the next call', async () => {
    const target = await createUser(t.app);
    await makeAdmin(t.database, target.id);
    expect((await call('GET', '/api/admin/stats', target.auth)).statusCode).toBe(200);
    const response = await call('POST', `/api/admin/remove-admin/${target.id}`, s.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, changed: true, user: { uid: target.id, isAdmin: false } });
    expect(await lastAudit()).toMatchObject({ actorId: s.id, action: 'user.remove_admin', targetType: 'user', targetId: target.id });
    expect((await call('GET', '/api/admin/stats', target.auth)).statusCode).toBe(403);
  });

  it('refuses every other admin (403 before the target is looked up), storing and auditing nothing', async () => {
    const target = await createUser(t.app);
    await makeAdmin(t.database, target.id);
    for (const id of [target.id, a.id, u.id, 'ghost']) {
      const before = await snapshot();
      const response = await call('POST', `/api/admin/remove-admin/${encodeURIComponent(id)}`, a.auth);
      expect(response.statusCode, id).toBe(403);
      expect(response.json()).toEqual({ error: COMMUNITY_MSG.onlySuperAdminRemovesAdmins, code: 'SUPER_ADMIN_ONLY' });
      expect(await snapshot()).toBe(before);
    }
    expect((await call('GET', '/api/admin/stats', target.auth)).statusCode).toBe(200);
  });

  it('never demotes the super admin (403): other admins are refused, and the super admin cannot demote itself', async () => {
    const byAdmin = await call('POST', `/api/admin/remove-admin/${s.id}`, a.auth);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().code).toBe('SUPER_ADMIN_ONLY');
    const before = await snapshot();
    const bySelf = await call('POST', `/api/admin/remove-admin/${s.id}`, s.auth);
    expect(bySelf.statusCode).toBe(403);
    expect(bySelf.json()).toEqual({ error: MSG.superAdminProtected, code: 'SUPER_ADMIN_PROTECTED' });
    expect(await snapshot()).toBe(before);
  });

  it('leaves a non-admin as is and answers 404 for an unknown user', async () => {
    const before = await snapshot();
    const same = await call('POST', `/api/admin/remove-admin/${u.id}`, s.auth);
    expect(same.statusCode).toBe(200);
    expect(same.json().changed).toBe(false);
    expect(await snapshot()).toBe(before);
    expect((await call('POST', '/api/admin/remove-admin/ghost', s.auth)).statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/glyphs/{id}', () => {
  it('soft-deletes any glyph, decrements glyphsCount and audits it in the same transaction', async () => {
    const owner = await createUser(t.app);
    const glyph = await insertGlyph(t.database, owner.id);
    await insertGlyph(t.database, owner.id);
    expect((await userRow(owner.id)).glyphsCount).toBe(2);
    const response = await call('DELETE', `/api/admin/glyphs/${glyph.id}`, a.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const [row] = await t.database.db.select().from(glyphs).where(eq(glyphs.id, glyph.id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await userRow(owner.id)).glyphsCount).toBe(1);
    expect(await lastAudit()).toMatchObject({ actorId: a.id, action: 'glyph.delete', targetType: 'glyph', targetId: glyph.id });
    const detail = await call('GET', `/api/get-glyph/${glyph.id}`);
    expect(detail.json().glyph?.deleted ?? detail.json().deleted).toBe(true);
  });

  it('answers 404 for an already deleted, unknown or malformed id, storing nothing', async () => {
    const owner = await createUser(t.app);
    const glyph = await insertGlyph(t.database, owner.id);
    expect((await call('DELETE', `/api/admin/glyphs/${glyph.id}`, s.auth)).statusCode).toBe(200);
    for (const id of [glyph.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1;drop table glyphs']) {
      const before = await snapshot();
      const response = await call('DELETE', `/api/admin/glyphs/${encodeURIComponent(id)}`, a.auth);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error).toBe(MSG.glyphNotFound);
      expect(await snapshot()).toBe(before);
    }
  });
});

describe('GET /api/admin/audit', () => {
  it('lists admin actions newest first, with the actor, paged', async () => {
    const target = await createUser(t.app);
    await call('POST', `/api/admin/make-admin/${target.id}`, a.auth);
    await call('POST', `/api/admin/remove-admin/${target.id}`, s.auth);
    const response = await call('GET', '/api/admin/audit?limit=2', a.auth);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(await auditCount());
    expect(body.hasMore).toBe(body.total > 2);
    expect(body.entries).toHaveLength(2);
    expect(body.entries[0]).toMatchObject({
      action: 'user.remove_admin',
      actorId: s.id,
      actorUsername: s.username,
      targetType: 'user',
      targetId: target.id,
    });
    expect(body.entries[1]).toMatchObject({
      action: 'user.make_admin',
      actorId: a.id,
      actorUsername: a.username,
      targetId: target.id,
    });
    expect(Date.parse(body.entries[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(body.entries[1].createdAt));
    const next = (await call('GET', '/api/admin/audit?limit=2&offset=2', a.auth)).json();
    expect(next.entries[0]?.id).not.toBe(body.entries[0].id);
  });

  it('refuses bad paging', async () => {
    const response = await call('GET', '/api/admin/audit?offset=abc', a.auth);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('offset must be a number');
  });
});

describe('GET /api/admin/stats on a known fixture', () => {
  let f: TestApp;
  afterAll(async () => {
    await f?.close();
  });

  it('computes every total, exact unique actors and the top 5 with their tie-breaks', async () => {
    f = await buildTestApp();
    const boss = await createUser(f.app, { email: SUPER_ADMIN_EMAIL });
    const mod = await createUser(f.app);
    await makeAdmin(f.database, mod.id);
    const maker = await createUser(f.app);
    const fan = await createUser(f.app);
    // Seven live glyphs with chosen counters and one deleted glyph with huge ones (excluded).
    const spec: Array<[string, number, number, number]> = [
      ['t1', 50, 1, 1], // top by views
      ['t2', 40, 9, 0], // views tie with t3: more downloads wins
      ['t3', 40, 3, 7],
      ['t4', 30, 3, 5], // views and downloads tie with t5: more likes wins
      ['t5', 30, 3, 2],
      ['t6', 30, 3, 2], // full tie with t5: id decides
      ['t7', 1, 0, 0],
    ];
    const created: Record<string, string> = {};
    for (const [title, views, downloads, likes] of spec) {
      created[title] = (await insertGlyph(f.database, maker.id, { title, views, downloads, likes })).id;
    }
    await insertGlyph(f.database, maker.id, { title: 'gone', views: 1000, downloads: 1000, likes: 1000, deletedAt: new Date() });
    const t1 = created.t1!;
    const t2 = created.t2!;
    await f.database.db.insert(glyphViews).values([
      { glyphId: t1, actor: `u:${fan.id}`, userId: fan.id },
      { glyphId: t2, actor: `u:${fan.id}`, userId: fan.id },
      { glyphId: t1, actor: 'ip:aaa' },
      { glyphId: t2, actor: 'ip:bbb' },
      { glyphId: t2, actor: 'ip:aaa' },
    ]);
    await f.database.db.insert(glyphDownloads).values([
      { glyphId: t1, actor: `u:${fan.id}`, userId: fan.id },
      { glyphId: t2, actor: `u:${fan.id}`, userId: fan.id },
    ]);
    await f.database.db.insert(glyphLikes).values([{ glyphId: t1, userId: fan.id }]);

    const response = await f.app.inject({ method: 'GET', url: '/api/admin/stats', headers: boss.auth });
    expect(response.statusCode).toBe(200);
    const [tie5] = [created.t5!, created.t6!].sort();
    expect(response.json()).toEqual({
      totalUsers: 4,
      totalGlyphs: 7,
      totalDownloads: 1 + 9 + 3 + 3 + 3 + 3 + 0,
      totalViews: 50 + 40 + 40 + 30 + 30 + 30 + 1,
      totalLikes: 1 + 0 + 7 + 5 + 2 + 2 + 0,
      totalAdmins: 2, // the super admin counted once
      uniqueViewers: 3,
      uniqueDownloaders: 1,
      topGlyphs: [
        { id: t1, title: 't1', views: 50, downloads: 1, likes: 1 },
        { id: t2, title: 't2', views: 40, downloads: 9, likes: 0 },
        { id: created.t3, title: 't3', views: 40, downloads: 3, likes: 7 },
        { id: created.t4, title: 't4', views: 30, downloads: 3, likes: 5 },
        { id: tie5, title: tie5 === created.t5 ? 't5' : 't6', views: 30, downloads: 3, likes: 2 },
      ],
    });
  });

  it('answers zeros on an empty platform', async () => {
    const empty = await buildTestApp();
    try {
      const boss = await createUser(empty.app, { email: SUPER_ADMIN_EMAIL });
      const response = await empty.app.inject({ method: 'GET', url: '/api/admin/stats', headers: boss.auth });
      expect(response.json()).toEqual({
        totalUsers: 1,
        totalGlyphs: 0,
        totalDownloads: 0,
        totalViews: 0,
        totalLikes: 0,
        totalAdmins: 1,
        uniqueViewers: 0,
        uniqueDownloaders: 0,
        topGlyphs: [],
      });
    } finally {
      await empty.close();
    }
  });
});
