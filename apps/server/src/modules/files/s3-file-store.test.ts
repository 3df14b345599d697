import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startS3Emulator, type S3Emulator } from '../../../test/scale/s3-emulator.ts';
import { createS3FileStore } from './s3-file-store.ts';
import type { FileStore } from './file-store.ts';

// The S3 store against s3rver, an S3-compatible server started here on loopback (issue 11); against a
// staging bucket when TEST_S3_BUCKET and friends are set (see test/scale/s3-emulator.ts).
let emulator: S3Emulator;
let store: FileStore & { close(): void };
let raw: S3Client;
let tempDir: string;

beforeAll(async () => {
  emulator = await startS3Emulator();
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-s3-tmp-'));
  const credentials = { accessKeyId: emulator.accessKeyId, secretAccessKey: emulator.secretAccessKey };
  store = createS3FileStore({
    bucket: emulator.bucket,
    endpoint: emulator.endpoint,
    region: emulator.region,
    credentials,
    forcePathStyle: emulator.forcePathStyle,
    tempDir,
    listGraceMs: 0,
  });
  raw = new S3Client({
    region: emulator.region,
    ...(emulator.endpoint ? { endpoint: emulator.endpoint } : {}),
    credentials,
    forcePathStyle: emulator.forcePathStyle,
  });
});
afterAll(async () => {
  store.close();
  raw.destroy();
  await emulator.close();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

async function putBytes(key: string, data: Buffer): Promise<string> {
  const tempPath = store.createTempPath();
  fs.writeFileSync(tempPath, data);
  await store.put(key, tempPath);
  return tempPath;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3 file store', () => {
  it('puts a temp file, removes the temp file, and reads it back whole and by byte range', async () => {
    const key = `images/${randomUUID()}.webp`;
    const data = randomBytes(64 * 1024);
    const tempPath = await putBytes(key, data);
    expect(fs.existsSync(tempPath)).toBe(false);
    expect(path.dirname(tempPath)).toBe(tempDir);
    expect(await readAll(store.stream(key))).toEqual(data);
    expect(await readAll(store.stream(key, { start: 100, end: 199 }))).toEqual(data.subarray(100, 200));
    expect(await readAll(store.stream(key, { start: data.length - 1, end: data.length - 1 }))).toEqual(data.subarray(-1));
    const stat = await store.stat(key);
    expect(stat).toMatchObject({ key, size: data.length });
    expect(stat?.modifiedAt).toBeInstanceOf(Date);
  });

  it('uploads a large file in several parts (streamed multipart) with its content type and disposition', async () => {
    const key = `apks/${randomUUID()}.apk`;
    const data = randomBytes(6 * 1024 * 1024); // a 5 MiB part and a 1 MiB part
    await putBytes(key, data);
    const head = await raw.send(new HeadObjectCommand({ Bucket: emulator.bucket, Key: key }));
    expect(head.ContentLength).toBe(data.length);
    expect(head.ContentType).toBe('application/vnd.android.package-archive');
    expect(head.ContentDisposition).toBe('attachment');
    // Two UploadPart requests (PUT ?partNumber&uploadId), then one CompleteMultipartUpload.
    const parts = (emulator.requests ?? []).filter(
      (request) => request.method === 'PUT' && request.path.endsWith(key) && request.query.partNumber,
    );
    if (emulator.requests) expect(parts.map((request) => request.query.partNumber).sort()).toEqual(['1', '2']);
    expect(await readAll(store.stream(key))).toEqual(data);
    await store.delete(key);
  }, 90_000); // the emulator hashes and writes every part on this (2-core, shared) machine

  it('stores images inline as image/webp', async () => {
    const key = `images/${randomUUID()}-thumb.webp`;
    await putBytes(key, Buffer.from('RIFF....WEBP'));
    const head = await raw.send(new HeadObjectCommand({ Bucket: emulator.bucket, Key: key }));
    expect(head.ContentType).toBe('image/webp');
    expect(head.ContentDisposition).toBe('inline');
  });

  it('answers null for a missing object, errors the stream for it, and deletes idempotently', async () => {
    const key = `apks/${randomUUID()}.apk`;
    expect(await store.stat(key)).toBeNull();
    await expect(readAll(store.stream(key))).rejects.toMatchObject({ name: 'NoSuchKey' });
    await putBytes(key, Buffer.from('apk'));
    await store.delete(key);
    await store.delete(key);
    expect(await store.stat(key)).toBeNull();
  });

  it('lists by prefix only', async () => {
    const apkKeys = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const key = `apks/${randomUUID()}.apk`;
      await putBytes(key, Buffer.from(`apk ${i}`));
      apkKeys.add(key);
    }
    const listed: string[] = [];
    for await (const object of store.list('apks/')) {
      expect(object.key.startsWith('apks/')).toBe(true);
      listed.push(object.key);
    }
    expect(new Set(listed)).toEqual(apkKeys);
  });

  it('leaves out objects younger than the grace period (another instance may not have inserted its row yet)', async () => {
    const credentials = { accessKeyId: emulator.accessKeyId, secretAccessKey: emulator.secretAccessKey };
    const graceful = createS3FileStore({
      bucket: emulator.bucket,
      endpoint: emulator.endpoint,
      region: emulator.region,
      credentials,
      forcePathStyle: emulator.forcePathStyle,
      tempDir,
    });
    try {
      await putBytes(`images/${randomUUID()}.webp`, Buffer.from('fresh'));
      const listed: string[] = [];
      for await (const object of graceful.list('images/')) listed.push(object.key);
      expect(listed).toEqual([]);
    } finally {
      graceful.close();
    }
  });

  it('refuses keys outside the product key pattern before any request', async () => {
    for (const key of [
      '../etc/passwd',
      'images/../../x.webp',
      'images/x.webp',
      'other/00000000-0000-0000-0000-000000000000.apk',
    ]) {
      await expect(store.stat(key)).rejects.toThrow(/Invalid storage key/);
      await expect(store.delete(key)).rejects.toThrow(/Invalid storage key/);
      expect(() => store.stream(key)).toThrow(/Invalid storage key/);
    }
  });

  it('fails the put when the credentials are wrong (the emulator checks SigV4 signatures)', async () => {
    const wrong = createS3FileStore({
      bucket: emulator.bucket,
      endpoint: emulator.endpoint,
      region: emulator.region,
      credentials: { accessKeyId: emulator.accessKeyId, secretAccessKey: 'not-the-secret' },
      forcePathStyle: emulator.forcePathStyle,
      tempDir,
    });
    try {
      const key = `images/${randomUUID()}.webp`;
      const tempPath = wrong.createTempPath();
      fs.writeFileSync(tempPath, 'x');
      await expect(wrong.put(key, tempPath)).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
      expect(await store.stat(key)).toBeNull();
      fs.rmSync(tempPath, { force: true });
    } finally {
      wrong.close();
    }
  });
});
