import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph } from '../factories.ts';
import { checkInvariants } from '../../src/db/invariants.ts';
import { createLocalFileStore } from '../../src/modules/files/file-store.ts';
import { files, glyphLikes, glyphRequests, glyphs, users } from '../../src/db/schema/index.ts';

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
});
