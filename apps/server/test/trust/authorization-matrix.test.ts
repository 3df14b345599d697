/**
 * SECURITY.md §3 as a table: every endpoint × role (visitor, user, owner, other user, admin, super admin)
 * with the expected status. On every denial the database and the file store must be unchanged.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, createTestDatabase, SUPER_ADMIN_EMAIL, TEST_SECRET, testPasswordHasher, type TestApp } from '../build-test-app.ts';
import { buildApp } from '../../src/app.ts';
import { createUser, insertGlyph, makeAdmin, type TestUser } from '../factories.ts';
import { multipart, pngBytes } from '../multipart.ts';
import { buildApkEntries, GLYPH_ENABLE, makeZip } from '@glyphary/test-support';
import { uploadFile } from '../file-fixtures.ts';
import { comments, glyphRequests, releases, reports } from '../../src/db/schema/index.ts';
import { queryRows } from '../../src/db/client.ts';

type Role = 'V' | 'U' | 'Own' | 'Oth' | 'A' | 'S';
const ROLES: Role[] = ['V', 'U', 'Own', 'Oth', 'A', 'S'];

let t: TestApp;
let people: Record<Exclude<Role, 'V'>, TestUser>;
let requester: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ WRITE_RATE_LIMIT: '100000', UPLOAD_RATE_LIMIT: '100000', READ_RATE_LIMIT: '1000000' });
  const S = await createUser(t.app, { email: SUPER_ADMIN_EMAIL });
  const [U, Own, Oth, A] = [await createUser(t.app), await createUser(t.app), await createUser(t.app), await createUser(t.app)];
  await makeAdmin(t.database, A.id);
  requester = await createUser(t.app);
  people = { U, Own, Oth, A, S };
});
afterAll(async () => {
  await t.close();
});

const TABLES = [
  'users',
  'accounts',
  'glyphs',
  'files',
  'glyph_likes',
  'glyph_views',
  'glyph_downloads',
  'glyph_requests',
  'audit_log',
  // issue 19
  'reports',
  'comments',
  'follows',
  'notifications',
  'request_votes',
  // issue 18
  'releases',
  'release_downloads',
];

/** A fingerprint of every business table and of the stored files. */
async function snapshot(): Promise<string> {
  const hash = createHash('sha256');
  for (const table of TABLES) {
    const rows = await queryRows<Record<string, unknown>>(t.database.db, sql.raw(`select * from ${table} order by 1`));
    hash.update(`${table}:${JSON.stringify(rows)}`);
  }
  const walk = (dir: string): string[] =>
    fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])) : [];
  for (const file of walk(path.join(t.dataDir, 'files')).filter((f) => !f.includes(`${path.sep}tmp${path.sep}`)).sort()) {
    hash.update(`${file}:${fs.statSync(file).size}`);
  }
  return hash.digest('hex');
}

const headersOf = (role: Role): Record<string, string> => (role === 'V' ? {} : people[role].auth);

async function uploadImage(user: TestUser): Promise<{ url: string; filename: string }> {
  const form = multipart({ type: 'images' }, [{ field: 'file', filename: 'a.png', contentType: 'image/png', data: await pngBytes() }]);
  const response = await t.app.inject({ method: 'POST', url: '/api/upload-file', headers: { ...user.auth, ...form.headers }, payload: form.payload });
  if (response.statusCode !== 200) throw new Error(`upload failed ${response.statusCode} ${response.body}`);
  return response.json();
}

async function insertRequest(values: Partial<typeof glyphRequests.$inferInsert>) {
  const [row] = await t.database.db.insert(glyphRequests).values({ title: 'Req', description: 'Desc', userId: people.Own.id, ...values }).returning();
  return row!;
}

/** A release row of a glyph of Own (`pending`: held for a signer change, waiting for an admin). */
async function insertRelease(state: 'published' | 'pending') {
  const glyph = await insertGlyph(t.database, people.Own.id);
  const [row] = await t.database.db
    .insert(releases)
    .values({
      glyphId: glyph.id,
      apkUrl: `/api/files/apks/${randomUUID()}.apk`,
      size: 1000,
      sha256: '0'.repeat(64),
      versionCode: state === 'pending' ? 2 : 1,
      state,
      publishedAt: state === 'published' ? new Date() : null,
    })
    .returning();
  return { glyphId: glyph.id, releaseId: row!.id };
}

/** An unsigned real APK (versionCode `code`) uploaded by `user`: its URL. */
async function uploadApk(user: TestUser, code: number): Promise<string> {
  const entries = buildApkEntries({ packageName: 'com.example.matrix', versionName: `${code}.0`, versionCode: code, permissions: [GLYPH_ENABLE], toys: [{ service: '.Toy', name: 'Toy', summary: 'A toy' }] });
  const response = await uploadFile(t.app, user.auth, 'apks', makeZip(entries));
  if (response.statusCode !== 200) throw new Error(`apk upload failed ${response.statusCode} ${response.body}`);
  return (response.json() as { url: string }).url;
}

/** A glyph of Own shipping APK version 1, and a version 2 uploaded by the caller (the publish body). */
async function publishTarget(role: Role): Promise<{ url: string; payload: unknown }> {
  const shared = await t.app.inject({
    method: 'POST',
    url: '/api/upload-glyph',
    headers: people.Own.auth,
    payload: { ...glyphBody, apkUrl: await uploadApk(people.Own, 1) },
  });
  if (shared.statusCode !== 200) throw new Error(`glyph upload failed ${shared.statusCode} ${shared.body}`);
  const glyphId = (shared.json() as { id: string }).id;
  const apkUrl = await uploadApk(role === 'V' ? people.Own : people[role], 2);
  return { url: `/api/glyphs/${glyphId}/releases`, payload: { apkUrl, changelog: 'Faster pulses' } };
}

const unsubscribeToken = (userId: string) => createHmac('sha256', TEST_SECRET).update(`digest-unsubscribe:${userId}`).digest('base64url');

interface Cell {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Builds a fresh target for each cell, returns the url and body. */
  prepare: (role: Role) => Promise<{ url: string; payload?: unknown; headers?: Record<string, string> }>;
  expected: Record<Role, number>;
  /** The body names the resource (delete-file): without a valid one there is nothing to own, so 400 is right for signed-in roles. */
  targetInBody?: boolean;
}

const all = (status: number): Record<Role, number> => ({ V: status, U: status, Own: status, Oth: status, A: status, S: status });
const userOnly: Record<Role, number> = { V: 401, U: 200, Own: 200, Oth: 200, A: 200, S: 200 };
const adminOnly: Record<Role, number> = { V: 401, U: 403, Own: 403, Oth: 403, A: 200, S: 200 };
const glyphBody = { title: 'Matrix glyph', description: 'A description', githubUrl: 'https://github.com/a/b' };

const MATRIX: Record<string, Cell> = {
  'GET /get-glyphs': { method: 'GET', prepare: async () => ({ url: '/api/get-glyphs?sort=latest&limit=12' }), expected: all(200) },
  'GET /get-glyph/{id}': {
    method: 'GET',
    prepare: async () => ({ url: `/api/get-glyph/${(await insertGlyph(t.database, people.Own.id)).id}` }),
    expected: all(200),
  },
  'POST /upload-glyph': { method: 'POST', prepare: async () => ({ url: '/api/upload-glyph', payload: glyphBody }), expected: userOnly },
  'PUT /update-glyph/{id}': {
    method: 'PUT',
    prepare: async () => ({ url: `/api/update-glyph/${(await insertGlyph(t.database, people.Own.id)).id}`, payload: { ...glyphBody, title: 'Changed' } }),
    expected: { V: 401, U: 403, Own: 200, Oth: 403, A: 403, S: 403 },
  },
  'DELETE /delete-glyph/{id}': {
    method: 'DELETE',
    prepare: async () => ({ url: `/api/delete-glyph/${(await insertGlyph(t.database, people.Own.id)).id}` }),
    expected: { V: 401, U: 403, Own: 200, Oth: 403, A: 200, S: 200 },
  },
  'POST /upload-file': {
    method: 'POST',
    prepare: async () => {
      const form = multipart({ type: 'images' }, [{ field: 'file', filename: 'a.png', contentType: 'image/png', data: await pngBytes() }]);
      return { url: '/api/upload-file', payload: form.payload, headers: form.headers };
    },
    expected: userOnly,
  },
  'DELETE /delete-file': {
    method: 'DELETE',
    prepare: async () => ({ url: '/api/delete-file', payload: { filename: (await uploadImage(people.Own)).filename, type: 'images' } }),
    expected: { V: 401, U: 403, Own: 200, Oth: 403, A: 200, S: 200 },
    targetInBody: true,
  },
  'GET /api/files/{type}/{filename}': { method: 'GET', prepare: async () => ({ url: (await uploadImage(people.Own)).url }), expected: all(200) },
  'POST /record-view': {
    method: 'POST',
    prepare: async () => ({ url: '/api/record-view', payload: { glyphId: (await insertGlyph(t.database, people.Own.id)).id } }),
    expected: all(200),
  },
  'POST /record-download': {
    method: 'POST',
    prepare: async () => ({ url: '/api/record-download', payload: { glyphId: (await insertGlyph(t.database, people.Own.id)).id } }),
    expected: all(200),
  },
  'POST /toggle-like': {
    method: 'POST',
    prepare: async () => ({ url: '/api/toggle-like', payload: { glyphId: (await insertGlyph(t.database, people.Own.id)).id } }),
    expected: userOnly,
  },
  'GET /check-like-status': {
    method: 'GET',
    prepare: async () => ({ url: `/api/check-like-status?glyphId=${(await insertGlyph(t.database, people.Own.id)).id}` }),
    expected: userOnly,
  },
  'GET /get-user-likes': { method: 'GET', prepare: async () => ({ url: '/api/get-user-likes' }), expected: userOnly },
  'GET /get-user/{id}': { method: 'GET', prepare: async () => ({ url: `/api/get-user/${people.Own.id}` }), expected: all(200) },
  'GET /get-user-by-username/{u}': { method: 'GET', prepare: async () => ({ url: `/api/get-user-by-username/${people.Own.username}` }), expected: all(200) },
  'POST /update-user': { method: 'POST', prepare: async () => ({ url: '/api/update-user', payload: { bio: 'matrix' } }), expected: userOnly },
  // Issue 21: the email-change link works signed out (the mailbox is the proof); a bad token only redirects.
  'GET /confirm-email-change': { method: 'GET', prepare: async () => ({ url: '/api/confirm-email-change?token=nope' }), expected: all(303) },
  'GET /health': { method: 'GET', prepare: async () => ({ url: '/api/health' }), expected: all(200) },
  'GET /admin/stats': { method: 'GET', prepare: async () => ({ url: '/api/admin/stats' }), expected: adminOnly },
  // issue 48: what waits for an admin
  'GET /admin/queue-counts': { method: 'GET', prepare: async () => ({ url: '/api/admin/queue-counts' }), expected: adminOnly },
  'GET /admin/users': { method: 'GET', prepare: async () => ({ url: '/api/admin/users' }), expected: adminOnly },
  // Issue 51: statistics.
  'GET /admin/stats/series': { method: 'GET', prepare: async () => ({ url: '/api/admin/stats/series?days=7' }), expected: adminOnly },
  'GET /creator/stats': { method: 'GET', prepare: async () => ({ url: '/api/creator/stats?days=7' }), expected: userOnly },
  'GET /glyphs/{id}/stats': {
    method: 'GET',
    prepare: async () => ({ url: `/api/glyphs/${(await insertGlyph(t.database, people.Own.id)).id}/stats?days=7` }),
    expected: { V: 401, U: 403, Own: 200, Oth: 403, A: 200, S: 200 },
  },
  'PUT /admin/users/{id}': {
    method: 'PUT',
    prepare: async () => ({ url: `/api/admin/users/${(await createUser(t.app)).id}`, payload: { bio: 'set by admin' } }),
    expected: adminOnly,
  },
  'POST /admin/make-admin/{id}': {
    method: 'POST',
    prepare: async () => ({ url: `/api/admin/make-admin/${(await createUser(t.app)).id}`, payload: {} }),
    expected: adminOnly,
  },
  // Issue 19: only the super admin takes admin rights away.
  'POST /admin/remove-admin/{id}': {
    method: 'POST',
    prepare: async () => {
      const target = await createUser(t.app);
      await makeAdmin(t.database, target.id);
      return { url: `/api/admin/remove-admin/${target.id}`, payload: {} };
    },
    expected: { V: 401, U: 403, Own: 403, Oth: 403, A: 403, S: 200 },
  },
  'GET /admin/audit': { method: 'GET', prepare: async () => ({ url: '/api/admin/audit' }), expected: adminOnly },
  'POST /admin/analyse-apks': { method: 'POST', prepare: async () => ({ url: '/api/admin/analyse-apks', payload: {} }), expected: adminOnly },
  'GET /get-user-stats/{id}': { method: 'GET', prepare: async () => ({ url: `/api/get-user-stats/${people.Own.id}` }), expected: all(200) },
  'POST /admin/add-admin': { method: 'POST', prepare: async () => ({ url: '/api/admin/add-admin', payload: { email: (await createUser(t.app)).email } }), expected: adminOnly },
  'DELETE /admin/glyphs/{id}': {
    method: 'DELETE',
    prepare: async () => ({ url: `/api/admin/glyphs/${(await insertGlyph(t.database, people.Own.id)).id}` }),
    expected: adminOnly,
  },
  'POST /admin/sync-glyph-counts': { method: 'POST', prepare: async () => ({ url: '/api/admin/sync-glyph-counts', payload: { syncAll: true } }), expected: adminOnly },
  'GET /admin/sync-status': { method: 'GET', prepare: async () => ({ url: '/api/admin/sync-status' }), expected: adminOnly },
  'GET /glyph-requests': { method: 'GET', prepare: async () => ({ url: '/api/glyph-requests?limit=20&offset=0' }), expected: all(200) },
  'POST /glyph-requests': {
    method: 'POST',
    prepare: async () => ({ url: '/api/glyph-requests', payload: { title: 'A clock', description: 'Show the time', tags: 'clock, time' } }),
    expected: userOnly,
  },
  'GET /glyph-requests/{id}': { method: 'GET', prepare: async () => ({ url: `/api/glyph-requests/${(await insertRequest({})).id}` }), expected: all(200) },
  'POST /glyph-requests/{id}/take-on': {
    method: 'POST',
    prepare: async () => ({ url: `/api/glyph-requests/${(await insertRequest({})).id}/take-on`, payload: {} }),
    expected: { V: 401, U: 200, Own: 403, Oth: 200, A: 200, S: 200 },
  },
  'POST /glyph-requests/{id}/complete': {
    method: 'POST',
    prepare: async () => ({
      url: `/api/glyph-requests/${(await insertRequest({ userId: requester.id, assignedTo: people.Own.id, status: 'in_progress' })).id}/complete`,
      payload: {},
    }),
    expected: { V: 401, U: 403, Own: 200, Oth: 403, A: 403, S: 403 },
  },
  'POST /glyph-requests/{id}/cancel': {
    method: 'POST',
    prepare: async () => ({
      url: `/api/glyph-requests/${(await insertRequest({ userId: requester.id, assignedTo: people.Own.id, status: 'in_progress' })).id}/cancel`,
      payload: {},
    }),
    expected: { V: 401, U: 403, Own: 200, Oth: 403, A: 403, S: 403 },
  },
  'GET /my-glyph-requests': { method: 'GET', prepare: async () => ({ url: '/api/my-glyph-requests?type=all' }), expected: userOnly },
  'DELETE /admin/glyph-requests/{id}': {
    method: 'DELETE',
    prepare: async () => ({ url: `/api/admin/glyph-requests/${(await insertRequest({})).id}` }),
    expected: adminOnly,
  },
  'POST /admin/glyph-requests/{id}/force-complete': {
    method: 'POST',
    prepare: async () => ({
      url: `/api/admin/glyph-requests/${(await insertRequest({ assignedTo: people.U.id, status: 'in_progress' })).id}/force-complete`,
      payload: {},
    }),
    expected: adminOnly,
  },
  'POST /admin/glyph-requests/{id}/reset': {
    method: 'POST',
    prepare: async () => ({
      url: `/api/admin/glyph-requests/${(await insertRequest({ assignedTo: people.U.id, status: 'in_progress' })).id}/reset`,
      payload: {},
    }),
    expected: adminOnly,
  },

  // ── issue 19: community and moderation ──
  'POST /reports': {
    method: 'POST',
    prepare: async () => ({ url: '/api/reports', payload: { targetType: 'glyph', targetId: (await insertGlyph(t.database, people.Own.id)).id, reason: 'spam' } }),
    expected: { V: 401, U: 200, Own: 403, Oth: 200, A: 200, S: 200 },
    targetInBody: true,
  },
  'GET /admin/reports': { method: 'GET', prepare: async () => ({ url: '/api/admin/reports' }), expected: adminOnly },
  'POST /admin/reports/{id}/resolve': {
    method: 'POST',
    prepare: async () => {
      const glyph = await insertGlyph(t.database, people.Own.id);
      const [row] = await t.database.db.insert(reports).values({ reporterId: requester.id, targetType: 'glyph', targetId: glyph.id, reason: 'spam' }).returning();
      return { url: `/api/admin/reports/${row!.id}/resolve`, payload: { action: 'warn', note: 'Please add a warning' } };
    },
    expected: adminOnly,
  },
  'GET /glyphs/{id}/comments': {
    method: 'GET',
    prepare: async () => ({ url: `/api/glyphs/${(await insertGlyph(t.database, people.Own.id)).id}/comments` }),
    expected: all(200),
  },
  'POST /glyphs/{id}/comments': {
    method: 'POST',
    prepare: async () => ({ url: `/api/glyphs/${(await insertGlyph(t.database, people.Own.id)).id}/comments`, payload: { body: 'Nice!' } }),
    expected: userOnly,
  },
  'PUT /glyphs/{id}/comment-settings': {
    method: 'PUT',
    prepare: async () => ({ url: `/api/glyphs/${(await insertGlyph(t.database, people.Own.id)).id}/comment-settings`, payload: { enabled: false } }),
    expected: { V: 401, U: 403, Own: 200, Oth: 403, A: 403, S: 403 },
  },
  'PUT /comments/{id}': {
    method: 'PUT',
    prepare: async () => ({ url: `/api/comments/${(await insertComment(people.Own.id)).id}`, payload: { body: 'Edited' } }),
    expected: { V: 401, U: 403, Own: 200, Oth: 403, A: 403, S: 403 },
  },
  'DELETE /comments/{id}': {
    method: 'DELETE',
    prepare: async () => ({ url: `/api/comments/${(await insertComment(people.Own.id)).id}` }),
    expected: { V: 401, U: 403, Own: 200, Oth: 403, A: 200, S: 200 },
  },
  'GET /users/{id}/follow': { method: 'GET', prepare: async () => ({ url: `/api/users/${people.Own.id}/follow` }), expected: all(200) },
  'POST /users/{id}/follow': {
    method: 'POST',
    prepare: async () => ({ url: `/api/users/${people.Own.id}/follow` }),
    // Own → 400: nobody follows themselves.
    expected: { V: 401, U: 200, Own: 400, Oth: 200, A: 200, S: 200 },
  },
  'DELETE /users/{id}/follow': {
    method: 'DELETE',
    prepare: async () => ({ url: `/api/users/${people.Own.id}/follow` }),
    expected: { V: 401, U: 200, Own: 400, Oth: 200, A: 200, S: 200 },
  },
  'GET /following': { method: 'GET', prepare: async () => ({ url: '/api/following' }), expected: userOnly },
  'GET /notifications': { method: 'GET', prepare: async () => ({ url: '/api/notifications' }), expected: userOnly },
  'POST /notifications/read': { method: 'POST', prepare: async () => ({ url: '/api/notifications/read', payload: { all: true } }), expected: userOnly },
  'GET /notifications/settings': { method: 'GET', prepare: async () => ({ url: '/api/notifications/settings' }), expected: userOnly },
  'PUT /notifications/settings': { method: 'PUT', prepare: async () => ({ url: '/api/notifications/settings', payload: { digestEmail: false } }), expected: userOnly },
  'POST /glyph-requests/{id}/vote': {
    method: 'POST',
    prepare: async () => ({ url: `/api/glyph-requests/${(await insertRequest({})).id}/vote` }),
    expected: { V: 401, U: 200, Own: 403, Oth: 200, A: 200, S: 200 },
  },
  'DELETE /glyph-requests/{id}/vote': {
    method: 'DELETE',
    prepare: async () => ({ url: `/api/glyph-requests/${(await insertRequest({})).id}/vote` }),
    expected: { V: 401, U: 200, Own: 403, Oth: 200, A: 200, S: 200 },
  },
  'GET /request-votes': { method: 'GET', prepare: async () => ({ url: `/api/request-votes?ids=${(await insertRequest({})).id}` }), expected: userOnly },
  'POST /glyph-requests/{id}/still-working': {
    method: 'POST',
    prepare: async () => ({
      url: `/api/glyph-requests/${(await insertRequest({ userId: requester.id, assignedTo: people.Own.id, status: 'in_progress' })).id}/still-working`,
    }),
    expected: { V: 401, U: 403, Own: 200, Oth: 403, A: 403, S: 403 },
  },

  // ── issue 18: releases ──
  'GET /glyphs/{id}/releases': { method: 'GET', prepare: async () => ({ url: `/api/glyphs/${(await insertRelease('published')).glyphId}/releases` }), expected: all(200) },
  'POST /glyphs/{id}/releases': { method: 'POST', prepare: publishTarget, expected: { V: 401, U: 403, Own: 200, Oth: 403, A: 403, S: 403 } },
  'GET /glyphs/{id}/latest.apk': { method: 'GET', prepare: async () => ({ url: `/api/glyphs/${(await insertRelease('published')).glyphId}/latest.apk` }), expected: all(302) },
  'POST /glyphs/{id}/releases/{releaseId}/record-download': {
    method: 'POST',
    prepare: async () => {
      const { glyphId, releaseId } = await insertRelease('published');
      return { url: `/api/glyphs/${glyphId}/releases/${releaseId}/record-download`, payload: {} };
    },
    expected: all(200),
  },
  // Issue 48: the creator's own held releases (admins see them too).
  'GET /glyphs/{id}/releases/held': {
    method: 'GET',
    prepare: async () => ({ url: `/api/glyphs/${(await insertRelease('pending')).glyphId}/releases/held` }),
    expected: { V: 401, U: 403, Own: 200, Oth: 403, A: 200, S: 200 },
  },
  'GET /admin/releases/pending': { method: 'GET', prepare: async () => ({ url: '/api/admin/releases/pending' }), expected: adminOnly },
  'POST /admin/releases/{id}/approve': {
    method: 'POST',
    prepare: async () => ({ url: `/api/admin/releases/${(await insertRelease('pending')).releaseId}/approve`, payload: {} }),
    expected: adminOnly,
  },
  'POST /admin/releases/{id}/reject': {
    method: 'POST',
    prepare: async () => ({ url: `/api/admin/releases/${(await insertRelease('pending')).releaseId}/reject`, payload: {} }),
    expected: adminOnly,
  },
  // Atom feeds (public pages outside /api): live glyphs and published releases only.
  'GET /glyph/{id}/releases.atom': { method: 'GET', prepare: async () => ({ url: `/glyph/${(await insertRelease('published')).glyphId}/releases.atom` }), expected: all(200) },
  'GET /storefront/{username}/feed.atom': { method: 'GET', prepare: async () => ({ url: `/storefront/${people.Own.username}/feed.atom` }), expected: all(200) },
  'GET /feeds/latest.atom': { method: 'GET', prepare: async () => ({ url: '/feeds/latest.atom' }), expected: all(200) },
  // The signed link is the credential: anyone holding it may turn the digest off (no session needed).
  'GET /notifications/unsubscribe': {
    method: 'GET',
    prepare: async () => ({ url: `/api/notifications/unsubscribe?u=${requester.id}&t=${unsubscribeToken(requester.id)}` }),
    expected: all(200),
  },
  'POST /notifications/unsubscribe': {
    method: 'POST',
    prepare: async () => ({ url: `/api/notifications/unsubscribe?u=${requester.id}&t=${unsubscribeToken(requester.id)}`, payload: {} }),
    expected: all(200),
  },
};

/** A comment by `authorId` on a glyph of the requester (so Own is the author, not the glyph's creator). */
async function insertComment(authorId: string) {
  const glyph = await insertGlyph(t.database, requester.id);
  const [row] = await t.database.db.insert(comments).values({ glyphId: glyph.id, authorId, body: 'A comment' }).returning();
  return row!;
}

describe('authorization matrix (SECURITY.md §3)', () => {
  const cells = Object.entries(MATRIX).flatMap(([name, cell]) => ROLES.map((role) => [name, role, cell] as const));
  it.each(cells)('%s as %s', async (_name, role, cell) => {
    const target = await cell.prepare(role);
    const before = await snapshot();
    const response = await t.app.inject({
      method: cell.method,
      url: target.url,
      headers: { ...headersOf(role), ...(target.headers ?? {}) },
      ...(target.payload === undefined ? {} : { payload: target.payload as string }),
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(cell.expected[role]);
    if (response.statusCode >= 400) {
      expect(response.json()).toEqual({ error: expect.any(String), code: expect.any(String) });
      expect(await snapshot()).toBe(before);
    }
  });

  // Issue 21: who may call is decided before what they sent, so a denial never turns into a 400.
  const INVALID_BODY = {
    title: 42,
    description: [],
    githubUrl: 'javascript:alert(1)',
    glyphId: 'not-an-id',
    glyph_id: {},
    filename: '../../etc/passwd',
    type: 'bogus',
    email: 7,
    syncAll: 'yes',
    bio: 'x'.repeat(10_000),
  };
  const denials = Object.entries(MATRIX).flatMap(([name, cell]) =>
    cell.method === 'GET'
      ? []
      : ROLES.filter((role) => cell.expected[role] === 401 || (cell.expected[role] === 403 && !cell.targetInBody)).flatMap((role) =>
          (['empty', 'invalid'] as const).map((kind) => [name, role, kind, cell] as const),
        ),
  );
  it.each(denials)('%s as %s with an %s body keeps its denial', async (_name, role, kind, cell) => {
    const target = await cell.prepare(role);
    const before = await snapshot();
    const response = await t.app.inject({
      method: cell.method,
      url: target.url,
      headers: { ...headersOf(role), 'content-type': 'application/json' },
      payload: JSON.stringify(kind === 'empty' ? {} : INVALID_BODY),
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(cell.expected[role]);
    expect(response.json()).toEqual({ error: expect.any(String), code: expect.any(String) });
    expect(await snapshot()).toBe(before);
  });

  it('DELETE /delete-user-data: visitors 401; every signed-in role deletes only itself', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/delete-user-data' })).statusCode).toBe(401);
    const leaving = await createUser(t.app);
    const response = await t.app.inject({ method: 'DELETE', url: '/api/delete-user-data', headers: leaving.auth });
    expect(response.statusCode).toBe(200);
    const remaining = await queryRows<{ id: string }>(t.database.db, sql`select id from users where id in (${leaving.id}, ${people.Own.id})`);
    expect(remaining.map((r) => r.id)).toEqual([people.Own.id]);
  });

  it('covers every route the OpenAPI document lists (every /api route and the Atom feeds)', () => {
    // Tested elsewhere on purpose: Better Auth's own routes (auth.test.ts), delete-user-data (above) and the
    // F-Droid repository (public, read-only, no session involved: fdroid.test.ts; building it generates an RSA key).
    const elsewhere = new Set(['DELETE /delete-user-data']);
    const isElsewhere = (key: string) => elsewhere.has(key) || key === 'GET /fdroid' || key.startsWith('GET /fdroid/repo/');
    const normalize = (key: string) => key.replace(/ \/api\//, ' /').replace(/\{[^}]+\}/g, '{}');
    const covered = new Set(Object.keys(MATRIX).map(normalize));
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(document.paths).flatMap(([url, methods]) =>
      Object.keys(methods)
        .filter((method) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
        .map((method) => normalize(`${method.toUpperCase()} ${url}`)),
    );
    const missing = served.filter((key) => !key.includes(' /auth/') && !covered.has(key) && !isElsewhere(key));
    expect(served.length).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });

  it('every /api route declares an access level (a route without one fails at boot)', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const app = await buildApp({ env: t.env, database, secret: TEST_SECRET, passwordHasher: testPasswordHasher });
      let error: unknown;
      try {
        app.get('/api/undeclared', async () => ({}));
        await app.ready();
      } catch (caught) {
        error = caught;
      }
      expect(String(error)).toMatch(/GET \/api\/undeclared declares no access level/);
      await app.close().catch(() => undefined);
    } finally {
      await drop();
    }
  });
});
