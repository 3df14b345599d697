import fs from 'node:fs';
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
    expect((await t.app.inject({ method: 'POST', url: '/api/toggle-like', headers: user.auth, payload: { glyphId: glyph.id } })).statusCode).toBe(200);

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
