import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from '@20minutes/s3rver';

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string>;
  mountPath?: string;
  state: { vhost?: boolean };
}

export interface S3Emulator {
  endpoint: string;
  bucket: string;
  region: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
  /** The emulator's on-disk store, to look at what really landed in the "bucket". */
  directory: string;
  /** Every request received (method, path, query), to see how the client talked to it; null for a real bucket. */
  requests: Array<{ method: string; path: string; query: Record<string, string> }> | null;
  close(): Promise<void>;
}

/**
 * Starts s3rver (an S3-compatible server on the local filesystem, from npm) on a free loopback port
 * with one bucket. It checks SigV4 signatures with its fixed key pair (S3RVER/S3RVER).
 */
export async function startS3Emulator(bucket = 'glyphary-test'): Promise<S3Emulator> {
  // A staging bucket instead (docs/deploy.md): TEST_S3_BUCKET, TEST_S3_ENDPOINT, TEST_S3_REGION,
  // TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY, TEST_S3_FORCE_PATH_STYLE. Use an empty, dedicated bucket.
  const real = process.env.TEST_S3_BUCKET;
  if (real) {
    return {
      endpoint: process.env.TEST_S3_ENDPOINT ?? '',
      bucket: real,
      region: process.env.TEST_S3_REGION ?? 'us-east-1',
      forcePathStyle: process.env.TEST_S3_FORCE_PATH_STYLE === 'true',
      accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? '',
      directory: '',
      requests: null,
      close: async () => undefined,
    };
  }
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  // One shim, between s3rver's vhost step and its router: for a path-style bucket URL (`/bucket/?list-type=2`)
  // AWS SDK v3 signs the path `/bucket/` (as S3 does) while s3rver rebuilds it as `/bucket`, so every
  // ListObjectsV2 failed with SignatureDoesNotMatch. Marking the request as addressed to `/bucket` + `/`
  // makes s3rver rebuild `/bucket/`: signatures are still verified, on the path that was really signed.
  const middleware = (server as unknown as { middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => unknown> })
    .middleware;
  const requests: S3Emulator['requests'] = [];
  middleware.splice(middleware.length - 1, 0, (ctx, next) => {
    requests.push({ method: ctx.method, path: ctx.path, query: { ...ctx.query } });
    if (!ctx.state.vhost && /^\/[^/]+\/$/.test(ctx.path)) {
      ctx.state.vhost = true;
      ctx.mountPath = '/';
    }
    return next();
  });
  const address = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    region: 'us-east-1',
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    directory,
    requests,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
