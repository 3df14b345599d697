/**
 * Issue 19: reports and the moderation queue — who may report and resolve, one open report per
 * person and target, bad input, hidden glyphs disappearing from every public read and coming back,
 * suspensions enforced at sign-in and in the access layer, audit rows and the owner's notice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { COMMUNITY_MSG, MAX_REPORT_DETAILS } from '@glyphary/shared';
import { buildTestApp, SUPER_ADMIN_EMAIL, TEST_SECRET, testPasswordHasher, type TestApp } from '../build-test-app.ts';
import { buildApp } from '../../src/app.ts';
import { createReportsRepository } from '../../src/modules/community/reports.repository.ts';
import { createReportsService } from '../../src/modules/community/reports.service.ts';
import { systemClock } from '../../src/lib/clock.ts';
import type { AppError } from '../../src/lib/errors.ts';
import { createUser, insertGlyph, makeAdmin, type TestUser } from '../factories.ts';
import {
  auditLog,
  comments,
  files,
  glyphRequests,
  notifications,
  releases,
  reports,
  sessions,
  users,
} from '../../src/db/schema/index.ts';
import { queryRows } from '../../src/db/client.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
let t: TestApp;
let owner: TestUser;
let reporter: TestUser;
let other: TestUser;
let admin: TestUser;
let superAdmin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ REPORT_RATE_LIMIT: '1000' });
  superAdmin = await createUser(t.app, { email: SUPER_ADMIN_EMAIL });
  owner = await createUser(t.app);
  reporter = await createUser(t.app);
  other = await createUser(t.app);
  admin = await createUser(t.app);
  await makeAdmin(t.database, admin.id);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.app.glyphary.caches?.publicReads.clear();
});

const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

const report = (who: TestUser, body: Record<string, unknown>) => call('POST', '/api/reports', who.auth, body);
const reportCount = () => t.database.db.$count(reports);
const audits = (targetId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
const noticesOf = (userId: string) => t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

async function reportGlyph(glyphId: string, who = reporter, reason = 'malware') {
  const response = await report(who, { targetType: 'glyph', targetId: glyphId, reason, details: 'It asks for SMS permissions' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().report.id as string;
}

describe('POST /api/reports', () => {
  it('401 for visitors and stores nothing', async () => {
    const before = await reportCount();
    const glyph = await insertGlyph(t.database, owner.id);
    expect((await call('POST', '/api/reports', {}, { targetType: 'glyph', targetId: glyph.id, reason: 'spam' })).statusCode).toBe(
      401,
    );
    expect(await reportCount()).toBe(before);
  });

  it('files an open report on a glyph and refuses a second open one from the same person (409)', async () => {
    const glyph = await insertGlyph(t.database, owner.id);
    const id = await reportGlyph(glyph.id);
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, id));
    expect(row).toMatchObject({
      reporterId: reporter.id,
      targetType: 'glyph',
      targetId: glyph.id,
      reason: 'malware',
      status: 'open',
    });
    const before = await reportCount();
    const again = await report(reporter, { targetType: 'glyph', targetId: glyph.id, reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: COMMUNITY_MSG.reportDuplicate, code: 'DUPLICATE_REPORT' });
    expect(await reportCount()).toBe(before);
    // Someone else may still report it.
    await reportGlyph(glyph.id, other, 'broken');
  });

  it.each([
    ['unknown targetType', { targetType: 'planet', targetId: 'x', reason: 'spam' }, 400, COMMUNITY_MSG.reportTargetTypeInvalid],
    ['missing targetId', { targetType: 'glyph', reason: 'spam' }, 400, COMMUNITY_MSG.reportTargetIdRequired],
    ['blank targetId', { targetType: 'glyph', targetId: '   ', reason: 'spam' }, 400, COMMUNITY_MSG.reportTargetIdRequired],
    ['unknown reason', { targetType: 'user', targetId: 'x', reason: 'boring' }, 400, COMMUNITY_MSG.reportReasonInvalid],
    [
      'oversize details',
      { targetType: 'user', targetId: 'x', reason: 'spam', details: 'x'.repeat(MAX_REPORT_DETAILS + 1) },
      400,
      COMMUNITY_MSG.reportDetailsTooLong,
    ],
    [
      'control characters',
      { targetType: 'user', targetId: 'x', reason: 'spam', details: 'a\u0000b' },
      400,
      'Text must not contain control characters',
    ],
    [
      'unknown glyph',
      { targetType: 'glyph', targetId: '00000000-0000-4000-8000-000000000000', reason: 'spam' },
      404,
      COMMUNITY_MSG.reportTargetNotFound,
    ],
    [
      'SQL-looking id',
      { targetType: 'request', targetId: "1' or '1'='1", reason: 'spam' },
      404,
      COMMUNITY_MSG.reportTargetNotFound,
    ],
    [
      'unknown release',
      { targetType: 'release', targetId: '00000000-0000-4000-8000-000000000000', reason: 'malware' },
      404,
      COMMUNITY_MSG.reportTargetNotFound,
    ],
    [
      'malformed release id',
      { targetType: 'release', targetId: 'r1', reason: 'malware' },
      404,
      COMMUNITY_MSG.reportTargetNotFound,
    ],
  ])('%s → %d with a clear error, nothing stored', async (_name, body, status, message) => {
    const before = await reportCount();
    const response = await report(reporter, body);
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toBe(message);
    expect(await reportCount()).toBe(before);
  });

  it('files a report on a published release (a held one is not reportable) and the publisher can be warned', async () => {
    const glyph = await insertGlyph(t.database, owner.id);
    const insertRelease = async (state: string, versionCode: number) => {
      const [row] = await t.database.db
        .insert(releases)
        .values({
          glyphId: glyph.id,
          apkUrl: '/api/files/apks/x.apk',
          size: 1234,
          sha256: 'ab'.repeat(32),
          versionName: `1.${versionCode}`,
          versionCode,
          state,
        })
        .returning({ id: releases.id });
      return row!.id;
    };
    const published = await insertRelease('published', 1);
    const held = await insertRelease('pending', 2);
    const before = await reportCount();
    expect((await report(reporter, { targetType: 'release', targetId: held, reason: 'malware' })).statusCode).toBe(404);
    expect(await reportCount()).toBe(before);

    const filed = await report(reporter, {
      targetType: 'release',
      targetId: published,
      reason: 'malware',
      details: 'New permissions',
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const id = filed.json().report.id as string;
    expect(filed.json().report).toMatchObject({ targetType: 'release', targetId: published });

    const queue = await call('GET', '/api/admin/reports', admin.auth);
    const group = (
      queue.json().groups as Array<{ targetType: string; targetId: string; target: { title: string; url: string } }>
    ).find((g) => g.targetId === published);
    expect(group).toMatchObject({ targetType: 'release', target: { title: `${glyph.title} 1.1`, url: `/glyph/${glyph.id}` } });

    expect((await call('POST', `/api/admin/reports/${id}/resolve`, admin.auth, { action: 'hide', note: 'x' })).statusCode).toBe(
      422,
    );
    const warned = await call('POST', `/api/admin/reports/${id}/resolve`, admin.auth, {
      action: 'warn',
      note: 'Explain the new permissions',
    });
    expect(warned.statusCode, warned.body).toBe(200);
    expect((await audits(published)).map((a) => a.action)).toContain('moderation.warn');
    expect((await noticesOf(owner.id)).some((n) => JSON.stringify(n).includes('Explain the new permissions'))).toBe(true);
  });

  it('refuses deleted glyphs and your own content', async () => {
    const deleted = await insertGlyph(t.database, owner.id, { deletedAt: new Date() });
    expect((await report(reporter, { targetType: 'glyph', targetId: deleted.id, reason: 'spam' })).statusCode).toBe(404);
    const own = await insertGlyph(t.database, reporter.id);
    const response = await report(reporter, { targetType: 'glyph', targetId: own.id, reason: 'spam' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(COMMUNITY_MSG.reportOwn);
  });

  it('reports users, requests and comments', async () => {
    expect((await report(reporter, { targetType: 'user', targetId: owner.id, reason: 'stolen' })).statusCode).toBe(200);
    const [request] = await t.database.db
      .insert(glyphRequests)
      .values({ title: 'R', description: 'D', userId: owner.id })
      .returning();
    expect((await report(reporter, { targetType: 'request', targetId: request!.id, reason: 'spam' })).statusCode).toBe(200);
    const glyph = await insertGlyph(t.database, other.id);
    const [comment] = await t.database.db
      .insert(comments)
      .values({ glyphId: glyph.id, authorId: owner.id, body: 'rude' })
      .returning();
    expect((await report(reporter, { targetType: 'comment', targetId: comment!.id, reason: 'offensive' })).statusCode).toBe(200);
  });

  it('is rate-limited per user (429 with Retry-After), storing nothing over the limit', async () => {
    const limited = await buildTestApp({ REPORT_RATE_LIMIT: '2' });
    try {
      const [a, b] = [await createUser(limited.app), await createUser(limited.app)];
      const glyphs = [
        await insertGlyph(limited.database, b.id),
        await insertGlyph(limited.database, b.id),
        await insertGlyph(limited.database, b.id),
      ];
      for (const glyph of glyphs.slice(0, 2)) {
        const ok = await limited.app.inject({
          method: 'POST',
          url: '/api/reports',
          headers: a.auth,
          payload: { targetType: 'glyph', targetId: glyph.id, reason: 'spam' },
        });
        expect(ok.statusCode).toBe(200);
      }
      const over = await limited.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: a.auth,
        payload: { targetType: 'glyph', targetId: glyphs[2]!.id, reason: 'spam' },
      });
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBeDefined();
      expect(await limited.database.db.$count(reports)).toBe(2);
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('GET /api/admin/reports', () => {
  it('401 visitor, 403 user; admins see open reports grouped by target with counts and the target summary', async () => {
    expect((await call('GET', '/api/admin/reports')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/reports', reporter.auth)).statusCode).toBe(403);
    const glyph = await insertGlyph(t.database, owner.id, { title: 'Grouped glyph' });
    await reportGlyph(glyph.id, reporter, 'malware');
    await reportGlyph(glyph.id, other, 'malware');
    await reportGlyph(glyph.id, superAdmin, 'broken');
    for (const who of [admin, superAdmin]) {
      const response = await call('GET', '/api/admin/reports', who.auth);
      expect(response.statusCode).toBe(200);
      const group = response.json().groups.find((g: { targetId: string }) => g.targetId === glyph.id);
      expect(group).toMatchObject({
        targetType: 'glyph',
        count: 3,
        reasons: { malware: 2, broken: 1 },
        target: { exists: true, title: 'Grouped glyph', owner: { id: owner.id, username: owner.username }, hidden: false },
      });
      expect(group.reports).toHaveLength(3);
      expect(JSON.stringify(group)).not.toContain(owner.email);
    }
    expect((await call('GET', '/api/admin/reports?status=bogus', admin.auth)).statusCode).toBe(400);
  });

  it("shows the reported glyph's APK report findings (issue 15) next to the reports", async () => {
    const [file] = await t.database.db
      .insert(files)
      .values({
        ownerId: owner.id,
        type: 'apks',
        filename: `${crypto.randomUUID()}.apk`,
        originalName: 'toy.apk',
        mimeType: 'application/vnd.android.package-archive',
        size: 1234,
        sha256: 'ab'.repeat(32),
        apkReport: { permissions: ['android.permission.SEND_SMS'], signatureStatus: 'verified', isGlyphToy: false } as never,
      })
      .returning();
    const glyph = await insertGlyph(t.database, owner.id, { apkFileId: file!.id, apkUrl: `/api/files/apks/${file!.filename}` });
    await reportGlyph(glyph.id, reporter, 'malware');
    const group = (await call('GET', '/api/admin/reports', admin.auth))
      .json()
      .groups.find((g: { targetId: string }) => g.targetId === glyph.id);
    expect(group.target.apk).toEqual({
      sha256: 'ab'.repeat(32),
      size: 1234,
      permissions: ['android.permission.SEND_SMS'],
      signatureStatus: 'verified',
      isGlyphToy: false,
    });
  });
});

describe('POST /api/admin/reports/{id}/resolve', () => {
  it('401 visitor and 403 user; nothing changes', async () => {
    const glyph = await insertGlyph(t.database, owner.id);
    const id = await reportGlyph(glyph.id);
    expect((await call('POST', `/api/admin/reports/${id}/resolve`, {}, { action: 'hide', note: 'x' })).statusCode).toBe(401);
    expect(
      (await call('POST', `/api/admin/reports/${id}/resolve`, reporter.auth, { action: 'hide', note: 'x' })).statusCode,
    ).toBe(403);
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, id));
    expect(row!.status).toBe('open');
    expect(await audits(glyph.id)).toHaveLength(0);
  });

  it('hide: the glyph disappears from every public read, its files stop, the owner is told, audited; restore brings it back', async () => {
    const glyph = await insertGlyph(t.database, owner.id, { title: 'Suspicious toy' });
    const id = await reportGlyph(glyph.id);
    await reportGlyph(glyph.id, other, 'broken');
    const countBefore = (
      await queryRows<{ glyphs_count: number }>(t.database.db, sql`select glyphs_count from users where id = ${owner.id}`)
    )[0]!.glyphs_count;

    const hidden = await call('POST', `/api/admin/reports/${id}/resolve`, admin.auth, {
      action: 'hide',
      note: 'Asks for SMS permissions',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().target).toMatchObject({ hidden: true });

    // Every open report on the target is resolved together.
    const rows = await t.database.db.select().from(reports).where(eq(reports.targetId, glyph.id));
    expect(rows.every((r) => r.status === 'resolved' && r.resolution === 'hide')).toBe(true);
    // Public reads: detail answers like a deleted glyph; lists, search, storefront and counts drop it.
    const detail = (await call('GET', `/api/get-glyph/${glyph.id}`)).json();
    expect(detail.glyph ?? detail).toMatchObject({ deleted: true });
    const latest = (await call('GET', `/api/get-glyphs?sort=latest&limit=100&creator_id=${owner.id}`)).json();
    expect(JSON.stringify(latest)).not.toContain(glyph.id);
    const search = (await call('GET', `/api/get-glyphs?search=Suspicious&sort=latest&limit=100`)).json();
    expect(JSON.stringify(search)).not.toContain(glyph.id);
    const after = (
      await queryRows<{ glyphs_count: number }>(t.database.db, sql`select glyphs_count from users where id = ${owner.id}`)
    )[0]!.glyphs_count;
    expect(after).toBe(countBefore - 1);
    // Not reportable any more, and comments on it are gone from view.
    expect((await report(superAdmin, { targetType: 'glyph', targetId: glyph.id, reason: 'spam' })).statusCode).toBe(404);
    expect((await call('GET', `/api/glyphs/${glyph.id}/comments`)).statusCode).toBe(404);

    // The owner's notice says what and why; the audit row records it.
    const notices = await noticesOf(owner.id);
    const notice = notices.find((n) => n.type === 'moderation' && n.data.targetId === glyph.id);
    expect(notice?.data).toMatchObject({ action: 'hide', note: 'Asks for SMS permissions', title: 'Suspicious toy' });
    const bell = (await call('GET', '/api/notifications', owner.auth)).json();
    expect(bell.notifications[0].text).toBe('An admin hid your glyph "Suspicious toy". Reason: Asks for SMS permissions');
    expect((await audits(glyph.id)).map((a) => [a.action, a.actorId, a.detail])).toEqual([
      ['moderation.hide', admin.id, 'Asks for SMS permissions'],
    ]);
    // The mailer (configured in tests) got the same notice.
    expect(t.mails.some((m) => m.to === owner.email && m.text.includes('Asks for SMS permissions'))).toBe(true);

    // Resolving again → 409; the resolved list shows it; restore works on the resolved report.
    expect((await call('POST', `/api/admin/reports/${id}/resolve`, admin.auth, { action: 'warn', note: 'x' })).statusCode).toBe(
      409,
    );
    const resolved = (await call('GET', '/api/admin/reports?status=resolved', admin.auth)).json();
    expect(
      resolved.groups.some((g: { targetId: string; target: { hidden: boolean } }) => g.targetId === glyph.id && g.target.hidden),
    ).toBe(true);
    const restored = await call('POST', `/api/admin/reports/${id}/resolve`, superAdmin.auth, {
      action: 'restore',
      note: 'False alarm',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await call('GET', `/api/get-glyph/${glyph.id}`)).json()).toMatchObject({
      glyph: { deleted: false, title: 'Suspicious toy' },
    });
    const back = (
      await queryRows<{ glyphs_count: number }>(t.database.db, sql`select glyphs_count from users where id = ${owner.id}`)
    )[0]!.glyphs_count;
    expect(back).toBe(countBefore);
    expect((await audits(glyph.id)).map((a) => a.action).sort()).toEqual(['moderation.hide', 'moderation.restore']);
    // Restoring a glyph that is not hidden → 409, nothing stored.
    const again = await call('POST', `/api/admin/reports/${id}/resolve`, admin.auth, { action: 'restore' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(COMMUNITY_MSG.glyphNotHidden);
    expect(await audits(glyph.id)).toHaveLength(2);
  });

  it("hide stops serving the glyph's uploaded files and restore serves them again", async () => {
    const png = await import('../multipart.ts');
    const form = png.multipart({ type: 'images' }, [
      { field: 'file', filename: 'a.png', contentType: 'image/png', data: await png.pngBytes() },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/upload-file',
      headers: { ...owner.auth, ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode).toBe(200);
    const url = upload.json().url as string;
    // Its animation too (issue 16): served from memory once read, so the cached copy must stop as well.
    const fixture = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../fixtures/glyph-matrix/pulse_13.json'));
    const animationForm = png.multipart({ type: 'animations' }, [
      { field: 'file', filename: 'pulse_13.json', contentType: 'application/json', data: fixture },
    ]);
    const animation = await t.app.inject({
      method: 'POST',
      url: '/api/upload-file',
      headers: { ...owner.auth, ...animationForm.headers },
      payload: animationForm.payload,
    });
    expect(animation.statusCode, animation.body).toBe(200);
    const animationUrl = animation.json().url as string;
    const created = await call('POST', '/api/upload-glyph', owner.auth, {
      title: 'With image',
      description: 'd',
      githubUrl: 'https://github.com/a/b',
      images: [url],
      animationUrl,
    });
    expect(created.statusCode, created.body).toBe(200);
    const glyphId = created.json().id as string;
    const id = await reportGlyph(glyphId);
    const statuses = async () => [(await call('GET', url)).statusCode, (await call('GET', animationUrl)).statusCode];
    expect(await statuses()).toEqual([200, 200]);
    expect(
      (await call('POST', `/api/admin/reports/${id}/resolve`, admin.auth, { action: 'hide', note: 'check' })).statusCode,
    ).toBe(200);
    expect(await statuses()).toEqual([404, 404]);
    expect((await call('POST', `/api/admin/reports/${id}/resolve`, admin.auth, { action: 'restore' })).statusCode).toBe(200);
    expect(await statuses()).toEqual([200, 200]);
    // Reported again and removed for good: the files are deleted, not restorable.
    const again = await reportGlyph(glyphId, other);
    const removed = await call('POST', `/api/admin/reports/${again}/resolve`, superAdmin.auth, {
      action: 'remove',
      note: 'for good',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const rows = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from files where owner_id = ${owner.id} and type in ('images', 'animations') and created_at > now() - interval '1 minute' order by type`,
    );
    expect(await statuses()).toEqual([404, 404]);
    expect(rows.map((r) => r.status)).toEqual(['deleted', 'deleted']);
  });

  it('dismiss resolves without touching the target or telling the owner; warn tells the owner', async () => {
    const glyph = await insertGlyph(t.database, owner.id, { title: 'Fine glyph' });
    const id = await reportGlyph(glyph.id);
    const noticesBefore = (await noticesOf(owner.id)).length;
    const response = await call('POST', `/api/admin/reports/${id}/resolve`, admin.auth, { action: 'dismiss' });
    expect(response.statusCode).toBe(200);
    expect(response.json().report).toMatchObject({ status: 'resolved', resolution: 'dismiss' });
    expect((await noticesOf(owner.id)).length).toBe(noticesBefore);
    expect((await audits(glyph.id)).map((a) => a.action)).toEqual(['moderation.dismiss']);

    const id2 = await reportGlyph(glyph.id, other);
    const warnNoNote = await call('POST', `/api/admin/reports/${id2}/resolve`, admin.auth, { action: 'warn' });
    expect(warnNoNote.statusCode).toBe(400);
    expect(warnNoNote.json().error).toBe(COMMUNITY_MSG.moderationNoteRequired);
    expect(
      (await call('POST', `/api/admin/reports/${id2}/resolve`, admin.auth, { action: 'warn', note: 'Add a flashing warning' }))
        .statusCode,
    ).toBe(200);
    const notice = (await noticesOf(owner.id)).find((n) => n.data.action === 'warn' && n.data.targetId === glyph.id);
    expect(notice?.data.note).toBe('Add a flashing warning');
  });

  it('every reporter of the target hears the outcome (report_resolved), never the note; an undo tells them nothing new', async () => {
    const glyph = await insertGlyph(t.database, owner.id, { title: 'Loud toy' });
    const first = await reportGlyph(glyph.id, reporter, 'flashing');
    await reportGlyph(glyph.id, other, 'spam');
    const resolved = await call('POST', `/api/admin/reports/${first}/resolve`, admin.auth, { action: 'hide', note: 'Private: flashes at 30 Hz' });
    expect(resolved.statusCode).toBe(200);
    for (const who of [reporter, other]) {
      const bell = (await call('GET', '/api/notifications', who.auth)).json() as { notifications: Array<{ type: string; text: string; link: string | null; data: Record<string, string | null> }> };
      const notice = bell.notifications.find((n) => n.type === 'report_resolved' && n.data.targetId === glyph.id);
      expect(notice).toMatchObject({ text: 'Thanks for your report of a glyph "Loud toy": an admin hid it.', link: null });
      expect(JSON.stringify(notice)).not.toContain('30 Hz');
    }
    // The owner hears the decision with the note, not a report_resolved.
    expect((await noticesOf(owner.id)).filter((n) => n.data.targetId === glyph.id).map((n) => n.type)).toEqual(['moderation']);
    // Restoring undoes the decision; the reporters are not told again.
    expect((await call('POST', `/api/admin/reports/${first}/resolve`, admin.auth, { action: 'restore' })).statusCode).toBe(200);
    expect((await noticesOf(reporter.id)).filter((n) => n.type === 'report_resolved' && n.data.targetId === glyph.id)).toHaveLength(1);

    // A dismissal tells the reporter that no action was taken.
    const user = await createUser(t.app);
    const dismissed = await report(reporter, { targetType: 'user', targetId: user.id, reason: 'spam' });
    expect((await call('POST', `/api/admin/reports/${dismissed.json().report.id}/resolve`, admin.auth, { action: 'dismiss', note: 'Looks fine' })).statusCode).toBe(200);
    const notice = (await noticesOf(reporter.id)).find((n) => n.type === 'report_resolved' && n.data.targetId === user.id);
    expect(notice?.data).toEqual({ action: 'dismiss', targetType: 'user', targetId: user.id, title: null });
  });

  it('queue counts: open reported items and held releases, for admins only', async () => {
    const counts = async () => (await call('GET', '/api/admin/queue-counts', admin.auth)).json() as { openReports: number; heldReleases: number };
    expect((await call('GET', '/api/admin/queue-counts')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/queue-counts', other.auth)).statusCode).toBe(403);
    const before = await counts();
    const glyph = await insertGlyph(t.database, owner.id, { title: 'Counted toy' });
    const id = await reportGlyph(glyph.id, reporter);
    await reportGlyph(glyph.id, other);
    // Two reports about one glyph are one item to decide.
    expect(await counts()).toEqual({ ...before, openReports: before.openReports + 1 });
    const [row] = await t.database.db
      .insert(releases)
      .values({ glyphId: glyph.id, apkUrl: '/api/files/apks/held.apk', size: 1, sha256: 'a'.repeat(64), versionCode: 2, state: 'pending' })
      .returning();
    expect(await counts()).toEqual({ openReports: before.openReports + 1, heldReleases: before.heldReleases + 1 });
    expect((await call('POST', `/api/admin/reports/${id}/resolve`, admin.auth, { action: 'dismiss' })).statusCode).toBe(200);
    await t.database.db.update(releases).set({ state: 'rejected' }).where(eq(releases.id, row!.id));
    expect(await counts()).toEqual(before);
  });

  it('two app instances deciding the same report at once: one decision, one audit row, one notice to the owner', async () => {
    const second = await buildApp({ env: t.env, database: t.database, secret: TEST_SECRET, passwordHasher: testPasswordHasher });
    await second.ready();
    try {
      const glyph = await insertGlyph(t.database, owner.id, { title: 'Raced toy' });
      const id = await reportGlyph(glyph.id);
      const url = `/api/admin/reports/${id}/resolve`;
      const results = await Promise.all([
        t.app.inject({ method: 'POST', url, headers: admin.auth, payload: { action: 'hide', note: 'Malware' } }),
        second.inject({ method: 'POST', url, headers: superAdmin.auth, payload: { action: 'hide', note: 'Malware' } }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().error).toBe(COMMUNITY_MSG.reportAlreadyResolved);
      expect((await audits(glyph.id)).map((a) => a.action)).toEqual(['moderation.hide']);
      expect((await noticesOf(owner.id)).filter((n) => n.data.targetId === glyph.id && n.data.action === 'hide')).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('a decision that commits between reading the report and reading its target → 409, not "target gone"', async () => {
    // The interleaving behind the race above, made certain: this service reads the report while it is open,
    // then reads the target only after another instance has hidden it.
    const glyph = await insertGlyph(t.database, owner.id, { title: 'Interleaved toy' });
    const id = await reportGlyph(glyph.id);
    const repository = createReportsRepository(t.database.db);
    let otherDecision: Promise<{ statusCode: number }> | undefined;
    const slow = createReportsService({
      reports: {
        ...repository,
        async findTarget(type, targetId) {
          otherDecision ??= t.app.inject({
            method: 'POST',
            url: `/api/admin/reports/${id}/resolve`,
            headers: admin.auth,
            payload: { action: 'hide', note: 'Malware' },
          });
          expect((await otherDecision).statusCode).toBe(200);
          return repository.findTarget(type, targetId);
        },
      },
      clock: systemClock,
      limiter: { check: async () => {} },
      publicUrl: 'http://localhost:3000',
    });
    const viewer = {
      id: superAdmin.id,
      email: SUPER_ADMIN_EMAIL,
      username: 'super',
      isAdmin: true,
      isSuperAdmin: true,
      isSuspended: false,
      sessionId: 's',
      sessionCreatedAt: new Date(),
    };
    const error = await slow.resolve(viewer, id, { action: 'hide', note: 'Malware' }).then(
      () => null,
      (caught: AppError) => caught,
    );
    expect(otherDecision).toBeDefined();
    expect(error).toMatchObject({ statusCode: 409, message: COMMUNITY_MSG.reportAlreadyResolved });
    expect((await audits(glyph.id)).map((a) => a.action)).toEqual(['moderation.hide']);
  });

  it.each([
    ['unknown action', { action: 'explode', note: 'x' }, 400, COMMUNITY_MSG.moderationActionInvalid],
    ['oversize note', { action: 'warn', note: 'x'.repeat(1001) }, 400, COMMUNITY_MSG.moderationNoteTooLong],
    ['hide without a note', { action: 'hide' }, 400, COMMUNITY_MSG.moderationNoteRequired],
    ['unsuspend someone not suspended', { action: 'unsuspend' }, 409, COMMUNITY_MSG.userNotSuspended],
  ])('%s → %d, nothing stored', async (_name, body, status, message) => {
    const glyph = await insertGlyph(t.database, owner.id);
    const id = await reportGlyph(glyph.id);
    const response = await call('POST', `/api/admin/reports/${id}/resolve`, admin.auth, body);
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toBe(message);
    expect(await audits(glyph.id)).toHaveLength(0);
    expect((await t.database.db.select().from(reports).where(eq(reports.id, id)))[0]!.status).toBe('open');
  });

  it('actions that do not fit the target → 422; unknown report → 404; a target deleted meanwhile → 404', async () => {
    const userReport = (await report(reporter, { targetType: 'user', targetId: other.id, reason: 'spam' })).json().report.id;
    const hideUser = await call('POST', `/api/admin/reports/${userReport}/resolve`, admin.auth, { action: 'hide', note: 'x' });
    expect(hideUser.statusCode).toBe(422);
    expect(hideUser.json().error).toBe(COMMUNITY_MSG.moderationActionNotApplicable('hide', 'user'));
    expect(
      (await call('POST', '/api/admin/reports/00000000-0000-4000-8000-000000000000/resolve', admin.auth, { action: 'dismiss' }))
        .statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/admin/reports/not-a-uuid/resolve', admin.auth, { action: 'dismiss' })).statusCode).toBe(404);

    const glyph = await insertGlyph(t.database, owner.id);
    const id = await reportGlyph(glyph.id);
    await call('DELETE', `/api/delete-glyph/${glyph.id}`, owner.auth);
    const response = await call('POST', `/api/admin/reports/${id}/resolve`, admin.auth, { action: 'hide', note: 'too late' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(COMMUNITY_MSG.targetGone);
    expect(await audits(glyph.id)).toHaveLength(0);
  });

  it('remove: requests and comments are deleted, a glyph soft-deleted for good (not restorable)', async () => {
    const [request] = await t.database.db
      .insert(glyphRequests)
      .values({ title: 'Spam', description: 'D', userId: owner.id })
      .returning();
    const rid = (await report(reporter, { targetType: 'request', targetId: request!.id, reason: 'spam' })).json().report.id;
    expect(
      (await call('POST', `/api/admin/reports/${rid}/resolve`, admin.auth, { action: 'remove', note: 'Spam' })).statusCode,
    ).toBe(200);
    expect(await t.database.db.$count(glyphRequests, eq(glyphRequests.id, request!.id))).toBe(0);

    const glyph = await insertGlyph(t.database, other.id);
    const [comment] = await t.database.db
      .insert(comments)
      .values({ glyphId: glyph.id, authorId: owner.id, body: 'rude words' })
      .returning();
    const cid = (await report(reporter, { targetType: 'comment', targetId: comment!.id, reason: 'offensive' })).json().report.id;
    expect(
      (await call('POST', `/api/admin/reports/${cid}/resolve`, admin.auth, { action: 'remove', note: 'Be kind' })).statusCode,
    ).toBe(200);
    expect(await t.database.db.$count(comments, eq(comments.id, comment!.id))).toBe(0);
    expect((await audits(comment!.id)).map((a) => a.action)).toEqual(['moderation.remove']);

    const g2 = await insertGlyph(t.database, owner.id);
    const gid = await reportGlyph(g2.id);
    expect(
      (await call('POST', `/api/admin/reports/${gid}/resolve`, admin.auth, { action: 'hide', note: 'check' })).statusCode,
    ).toBe(200);
    const g2r2 = (
      await t.database.db
        .insert(reports)
        .values({ reporterId: other.id, targetType: 'glyph', targetId: g2.id, reason: 'malware' })
        .returning()
    )[0]!;
    expect(
      (await call('POST', `/api/admin/reports/${g2r2.id}/resolve`, admin.auth, { action: 'remove', note: 'Confirmed malware' }))
        .statusCode,
    ).toBe(200);
    const restore = await call('POST', `/api/admin/reports/${gid}/resolve`, admin.auth, { action: 'restore' });
    expect(restore.statusCode).toBe(409);
    expect((await call('GET', `/api/get-glyph/${g2.id}`)).json()).toMatchObject({ glyph: { deleted: true } });
  });
});

describe('suspension', () => {
  it('suspend: sessions revoked, sign-in refused, posting refused; admins cannot be suspended; unsuspend lifts it', async () => {
    const bad = await createUser(t.app);
    const glyph = await insertGlyph(t.database, bad.id);
    const id = await reportGlyph(glyph.id);

    // An admin owner cannot be suspended (403), and nothing changes.
    const adminGlyph = await insertGlyph(t.database, admin.id);
    const aid = await reportGlyph(adminGlyph.id);
    const refused = await call('POST', `/api/admin/reports/${aid}/resolve`, superAdmin.auth, { action: 'suspend', note: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(COMMUNITY_MSG.adminCannotBeSuspended);

    const response = await call('POST', `/api/admin/reports/${id}/resolve`, admin.auth, {
      action: 'suspend',
      note: 'Repeated malware',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, bad.id));
    expect(row!.suspendedAt).not.toBeNull();
    expect(row!.suspendedReason).toBe('Repeated malware');
    expect(await t.database.db.$count(sessions, eq(sessions.userId, bad.id))).toBe(0);
    // The old token no longer works; signing in again is refused with a clear message and no cookie.
    expect(
      (await call('POST', '/api/upload-glyph', bad.auth, { title: 't', description: 'd', githubUrl: 'https://github.com/a/b' }))
        .statusCode,
    ).toBe(401);
    const signIn = await call('POST', '/api/auth/sign-in/email', {}, { email: bad.email, password: bad.password });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual({ error: COMMUNITY_MSG.accountSuspended, code: 'ACCOUNT_SUSPENDED' });
    expect(signIn.headers['set-cookie']).toBeUndefined();
    expect(await t.database.db.$count(sessions, eq(sessions.userId, bad.id))).toBe(0);
    // A wrong password still says wrong password (the suspension is not an oracle).
    expect(
      (await call('POST', '/api/auth/sign-in/email', {}, { email: bad.email, password: 'wrong-password-1' })).statusCode,
    ).toBe(401);
    expect((await audits(bad.id)).map((a) => a.action)).toEqual([]);
    expect((await audits(glyph.id)).map((a) => a.action)).toEqual(['moderation.suspend']);

    const lift = await call('POST', `/api/admin/reports/${id}/resolve`, admin.auth, {
      action: 'unsuspend',
      note: 'Appeal accepted',
    });
    expect(lift.statusCode, lift.body).toBe(200);
    const back = await call('POST', '/api/auth/sign-in/email', {}, { email: bad.email, password: bad.password });
    expect(back.statusCode).toBe(200);
    const notices = (await noticesOf(bad.id)).map((n) => n.data.action).sort();
    expect(notices).toEqual(['suspend', 'unsuspend']);
  });

  it('a suspended account with a live session cannot post (access layer): 403, nothing stored', async () => {
    const sneaky = await createUser(t.app);
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, sneaky.id));
    const glyph = await insertGlyph(t.database, owner.id);
    const before = await t.database.db.$count(comments);
    for (const [method, url, body] of [
      ['POST', `/api/glyphs/${glyph.id}/comments`, { body: 'hello' }],
      ['POST', '/api/reports', { targetType: 'glyph', targetId: glyph.id, reason: 'spam' }],
      ['POST', '/api/upload-glyph', { title: 't', description: 'd', githubUrl: 'https://github.com/a/b' }],
      ['POST', '/api/glyph-requests', { title: 't', description: 'd' }],
    ] as const) {
      const response = await call(method, url, sneaky.auth, body);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ error: COMMUNITY_MSG.accountSuspended, code: 'ACCOUNT_SUSPENDED' });
    }
    expect(await t.database.db.$count(comments)).toBe(before);
    expect(await t.database.db.$count(reports, and(eq(reports.reporterId, sneaky.id)))).toBe(0);
  });
});
