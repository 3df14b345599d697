import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { files } from '../../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, type TestUser } from '../factories.ts';
import { makeApk, makePng, uploadFile } from '../file-fixtures.ts';
import { startS3Emulator, type S3Emulator } from './s3-emulator.ts';

// The file API with S3_BUCKET set (issue 11): the same routes and answers as on local disk, with the
// objects in the bucket and nothing left on the instance's disk.
let emulator: S3Emulator;
let t: TestApp;
let owner: TestUser;
let raw: S3Client;

beforeAll(async () => {
  emulator = await startS3Emulator('glyphary-api');
  t = await buildTestApp({
    S3_BUCKET: emulator.bucket,
    S3_ENDPOINT: emulator.endpoint || undefined,
    S3_REGION: emulator.region,
    S3_ACCESS_KEY_ID: emulator.accessKeyId,
    S3_SECRET_ACCESS_KEY: emulator.secretAccessKey,
    S3_FORCE_PATH_STYLE: String(emulator.forcePathStyle),
  });
  owner = await createUser(t.app);
  raw = new S3Client({
    region: emulator.region,
    ...(emulator.endpoint ? { endpoint: emulator.endpoint } : {}),
    credentials: { accessKeyId: emulator.accessKeyId, secretAccessKey: emulator.secretAccessKey },
    forcePathStyle: emulator.forcePathStyle,
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
  raw?.destroy();
  await emulator?.close();
});

async function bucketKeys(): Promise<string[]> {
  const page = await raw.send(new ListObjectsV2Command({ Bucket: emulator.bucket }));
  return (page.Contents ?? []).map((object) => object.Key ?? '').sort();
}

describe('file API on an S3 bucket', () => {
  it('stores an uploaded image and its thumbnail in the bucket and serves them with the same headers as from disk', async () => {
    const response = await uploadFile(t.app, owner.auth, 'images', await makePng(64, 48));
    expect(response.statusCode).toBe(200);
    const { url, thumbnail, filename, size } = response.json() as {
      url: string;
      thumbnail: string;
      filename: string;
      size: number;
    };
    const keys = await bucketKeys();
    expect(keys).toContain(`images/${filename}`);
    expect(keys).toContain(`images/${path.basename(thumbnail)}`);
    // Nothing on the instance's disk but the (empty) temp directory.
    expect(fs.existsSync(path.join(t.dataDir, 'files', 'images'))).toBe(false);
    expect(fs.readdirSync(path.join(t.dataDir, 'files', 'tmp'))).toEqual([]);

    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['content-length']).toBe(String(size));
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(served.rawPayload.length).toBe(size);

    const ranged = await t.app.inject({ url, headers: { range: 'bytes=4-11' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 4-11/${size}`);
    expect(ranged.rawPayload.equals(served.rawPayload.subarray(4, 12))).toBe(true);
    expect((await t.app.inject({ url, headers: { 'if-none-match': String(served.headers.etag) } })).statusCode).toBe(304);
    expect((await t.app.inject({ url: thumbnail })).statusCode).toBe(200);
  });

  it("serves an APK as an attachment named after its glyph, and the object keeps the APK's content type", async () => {
    const response = await uploadFile(t.app, owner.auth, 'apks', makeApk());
    expect(response.statusCode).toBe(200);
    const { url, filename } = response.json() as { url: string; filename: string };
    const [row] = await t.database.db.select({ id: files.id }).from(files).where(eq(files.filename, filename));
    await insertGlyph(t.database, owner.id, { title: 'Bucket Toy', apkUrl: url, apkFileId: row!.id, githubUrl: null });
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(served.headers['content-disposition']).toBe('attachment; filename="bucket_toy.apk"');
    const head = await raw.send(new HeadObjectCommand({ Bucket: emulator.bucket, Key: `apks/${filename}` }));
    expect(head.ContentType).toBe('application/vnd.android.package-archive');
    expect(head.ContentDisposition).toBe('attachment');
  });

  it('removes the objects when the owner deletes the file, and then answers 404', async () => {
    const response = await uploadFile(t.app, owner.auth, 'images', await makePng(20, 20));
    const { url, thumbnail, filename } = response.json() as { url: string; thumbnail: string; filename: string };
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/delete-file',
      headers: owner.auth,
      payload: { type: 'images', filename },
    });
    expect(deleted.statusCode).toBe(200);
    const keys = await bucketKeys();
    expect(keys).not.toContain(`images/${filename}`);
    expect(keys).not.toContain(`images/${path.basename(thumbnail)}`);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown file without touching the bucket', async () => {
    expect((await t.app.inject({ url: '/api/files/images/00000000-0000-4000-8000-000000000000.webp' })).statusCode).toBe(404);
  });
});
