import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@glyphary/shared';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, SUPER_ADMIN_EMAIL, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, makeAdmin, type TestUser } from '../factories.ts';
import { glyphLikes, glyphRequests, glyphViews, glyphs, sessions, users } from '../../src/db/schema/index.ts';
import { queryRows } from '../../src/db/client.ts';
import type { FastifyInstance } from 'fastify';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
  other = await createUser(t.app);
  admin = await createUser(t.app);
  await makeAdmin(t.database, admin.id);
});
afterAll(async () => {
  await t.close();
});

const update = (payload: unknown, headers: Record<string, string> = owner.auth) =>
  t.app.inject({ method: 'POST', url: '/api/update-user', payload: payload as Record<string, unknown>, headers });

describe('GET /get-user and /get-user-by-username', () => {
  it('gives visitors and other users the public projection, without email or isAdmin', async () => {
    for (const headers of [{}, other.auth]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/get-user/${owner.id}`, headers });
      expect(response.statusCode).toBe(200);
      const { user } = response.json();
      expect(user.uid).toBe(owner.id);
      expect(user).not.toHaveProperty('email');
      expect(user).not.toHaveProperty('isAdmin');
    }
  });

  it('gives the owner and admins the full profile', async () => {
    for (const headers of [owner.auth, admin.auth]) {
      const { user } = (await t.app.inject({ method: 'GET', url: `/api/get-user/${owner.id}`, headers })).json();
      expect(user).toMatchObject({ email: owner.email, isAdmin: false, glyphsCount: 0, bio: '', website: '', location: '' });
    }
  });

  it('finds a username ignoring case', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/get-user-by-username/${owner.username.toUpperCase()}` });
    expect(response.json().user.uid).toBe(owner.id);
  });

  it.each(['nobody_here', "x' or '1'='1", '../../etc/passwd', '%00', 'a'.repeat(300)])('answers 404 User not found for %j', async (name) => {
    const byName = await t.app.inject({ method: 'GET', url: `/api/get-user-by-username/${encodeURIComponent(name)}` });
    expect(byName.statusCode).toBe(404);
    expect(byName.json()).toEqual({ error: MSG.userNotFound, code: 'NOT_FOUND' });
    const byId = await t.app.inject({ method: 'GET', url: `/api/get-user/${encodeURIComponent(name)}` });
    expect(byId.statusCode).toBe(404);
  });
});

describe('POST /update-user', () => {
  it('requires a session', async () => {
    const response = await update({ bio: 'x' }, {});
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(MSG.unauthorized);
  });

  it('updates the caller only, whatever uid the body names, and ignores server-owned fields', async () => {
    const response = await update({
      uid: other.id,
      displayName: 'New Name',
      bio: 'Line one\nline two',
      location: 'London',
      website: 'https://example.com',
      isAdmin: true,
      glyphsCount: 50,
      createdAt: '2000-01-01',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ uid: owner.id, displayName: 'New Name', bio: 'Line one\nline two', isAdmin: false, glyphsCount: 0 });
    const [otherRow] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(otherRow?.bio).toBe('');
  });

  it('renames, keeping the profile reachable by the new name in any case', async () => {
    const renamed = `${owner.username}_x`;
    expect((await update({ username: renamed })).statusCode).toBe(200);
    const found = await t.app.inject({ method: 'GET', url: `/api/get-user-by-username/${renamed.toUpperCase()}` });
    expect(found.json().user.uid).toBe(owner.id);
    owner.username = renamed;
  });

  it.each([
    [{ username: 'TAKEN_BY_OTHER' }, 409, MSG.usernameTaken],
    [{ username: 'ab' }, 400, MSG.usernameTooShort],
    [{ username: 'bad name' }, 400, MSG.usernameChars],
    [{ displayName: '   ' }, 400, MSG.displayNameRequired],
    [{ displayName: 'x'.repeat(51) }, 400, MSG.displayNameTooLong],
    [{ bio: 'x'.repeat(501) }, 400, MSG.bioTooLong],
    [{ website: 'javascript:alert(1)' }, 400, MSG.urlInvalid],
    [{ profilePicture: 'javascript:alert(1)' }, 400, MSG.imageUrlInvalid],
    [{ bannerImage: 'data:image/png;base64,AAAA' }, 400, MSG.imageUrlInvalid],
    [{ profilePicture: '//evil.example/x.png' }, 400, MSG.imageUrlInvalid],
  ])('refuses %j and stores nothing', async (payload, status, message) => {
    const before = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    // The other user's name, in another letter case (DESIGN §4.4).
    const body = (payload as { username?: string }).username === 'TAKEN_BY_OTHER' ? { username: other.username.toUpperCase() } : payload;
    const response = await update(body);
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toBe(message);
    const after = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(after).toEqual(before);
  });

  it('refuses malformed JSON, wrong content types and prototype poisoning', async () => {
    const malformed = await t.app.inject({ method: 'POST', url: '/api/update-user', headers: { ...owner.auth, 'content-type': 'application/json' }, payload: '{"bio": ' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('Malformed JSON body');
    const text = await t.app.inject({ method: 'POST', url: '/api/update-user', headers: { ...owner.auth, 'content-type': 'text/plain' }, payload: 'bio=x' });
    expect(text.statusCode).toBe(415);
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/update-user',
      headers: { ...owner.auth, 'content-type': 'application/json' },
      payload: '{"bio":"x","__proto__":{"isAdmin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/update-user',
      headers: { ...owner.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ bio: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('refuses a cookie-authenticated write from a foreign origin', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: other.email, password: other.password } });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] ?? '';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/update-user',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { bio: 'pwned' },
    });
    expect(response.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({ method: 'POST', url: '/api/update-user', headers: { cookie, origin: 'http://localhost:3000' }, payload: { bio: 'ok' } });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('rewrites nothing it should not: an external https picture is kept', async () => {
    const response = await update({ profilePicture: 'https://images.example/me.png', bannerImage: null });
    expect(response.json().user).toMatchObject({ profilePicture: 'https://images.example/me.png', bannerImage: null });
  });
});

describe('email change (issue 8)', () => {
  it('needs a fresh session and a free address', async () => {
    const user = await createUser(t.app);
    const taken = await update({ email: other.email.toUpperCase() }, user.auth);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(MSG.emailInUse);
    // Issue 21: the change waits for the link sent to the new address (trust/hardening.test.ts item 6).
    const changed = await update({ email: `new_${user.email}` }, user.auth);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toMatchObject({ email: user.email, pendingEmail: `new_${user.email}` });
    await t.database.db.update(sessions).set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) }).where(eq(sessions.userId, user.id));
    const stale = await update({ email: `newer_${user.email}` }, user.auth);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error).toBe(MSG.profileRecentLogin);
  });
});

async function signInToken(app: FastifyInstance, user: TestUser): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password } });
  return response.json().token as string;
}

describe('DELETE /delete-user-data', () => {
  it('requires a session', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/delete-user-data' })).statusCode).toBe(401);
  });

  it('requires a fresh session and deletes nothing otherwise', async () => {
    const user = await createUser(t.app);
    await t.database.db.update(sessions).set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) }).where(eq(sessions.userId, user.id));
    const response = await t.app.inject({ method: 'DELETE', url: '/api/delete-user-data', headers: user.auth });
    expect(response.statusCode).toBe(403);
    expect(await t.database.db.$count(users, eq(users.id, user.id))).toBe(1);
  });

  it('removes the account and all it owns in one go, takes back its counts, reopens its assignments and refuses the old token', async () => {
    const leaving = await createUser(t.app);
    const stayer = await createUser(t.app);
    const ownGlyph = await insertGlyph(t.database, leaving.id);
    const othersGlyph = await insertGlyph(t.database, stayer.id);
    const db = t.database.db;
    // leaving likes and views the stayer's glyph; the stayer likes it too
    await db.insert(glyphLikes).values([
      { userId: leaving.id, glyphId: othersGlyph.id },
      { userId: stayer.id, glyphId: othersGlyph.id },
      { userId: stayer.id, glyphId: ownGlyph.id },
    ]);
    await db.insert(glyphViews).values([{ glyphId: othersGlyph.id, actor: `u:${leaving.id}`, userId: leaving.id }, { glyphId: othersGlyph.id, actor: 'ip:abc', userId: null }]);
    await db.update(glyphs).set({ likes: 2, views: 2 }).where(eq(glyphs.id, othersGlyph.id));
    const [assigned] = await db.insert(glyphRequests).values({ title: 'r', description: 'd', userId: stayer.id, assignedTo: leaving.id, status: 'in_progress' }).returning();
    const [completed] = await db
      .insert(glyphRequests)
      .values({ title: 'r2', description: 'd', userId: stayer.id, assignedTo: leaving.id, status: 'completed', completedGlyphId: ownGlyph.id })
      .returning();
    await db.insert(glyphRequests).values({ title: 'mine', description: 'd', userId: leaving.id });

    const token = await signInToken(t.app, leaving);
    const response = await t.app.inject({ method: 'DELETE', url: '/api/delete-user-data', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);

    expect(await db.$count(users, eq(users.id, leaving.id))).toBe(0);
    expect(await db.$count(glyphs, eq(glyphs.creatorId, leaving.id))).toBe(0);
    expect(await db.$count(glyphRequests, eq(glyphRequests.userId, leaving.id))).toBe(0);
    expect(await db.$count(sessions, eq(sessions.userId, leaving.id))).toBe(0);
    const [after] = await db.select().from(glyphs).where(eq(glyphs.id, othersGlyph.id));
    expect(after).toMatchObject({ likes: 1, views: 1 });
    for (const request of [assigned, completed]) {
      const [row] = await db.select().from(glyphRequests).where(eq(glyphRequests.id, request!.id));
      expect(row).toMatchObject({ status: 'open', assignedTo: null, completedGlyphId: null });
    }
    // I1 and I4 hold for everyone left
    const drift = await queryRows<{ id: string }>(db, sql`select g.id from glyphs g where g.likes <> (select count(*) from glyph_likes l where l.glyph_id = g.id)`);
    expect(drift).toEqual([]);
    const i4 = await queryRows<{ id: string }>(db, sql`select id from glyph_requests where (status = 'open') <> (assigned_to is null) and status <> 'cancelled'`);
    expect(i4).toEqual([]);
    // the old tokens are refused
    for (const auth of [leaving.auth, { authorization: `Bearer ${token}` }]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/update-user', headers: auth, payload: { bio: 'x' } })).statusCode).toBe(401);
    }
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: leaving.email, password: leaving.password } });
    expect(signIn.json().error).toBe(MSG.loginUserNotFound);
  });

  it('lets the super admin be seen as admin in its own profile', async () => {
    const superAdmin = await createUser(t.app, { email: SUPER_ADMIN_EMAIL });
    const { user } = (await t.app.inject({ method: 'GET', url: `/api/get-user/${superAdmin.id}`, headers: superAdmin.auth })).json();
    expect(user).toMatchObject({ isAdmin: true, isSuperAdmin: true });
  });
});
