import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { buildApp } from '../../src/app.ts';
import { TEST_SECRET, testPasswordHasher, testEnv } from '../build-test-app.ts';
import { createUser, insertGlyph } from '../factories.ts';
import { makeApk, makePng, uploadFile } from '../file-fixtures.ts';
import { REPO_ROOT } from './instances.ts';

// `npm run backup` / `npm run restore` (issue 11): the embedded default (PGlite + files) round-trips into a
// fresh DATA_DIR, where a server finds every glyph and file. The scripts run as the operator runs them.

function runScript(script: 'backup' | 'restore', args: string[]) {
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', `${script}.ts`), ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function openApp(dataDir: string): Promise<{ app: FastifyInstance; database: Database }> {
  const env = testEnv(dataDir, { WEB_DIST_DIR: dataDir });
  const database = await openDatabase({ dataDir });
  await runMigrations(database);
  const app = await buildApp({ env, database, secret: TEST_SECRET, passwordHasher: testPasswordHasher });
  await app.ready();
  return { app, database };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore of the embedded default', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-backup-test-'));
  const source = path.join(root, 'source');
  const restored = path.join(root, 'restored');
  const archive = path.join(root, 'backup.tar.gz');
  const glyphIds: string[] = [];
  const fileUrls: Array<{ url: string; sha: string }> = [];
  let deletedGlyphId = '';
  let fdroidFingerprint = '';

  beforeAll(async () => {
    fs.mkdirSync(source);
    fs.writeFileSync(path.join(source, 'secret'), 'a-generated-secret-that-main-ts-would-keep-here', { mode: 0o600 });
    const { app, database } = await openApp(source);
    try {
      // The F-Droid repository key is generated on first use; phones pin its fingerprint.
      fdroidFingerprint = ((await app.inject({ url: '/api/fdroid' })).json() as { repository: { fingerprint: string } }).repository.fingerprint;
      expect(fs.existsSync(path.join(source, 'fdroid', 'repo-key.pem'))).toBe(true);
      const user = await createUser(app);
      for (const [type, data] of [
        ['images', await makePng(32, 24)],
        ['apks', makeApk()],
      ] as const) {
        const response = await uploadFile(app, user.auth, type, data);
        expect(response.statusCode).toBe(200);
        const body = response.json() as { url: string; thumbnail: string | null };
        fileUrls.push({ url: body.url, sha: sha256((await app.inject({ url: body.url })).rawPayload) });
        if (body.thumbnail)
          fileUrls.push({ url: body.thumbnail, sha: sha256((await app.inject({ url: body.thumbnail })).rawPayload) });
      }
      for (let i = 0; i < 3; i += 1) glyphIds.push((await insertGlyph(database, user.id, { title: `Backed up ${i}` })).id);
      deletedGlyphId = (await insertGlyph(database, user.id, { title: 'Deleted before the backup', deletedAt: new Date() })).id;

      // While a server holds the data directory, the backup refuses (it would copy a moving target).
      const refused = runScript('backup', ['--data-dir', source, '--out', archive]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('refusing to back up a data directory in use');
      expect(fs.existsSync(archive)).toBe(false);
    } finally {
      await app.close();
      await database.close();
    }
  }, 180_000);

  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('writes one archive (owner-readable only) from a stopped server', () => {
    const result = runScript('backup', ['--data-dir', source, '--out', archive]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // Two uploads: the image and the toy APK, plus the toy preview image extracted from the APK (issue 15).
    expect(result.stdout).toContain('4 glyphs, 3 files, 1 users');
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
  }, 120_000);

  it('restores into a fresh directory, verifies it, and a server there finds every glyph and file', async () => {
    const result = runScript('restore', [archive, '--data-dir', restored]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('verified');
    expect(fs.readFileSync(path.join(restored, 'secret'), 'utf8')).toBe('a-generated-secret-that-main-ts-would-keep-here');
    expect(fs.readFileSync(path.join(restored, 'fdroid', 'repo-key.pem'), 'utf8')).toBe(fs.readFileSync(path.join(source, 'fdroid', 'repo-key.pem'), 'utf8'));
    expect(fs.statSync(path.join(restored, 'fdroid', 'repo-key.pem')).mode & 0o777).toBe(0o600);

    const { app, database } = await openApp(restored);
    try {
      // The restored server signs with the same key: phones that added the repository keep trusting it.
      expect((await app.inject({ url: '/api/fdroid' })).json()).toMatchObject({ repository: { fingerprint: fdroidFingerprint } });
      for (const id of glyphIds) {
        const response = await app.inject({ url: `/api/get-glyph/${id}` });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ glyph: { id, deleted: false } });
      }
      expect((await app.inject({ url: `/api/get-glyph/${deletedGlyphId}` })).json()).toMatchObject({
        glyph: { id: deletedGlyphId, deleted: true },
      });
      for (const file of fileUrls) {
        const response = await app.inject({ url: file.url });
        expect(response.statusCode).toBe(200);
        expect(sha256(response.rawPayload)).toBe(file.sha);
      }
    } finally {
      await app.close();
      await database.close();
    }
  }, 180_000);

  it('refuses to restore over existing data, and refuses archives that are not Glyphary backups', () => {
    const again = runScript('restore', [archive, '--data-dir', restored]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('restore into a fresh DATA_DIR');

    const hostileDir = path.join(root, 'hostile');
    fs.mkdirSync(path.join(hostileDir, 'files'), { recursive: true });
    fs.writeFileSync(path.join(hostileDir, 'manifest.json'), '{}');
    fs.writeFileSync(path.join(hostileDir, 'files', 'run-me.sh'), 'echo hi');
    const hostile = path.join(root, 'hostile.tar.gz');
    spawnSync('tar', ['-czf', hostile, '-C', hostileDir, 'manifest.json', 'files/run-me.sh']);
    const fresh = path.join(root, 'fresh');
    const refused = runScript('restore', [hostile, '--data-dir', fresh]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('not a Glyphary backup (unexpected entries: files/run-me.sh)');
    expect(fs.existsSync(path.join(fresh, 'db'))).toBe(false);
  }, 120_000);
});
