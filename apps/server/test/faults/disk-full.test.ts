import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@glyphary/shared';
import { files } from '../../src/db/schema/index.ts';
import { checkInvariants } from '../../src/db/invariants.ts';
import { configureFailpoints } from '../../src/lib/failpoints.ts';
import { createLocalFileStore } from '../../src/modules/files/file-store.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, type TestUser } from '../factories.ts';
import { makeApk, makePng, uploadFile } from '../file-fixtures.ts';
import { expectInvariants } from './helpers.ts';

// SECURITY.md §5 R7, disk full. Mounting a tmpfs needs privileges a test run does not have, so the
// failpoint `upload_write:enospc` makes the upload's temp-file write fail with ENOSPC after 1 MiB, exactly
// where a full disk would; turning it off is "space was freed".

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_RATE_LIMIT: '1000' });
  user = await createUser(t.app);
});
afterEach(() => configureFailpoints(undefined));
afterAll(async () => {
  configureFailpoints(undefined);
  await t.close();
});

const tempDir = () => path.join(t.dataDir, 'files', 'tmp');

describe('R7: disk full while storing an upload', () => {
  it('answers 507 "Upload failed: …", deletes the partial file, keeps serving reads, and uploads again once space is back', async () => {
    const image = await uploadFile(t.app, user.auth, 'images', await makePng());
    expect(image.statusCode).toBe(200);
    const imageUrl = (image.json() as { url: string }).url;
    const glyph = await insertGlyph(t.database, user.id);
    const rowsBefore = await t.database.db.select().from(files);

    configureFailpoints('upload_write:enospc');
    // 80 MB is refused by the 50 MB cap before the disk matters; a 5 MB APK reaches the full disk.
    const big = Buffer.concat([makeApk(), Buffer.alloc(5 * 1024 * 1024, 1)]);
    for (const type of ['apks', 'images'] as const) {
      const failed = await uploadFile(t.app, user.auth, type, big);
      expect(failed.statusCode).toBe(507);
      expect(failed.json().error).toBe(MSG.fileUploadFailed('the server is out of storage space'));
      expect(failed.json().error).toMatch(/^Upload failed: /);
    }
    expect(fs.readdirSync(tempDir())).toEqual([]); // partial files deleted
    expect(await t.database.db.select().from(files)).toEqual(rowsBefore); // nothing stored

    // Reads and non-file writes keep working.
    expect((await t.app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/get-glyph/${glyph.id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/toggle-like', headers: user.auth, payload: { glyphId: glyph.id } }))
        .statusCode,
    ).toBe(200);

    // Space freed: the next upload works with no restart.
    configureFailpoints(undefined);
    const again = await uploadFile(t.app, user.auth, 'apks', makeApk());
    expect(again.statusCode).toBe(200);
    expectInvariants(await checkInvariants(t.database.db, createLocalFileStore(path.join(t.dataDir, 'files'))));
  }, 120_000);

  it('refuses an unknown failpoint action at configuration time', () => {
    expect(() => configureFailpoints('upload_write:explode')).toThrow(/not name:exit\|kill\|throw\|enospc/);
  });
});

describe('R7 on a real full file system (a 16 MB tmpfs, when this run may mount one)', () => {
  const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-tmpfs-'));
  let mounted = false;
  let small: TestApp | undefined;
  const mount = (options: string) =>
    spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', mountPoint], { stdio: 'ignore' }).status === 0;
  afterAll(async () => {
    await small?.close();
    if (mounted) spawnSync('umount', [mountPoint], { stdio: 'ignore' });
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  it('fails the upload with 507 and no leftovers, then accepts it once the file system grows (no restart)', async (context) => {
    mounted = process.getuid?.() === 0 && mount('size=16m');
    if (!mounted) context.skip();
    small = await buildTestApp({ DATA_DIR: mountPoint, UPLOAD_RATE_LIMIT: '1000' });
    const owner = await createUser(small.app);
    const apk = makeApk([{ name: 'assets/lights.bin', data: Buffer.alloc(24 * 1024 * 1024, 7), method: 0 }]);
    const failed = await uploadFile(small.app, owner.auth, 'apks', apk);
    expect(failed.statusCode).toBe(507);
    expect(failed.json().error).toMatch(/^Upload failed: /);
    expect(fs.readdirSync(path.join(mountPoint, 'files', 'tmp'))).toEqual([]);
    expect(await small.database.db.select().from(files)).toEqual([]);
    expect((await small.app.inject({ method: 'GET', url: '/api/get-glyphs' })).statusCode).toBe(200);

    // "Space is freed": the tmpfs grows in place.
    expect(spawnSync('mount', ['-o', 'remount,size=64m', mountPoint], { stdio: 'ignore' }).status).toBe(0);
    const again = await uploadFile(small.app, owner.auth, 'apks', apk);
    expect(again.statusCode).toBe(200);
    expectInvariants(await checkInvariants(small.database.db, createLocalFileStore(path.join(mountPoint, 'files'))));
  }, 120_000);
});
