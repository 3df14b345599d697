import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MAX_FILE_BYTES, MSG } from '@glyphary/shared';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, makeAdmin, type TestUser } from '../factories.ts';
import { EICAR, makeApk, makeJpeg, makePixelBombPng, makePng, makeZip, multipart, uploadFile } from '../file-fixtures.ts';
import { files } from '../../src/db/schema/index.ts';
import { createLocalFileStore } from '../../src/modules/files/file-store.ts';
import { createFilesRepository } from '../../src/modules/files/files.repository.ts';
import { createParsePool } from '../../src/lib/parse-pool.ts';
import { createFilesService } from '../../src/modules/files/files.service.ts';

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

const filesDir = () => path.join(t.dataDir, 'files');
const tmpEntries = () => fs.readdirSync(path.join(filesDir(), 'tmp'));
const storedEntries = () => [...fs.readdirSync(path.join(filesDir(), 'images')), ...fs.readdirSync(path.join(filesDir(), 'apks'))];
const rowCount = () => t.database.db.$count(files);

/** Runs `act` and asserts that no row, stored file or temp file was left behind. */
async function expectNothingStored(act: () => Promise<void>) {
  const rowsBefore = await rowCount();
  const storedBefore = storedEntries().length;
  await act();
  expect(await rowCount()).toBe(rowsBefore);
  expect(storedEntries().length).toBe(storedBefore);
  expect(tmpEntries()).toEqual([]);
}

describe('POST /api/upload-file: images', () => {
  it('re-encodes a PNG to WebP without its EXIF, makes a thumbnail and records owner, size and SHA-256', async () => {
    const response = await uploadFile(t.app, owner.auth, 'images', await makePng(64, 48, true));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      url: expect.stringMatching(/^\/api\/files\/images\/[0-9a-f-]{36}\.webp$/),
      thumbnail: expect.stringMatching(/^\/api\/files\/images\/[0-9a-f-]{36}-thumb\.webp$/),
      filename: expect.stringMatching(/^[0-9a-f-]{36}\.webp$/),
      type: 'images',
      size: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const [row] = await t.database.db.select().from(files).where(eq(files.filename, body.filename));
    expect(row).toMatchObject({ ownerId: owner.id, type: 'images', status: 'ready', size: body.size, sha256: body.sha256, width: 64, height: 48 });
    const stored = fs.readFileSync(path.join(filesDir(), 'images', body.filename));
    expect(stored.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(stored.includes(Buffer.from('SECRET-EXIF-MARKER'))).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(tmpEntries()).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(stored)).toBe(true);
    const thumb = await t.app.inject({ method: 'GET', url: body.thumbnail });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it('accepts JPEG, GIF and WebP, detected from content whatever the name says', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).gif().toBuffer();
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).webp().toBuffer();
    for (const [data, name] of [
      [await makeJpeg(), 'photo.txt'],
      [gif, 'anim.gif'],
      [webp, 'x.webp'],
    ] as const) {
      const response = await uploadFile(t.app, owner.auth, 'images', data, name);
      expect(response.statusCode).toBe(200);
      const stored = fs.readFileSync(path.join(filesDir(), 'images', response.json().filename));
      expect(stored.includes(Buffer.from('SECRET-EXIF-MARKER'))).toBe(false);
    }
  });

  it('drops bytes appended to an image (polyglot) by re-encoding', async () => {
    const polyglot = Buffer.concat([await makePng(), Buffer.from('<script>alert(1)</script>'), makeApk()]);
    const response = await uploadFile(t.app, owner.auth, 'images', polyglot);
    expect(response.statusCode).toBe(200);
    const stored = fs.readFileSync(path.join(filesDir(), 'images', response.json().filename));
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.includes(Buffer.from('AndroidManifest.xml'))).toBe(false);
  });

  it.each([
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'), 'x.svg', 415, MSG.fileTypeImage],
    ['HTML behind a .png name', Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.png', 415, MSG.fileTypeImage],
    ['an APK sent as an image', makeApk(), 'x.png', 415, MSG.fileTypeImage],
    ['a truncated PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]), 'x.png', 415, MSG.fileImageUnreadable],
    ['a pixel bomb', makePixelBombPng(), 'bomb.png', 413, 'The image dimensions are too large'],
    ['an empty file', Buffer.alloc(0), 'empty.png', 400, MSG.fileEmpty],
  ])('refuses %s and stores nothing', async (_label, data, name, status, message) => {
    await expectNothingStored(async () => {
      const response = await uploadFile(t.app, owner.auth, 'images', data, name);
      expect(response.statusCode).toBe(status);
      expect(response.json().error).toBe(message);
    });
  });
});

describe('POST /api/upload-file: APKs', () => {
  it('stores a real APK and serves it as an attachment', async () => {
    const apk = makeApk();
    const response = await uploadFile(t.app, owner.auth, 'apks', apk);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ type: 'apks', thumbnail: null, size: apk.length, filename: expect.stringMatching(/^[0-9a-f-]{36}\.apk$/) });
    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(served.headers['content-disposition']).toBe('attachment; filename="toy.apk"');
    expect(served.rawPayload.equals(apk)).toBe(true);
  });

  it.each([
    ['a text file named .apk', Buffer.from('definitely not a zip'), 415, MSG.fileApkInvalid],
    ['a PNG named .apk', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), 415, MSG.fileApkInvalid],
    ['a ZIP without AndroidManifest.xml', makeZip([{ name: 'readme.txt', data: Buffer.from('hi') }]), 422, 'The APK has no AndroidManifest.xml'],
    ['a ZIP with a ../ entry', makeApk([{ name: '../../etc/evil.sh', data: Buffer.from('x') }]), 422, undefined],
    ['a ZIP with an absolute entry', makeApk([{ name: '/etc/passwd', data: Buffer.from('x') }]), 422, undefined],
    ['a ZIP with a backslash entry', makeApk([{ name: '..\\..\\evil.dll', data: Buffer.from('x') }]), 422, undefined],
    ['an encrypted ZIP', makeApk([{ name: 'secret.bin', data: Buffer.from('x'), encrypted: true }]), 422, 'Encrypted APKs are not allowed'],
    ['a zip bomb', makeApk([{ name: 'bomb.bin', data: Buffer.alloc(20 * 1024 * 1024), method: 8 }]), 422, 'The APK expands to too much data'],
    ['a truncated ZIP', makeApk().subarray(0, 40), 415, MSG.fileApkInvalid],
  ])('refuses %s and stores nothing', async (_label, data, status, message) => {
    await expectNothingStored(async () => {
      const response = await uploadFile(t.app, owner.auth, 'apks', data);
      expect(response.statusCode).toBe(status);
      if (message) expect(response.json().error).toBe(message);
      else expect(response.json().error).toEqual(expect.any(String));
    });
  });

  it('quarantines a file carrying the EICAR test string: 422, kept as evidence, never served', async () => {
    const infected = makeApk([{ name: 'eicar.com', data: Buffer.from(EICAR) }]);
    const before = await rowCount();
    const response = await uploadFile(t.app, owner.auth, 'apks', infected);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe(MSG.fileQuarantined);
    expect(await rowCount()).toBe(before + 1);
    const rows = await t.database.db.select().from(files).where(eq(files.status, 'quarantined'));
    expect(rows.length).toBeGreaterThan(0);
    const name = rows[0]!.filename;
    expect(name).toMatch(/\.quarantined$/);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/apks/${name}` })).statusCode).toBe(404);
    expect(tmpEntries()).toEqual([]);
  });
});

describe('POST /api/upload-file: requests', () => {
  it('refuses visitors (401) and stores nothing', async () => {
    await expectNothingStored(async () => {
      const response = await uploadFile(t.app, {}, 'images', await makePng());
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe(MSG.unauthorized);
    });
  });

  it('refuses a garbage bearer token as a visitor', async () => {
    const response = await uploadFile(t.app, { authorization: 'Bearer not-a-token' }, 'images', await makePng());
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['a missing type', [{ name: 'file', value: Buffer.from('x'), filename: 'a.png' }], 400, MSG.fileTypeInvalid],
    ['an unknown type', [{ name: 'type', value: 'scripts' }, { name: 'file', value: Buffer.from('x'), filename: 'a.png' }], 400, MSG.fileTypeInvalid],
    ['a traversal type', [{ name: 'type', value: '../images' }, { name: 'file', value: Buffer.from('x'), filename: 'a.png' }], 400, MSG.fileTypeInvalid],
    ['no file', [{ name: 'type', value: 'images' }], 400, MSG.fileMissing],
  ])('refuses %s', async (_label, parts, status, message) => {
    await expectNothingStored(async () => {
      const body = multipart(parts);
      const response = await t.app.inject({ method: 'POST', url: '/api/upload-file', payload: body.payload, headers: { ...body.headers, ...owner.auth } });
      expect(response.statusCode).toBe(status);
      expect(response.json().error).toBe(message);
    });
  });

  it('refuses two files in one request (single mode) with "Only one file is allowed"', async () => {
    const png = await makePng();
    await expectNothingStored(async () => {
      const body = multipart([
        { name: 'type', value: 'images' },
        { name: 'file', value: png, filename: 'a.png' },
        { name: 'file', value: png, filename: 'b.png' },
      ]);
      const response = await t.app.inject({ method: 'POST', url: '/api/upload-file', payload: body.payload, headers: { ...body.headers, ...owner.auth } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(MSG.onlyOneFile);
    });
  });

  it('refuses a file over 50 MB with 413 and removes the temp file', async () => {
    await expectNothingStored(async () => {
      const response = await uploadFile(t.app, owner.auth, 'apks', Buffer.alloc(MAX_FILE_BYTES + 1024, 1));
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toBe(MSG.fileTooLarge);
    });
  });

  it('refuses JSON bodies (uploads are multipart only)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/upload-file', payload: { type: 'images', file: 'x' }, headers: owner.auth });
    expect(response.statusCode).toBe(415);
  });

  it('leaves nothing behind when the upload is cut off mid-file', async () => {
    const png = await makePng();
    const body = multipart([
      { name: 'type', value: 'images' },
      { name: 'file', value: Buffer.concat([png, Buffer.alloc(64 * 1024, 7)]), filename: 'a.png' },
    ]);
    const cut = body.payload.subarray(0, body.payload.length - 40_000);
    await expectNothingStored(async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/upload-file',
        payload: Readable.from([cut]),
        headers: { ...body.headers, ...owner.auth },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(MSG.uploadInterrupted);
    });
  });
});

describe('GET /api/files/{type}/{filename}', () => {
  let apkUrl: string;
  beforeAll(async () => {
    apkUrl = (await uploadFile(t.app, owner.auth, 'apks', makeApk([{ name: 'big.bin', data: Buffer.alloc(4096, 3) }]))).json().url;
  });

  it('answers range requests with 206 and a Content-Range', async () => {
    const full = await t.app.inject({ method: 'GET', url: apkUrl });
    const partial = await t.app.inject({ method: 'GET', url: apkUrl, headers: { range: 'bytes=10-19' } });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 10-19/${full.rawPayload.length}`);
    expect(partial.rawPayload.equals(full.rawPayload.subarray(10, 20))).toBe(true);
    const suffix = await t.app.inject({ method: 'GET', url: apkUrl, headers: { range: 'bytes=-5' } });
    expect(suffix.rawPayload.equals(full.rawPayload.subarray(-5))).toBe(true);
    const bad = await t.app.inject({ method: 'GET', url: apkUrl, headers: { range: `bytes=${full.rawPayload.length + 10}-` } });
    expect(bad.statusCode).toBe(416);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const full = await t.app.inject({ method: 'GET', url: apkUrl });
    const again = await t.app.inject({ method: 'GET', url: apkUrl, headers: { 'if-none-match': String(full.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    '/api/files/images/00000000-0000-4000-8000-000000000000.webp',
    '/api/files/apks/00000000-0000-4000-8000-000000000000.apk',
    '/api/files/images/..%2F..%2Fsecret',
    '/api/files/images/%2e%2e%2f%2e%2e%2fdb%2fPG_VERSION',
    '/api/files/..%2fsecret/x.webp',
    '/api/files/images/..%5c..%5csecret',
    '/api/files/images/%252e%252e%252fsecret',
    '/api/files/tmp/x.part',
    '/api/files/images/x.svg',
    '/api/files/images/00000000-0000-4000-8000-000000000000.webp%00.png',
    `/api/files/images/${'a'.repeat(400)}.webp`,
  ])('answers 404 JSON for %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: expect.any(String), code: 'NOT_FOUND' });
  });
});

describe('DELETE /api/delete-file', () => {
  const del = (auth: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'DELETE', url: '/api/delete-file', payload, headers: auth });

  it('lets the owner delete: the row and the stored files go, the URL answers 404', async () => {
    const uploaded = (await uploadFile(t.app, owner.auth, 'images', await makePng())).json();
    const response = await del(owner.auth, { filename: uploaded.filename, type: 'images' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await t.database.db.$count(files, eq(files.filename, uploaded.filename))).toBe(0);
    expect(fs.existsSync(path.join(filesDir(), 'images', uploaded.filename))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: uploaded.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: uploaded.thumbnail })).statusCode).toBe(404);
  });

  it('refuses visitors (401) and other users (403), keeping the file', async () => {
    const uploaded = (await uploadFile(t.app, owner.auth, 'images', await makePng())).json();
    const visitor = await del({}, { filename: uploaded.filename, type: 'images' });
    expect(visitor.statusCode).toBe(401);
    const stranger = await del(other.auth, { filename: uploaded.filename, type: 'images' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error).toBe(MSG.forbidden);
    expect((await t.app.inject({ method: 'GET', url: uploaded.url })).statusCode).toBe(200);
  });

  it('lets an admin delete anyone’s file', async () => {
    const uploaded = (await uploadFile(t.app, owner.auth, 'apks', makeApk())).json();
    expect((await del(admin.auth, { filename: uploaded.filename, type: 'apks' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: uploaded.url })).statusCode).toBe(404);
  });

  it('refuses to delete a file a live glyph uses (409)', async () => {
    const uploaded = (await uploadFile(t.app, owner.auth, 'images', await makePng())).json();
    await insertGlyph(t.database, owner.id, { images: [uploaded.url] });
    const response = await del(owner.auth, { filename: uploaded.filename, type: 'images' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(MSG.fileInUse);
    expect((await t.app.inject({ method: 'GET', url: uploaded.url })).statusCode).toBe(200);
  });

  it.each([
    [{ filename: '00000000-0000-4000-8000-000000000000.webp', type: 'images' }, 404, MSG.fileNotFound],
    [{ filename: '../../db/PG_VERSION', type: 'images' }, 404, MSG.fileNotFound],
    [{ filename: 'x.webp', type: 'scripts' }, 400, MSG.fileTypeInvalid],
    [{ type: 'images' }, 400, MSG.fileNotFound],
    [{ filename: 'x'.repeat(300), type: 'images' }, 400, MSG.fileNotFound],
  ])('answers %j with %i', async (payload, status, message) => {
    const before = await rowCount();
    const response = await del(owner.auth, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toBe(message);
    expect(await rowCount()).toBe(before);
  });
});

describe('sweeper', () => {
  it('removes stale temp files and stored files without a row, keeping everything else', async () => {
    const kept = (await uploadFile(t.app, owner.auth, 'images', await makePng())).json();
    const orphan = path.join(filesDir(), 'apks', '11111111-1111-4111-8111-111111111111.apk');
    const orphanThumb = path.join(filesDir(), 'images', '11111111-1111-4111-8111-111111111111-thumb.webp');
    const staleTemp = path.join(filesDir(), 'tmp', 'left-over.part');
    for (const file of [orphan, orphanThumb, staleTemp]) fs.writeFileSync(file, 'x');
    const parse = createParsePool(); // starts no worker until a job runs; the sweep runs none
    onTestFinished(() => parse.close());
    const service = createFilesService({
      files: createFilesRepository(t.database.db),
      store: createLocalFileStore(filesDir()),
      parse,
      scanCommand: undefined,
    });
    const removed = await service.sweep({ now: new Date(Date.now() + 60_000), tempMaxAgeMs: 30_000 });
    expect(removed).toBe(3);
    for (const file of [orphan, orphanThumb, staleTemp]) expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(path.join(filesDir(), 'images', kept.filename))).toBe(true);
    expect(fs.existsSync(path.join(filesDir(), 'images', path.basename(kept.thumbnail)))).toBe(true);
  });

  it('removes a deleted account’s stored files after the deletion', async () => {
    const leaving = await createUser(t.app);
    const image = (await uploadFile(t.app, leaving.auth, 'images', await makePng())).json();
    const apk = (await uploadFile(t.app, leaving.auth, 'apks', makeApk())).json();
    const response = await t.app.inject({ method: 'DELETE', url: '/api/delete-user-data', headers: leaving.auth });
    expect(response.statusCode).toBe(200);
    expect(fs.existsSync(path.join(filesDir(), 'images', image.filename))).toBe(false);
    expect(fs.existsSync(path.join(filesDir(), 'apks', apk.filename))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: apk.url })).statusCode).toBe(404);
  });
});

describe('scan command and upload rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ UPLOAD_RATE_LIMIT: '2', FILE_SCAN_COMMAND: 'false' });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('quarantines when FILE_SCAN_COMMAND exits non-zero, then throttles uploads per user (429)', async () => {
    const user = await createUser(limited.app);
    const first = await uploadFile(limited.app, user.auth, 'apks', makeApk());
    expect(first.statusCode).toBe(422);
    expect(first.json().error).toBe(MSG.fileQuarantined);
    await uploadFile(limited.app, user.auth, 'apks', makeApk());
    const third = await uploadFile(limited.app, user.auth, 'apks', makeApk());
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toBe(MSG.uploadRateLimited);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Keyed by user: another account still uploads.
    const someoneElse = await createUser(limited.app);
    expect((await uploadFile(limited.app, someoneElse.auth, 'apks', makeApk())).statusCode).toBe(422);
  });
});
