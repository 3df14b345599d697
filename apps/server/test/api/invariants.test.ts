import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph } from '../factories.ts';
import { checkInvariants } from '../../src/db/invariants.ts';
import { createLocalFileStore } from '../../src/modules/files/file-store.ts';
import { files, follows, glyphDailyStats, glyphDownloads, glyphLikes, glyphRequests, glyphViews, glyphs, releaseDailyStats, releaseDownloads, releases, reports, users } from '../../src/db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const broken = async (store?: ReturnType<typeof createLocalFileStore>) =>
  Object.fromEntries((await checkInvariants(t.database.db, store)).filter((r) => r.violations.length > 0).map((r) => [r.id, r.violations]));

describe('checkInvariants (SECURITY.md I1–I7)', () => {
  it('finds nothing on consistent data, and each corruption under its own name', async () => {
    const store = createLocalFileStore(path.join(t.dataDir, 'files'));
    const user = await createUser(t.app);
    const glyph = await insertGlyph(t.database, user.id);
    await t.database.db.insert(glyphLikes).values({ userId: user.id, glyphId: glyph.id });
    await t.database.db.update(glyphs).set({ likes: 1 }).where(eq(glyphs.id, glyph.id));
    expect(await broken(store)).toEqual({});

    await t.database.db.update(glyphs).set({ likes: 5, views: 3 }).where(eq(glyphs.id, glyph.id));
    await t.database.db.update(users).set({ glyphsCount: 7 }).where(eq(users.id, user.id));
    await t.database.db.insert(glyphRequests).values({ title: 'r', description: 'd', userId: user.id, status: 'in_progress' });
    const id = '00000000-0000-4000-8000-000000000001';
    await t.database.db.insert(files).values({ ownerId: user.id, type: 'images', filename: `${id}.webp`, originalName: 'x.png', mimeType: 'image/webp', size: 3, sha256: 'x' });
    fs.mkdirSync(path.join(t.dataDir, 'files', 'apks'), { recursive: true });
    fs.writeFileSync(path.join(t.dataDir, 'files', 'apks', '00000000-0000-4000-8000-000000000002.apk'), 'orphan');

    const result = await broken(store);
    expect(Object.keys(result).sort()).toEqual(['I1', 'I2', 'I4', 'I5', 'I7']);
    expect(result.I1?.[0]).toContain('likes=5 rows=1');
    expect(result.I5?.join('\n')).toMatch(/row without a stored file[\s\S]*stored file without a row/);
  });

  it('keeps the daily roll-ups equal to their raw events through inserts, deletes and cascades (R2)', async () => {
    const creator = await createUser(t.app);
    const fan = await createUser(t.app);
    const glyph = await insertGlyph(t.database, creator.id);
    const doomed = await insertGlyph(t.database, creator.id);
    const [release] = await t.database.db
      .insert(releases)
      .values({ glyphId: glyph.id, apkUrl: '/files/apks/x.apk', size: 1, sha256: 'x', versionCode: 1 })
      .returning();
    const at = (iso: string) => new Date(iso);
    const db = t.database.db;
    // Either side of a UTC midnight, so the day split is tested too.
    await db.insert(glyphViews).values([
      { glyphId: glyph.id, actor: 'ip:a', createdAt: at('2026-03-01T23:59:59Z') },
      { glyphId: glyph.id, actor: 'ip:b', createdAt: at('2026-03-02T00:00:00Z') },
      { glyphId: glyph.id, actor: `u:${fan.id}`, userId: fan.id, createdAt: at('2026-03-02T10:00:00Z') },
      { glyphId: doomed.id, actor: 'ip:a', createdAt: at('2026-03-02T10:00:00Z') },
    ]);
    await db.insert(glyphDownloads).values([
      { glyphId: glyph.id, actor: 'ip:a', source: 'latest', createdAt: at('2026-03-02T01:00:00Z') },
      { glyphId: glyph.id, actor: 'ip:b', source: 'repository', createdAt: at('2026-03-02T02:00:00Z') },
      { glyphId: glyph.id, actor: `u:${fan.id}`, userId: fan.id, createdAt: at('2026-03-02T03:00:00Z') },
    ]);
    await db.insert(releaseDownloads).values([
      { releaseId: release!.id, actor: 'ip:a', createdAt: at('2026-03-02T01:00:00Z') },
      { releaseId: release!.id, actor: `u:${fan.id}`, userId: fan.id, createdAt: at('2026-03-03T01:00:00Z') },
    ]);
    await db.insert(glyphLikes).values({ userId: fan.id, glyphId: glyph.id, createdAt: at('2026-03-02T05:00:00Z') });
    await db.insert(follows).values({ followerId: fan.id, followeeId: creator.id, createdAt: at('2026-03-02T06:00:00Z') });
    await db.insert(reports).values({ reporterId: fan.id, targetType: 'glyph', targetId: glyph.id, reason: 'spam' });

    const day = async () =>
      (await db.select().from(glyphDailyStats).where(eq(glyphDailyStats.glyphId, glyph.id))).sort((a, b) => a.day.localeCompare(b.day));
    expect(await day()).toEqual([
      { glyphId: glyph.id, day: '2026-03-01', views: 1, downloadsButton: 0, downloadsLatest: 0, downloadsRepository: 0, likes: 0 },
      { glyphId: glyph.id, day: '2026-03-02', views: 2, downloadsButton: 1, downloadsLatest: 1, downloadsRepository: 1, likes: 1 },
    ]);
    expect((await db.select().from(releaseDailyStats)).map((r) => [r.day, r.downloads]).sort()).toEqual([
      ['2026-03-02', 1],
      ['2026-03-03', 1],
    ]);
    expect((await broken()).R2).toBeUndefined();

    // Deleting the account cascades to its events, its like and its follow; deleting a glyph to its own.
    await db.delete(glyphs).where(eq(glyphs.id, doomed.id));
    await db.delete(users).where(eq(users.id, fan.id));
    expect((await day())[1]).toMatchObject({ views: 1, downloadsButton: 0, downloadsLatest: 1, downloadsRepository: 1, likes: 0 });
    expect((await broken()).R2).toBeUndefined();

    await db.update(glyphDailyStats).set({ views: 9 }).where(eq(glyphDailyStats.glyphId, glyph.id));
    expect((await broken()).R2?.join('\n')).toContain(`glyph ${glyph.id} 2026-03-01: roll-up 9/0/0/0/0 raw 1/0/0/0/0`);
  });
});
