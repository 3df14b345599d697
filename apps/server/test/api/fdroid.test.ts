import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApkEntries, createSigner, GLYPH_ENABLE, signApk, type Signer } from '@glyphary/test-support';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, makeAdmin, type TestUser } from '../factories.ts';
import { makePng, uploadFile } from '../file-fixtures.ts';
import { glyphDailyStats, glyphs, releases, users } from '../../src/db/schema/index.ts';
import { generateRepoKeyPem, parseRepoKey, repoKeyPath } from '../../src/modules/fdroid/fdroid.keys.ts';

const run = promisify(execFile);
const VERIFY = path.join(path.dirname(fileURLToPath(import.meta.url)), '../tools/fdroid-verify.py');
const INTERNET = 'android.permission.INTERNET';
// fdroidserver, jarsigner and RSA-4096 key generation take seconds each on a loaded 2-core machine.
const SLOW = 180_000;

let t: TestApp;
let base: string;
let creator: TestUser;
let admin: TestUser;
let keyA: Signer;
let keyB: Signer;

beforeAll(async () => {
  // Rebuilt on every request here; the caching test has its own app.
  t = await buildTestApp({ FDROID_INDEX_MAX_AGE_MS: '0' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  creator = await createUser(t.app);
  admin = await createUser(t.app);
  await makeAdmin(t.database, admin.id);
  [keyA, keyB] = await Promise.all([createSigner('Pulse Maker'), createSigner('Someone Else')]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

interface Spec {
  packageName: string;
  versionCode?: number;
  versionName?: string;
  signer?: Signer;
  permissions?: string[];
}

async function uploadApk(user: TestUser, spec: Spec) {
  const entries = buildApkEntries({
    packageName: spec.packageName,
    versionName: spec.versionName ?? '1.0',
    versionCode: spec.versionCode ?? 1,
    permissions: spec.permissions ?? [GLYPH_ENABLE],
    toys: [{ service: '.Toy', name: 'Toy', summary: 'A toy' }],
  });
  const apk = await signApk(entries, spec.signer ?? keyA, { v2: true });
  const response = await uploadFile(t.app, user.auth, 'apks', apk);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { url: string; sha256: string; size: number };
}

async function toy(user: TestUser, spec: Spec, extra: Record<string, unknown> = {}) {
  const apk = await uploadApk(user, spec);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/upload-glyph',
    headers: user.auth,
    payload: { title: `Toy ${spec.packageName}`, description: 'Pulses <b>with</b> notifications.', apkUrl: apk.url, githubUrl: 'https://github.com/example/pulse', ...extra },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { id: (response.json() as { id: string }).id, apk };
}

const publish = (user: TestUser, glyphId: string, apkUrl: string, changelog = '') =>
  t.app.inject({ method: 'POST', url: `/api/glyphs/${glyphId}/releases`, headers: user.auth, payload: { apkUrl, changelog } });

async function indexV2() {
  const response = await fetch(`${base}/fdroid/repo/index-v2.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as { repo: Record<string, unknown>; packages: Record<string, { metadata: Record<string, unknown>; versions: Record<string, Record<string, unknown>> }> };
}

async function fingerprint(): Promise<string> {
  const response = await fetch(`${base}/api/fdroid`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { repository: { fingerprint: string } }).repository.fingerprint;
}

/** Runs Debian's fdroidserver against a repository URL; `refused` is set when it rejects the repository. */
async function verify(url: string): Promise<{ refused?: string; v2Packages?: string[]; v1Packages?: string[]; fingerprint?: string; apks?: { package: string; file: string; signer: string }[] }> {
  try {
    const { stdout } = await run('/usr/bin/python3', [VERIFY, url], { timeout: 120_000 });
    return JSON.parse(stdout) as Awaited<ReturnType<typeof verify>>;
  } catch (error) {
    const { stdout, code } = error as { stdout?: string; code?: number };
    if (code === 2 && stdout) return JSON.parse(stdout) as { refused: string };
    throw error;
  }
}

describe('the F-Droid repository', () => {
  it('is verified by fdroidserver: entry signature against the shown fingerprint, index SHA-256, every APK SHA-256 and signer', async () => {
    const image = await uploadFile(t.app, creator.auth, 'images', await makePng());
    expect(image.statusCode).toBe(200);
    const first = await toy(creator, { packageName: 'com.example.verified', permissions: [GLYPH_ENABLE, INTERNET] }, { images: [(image.json() as { url: string }).url], tags: ['clock'] });
    const next = await uploadApk(creator, { packageName: 'com.example.verified', versionCode: 2, versionName: '1.1' });
    expect((await publish(creator, first.id, next.url, 'Faster pulses.')).statusCode).toBe(200);

    const shown = await fingerprint();
    expect(shown).toMatch(/^[0-9A-F]{64}$/);
    const result = await verify(`${base}/fdroid/repo?fingerprint=${shown}`);
    expect(result.refused).toBeUndefined();
    expect(result.fingerprint).toBe(shown);
    expect(result.v2Packages).toContain('com.example.verified');
    expect(result.v1Packages).toContain('com.example.verified');
    const files = result.apks!.filter((apk) => apk.package === 'com.example.verified');
    expect(files.map((apk) => apk.file).sort()).toEqual(['/com.example.verified_1.apk', '/com.example.verified_2.apk']);
    expect(files.every((apk) => apk.signer === keyA.sha256)).toBe(true);

    const index = await indexV2();
    const entry = index.packages['com.example.verified']!;
    expect(entry.metadata).toMatchObject({
      name: { 'en-US': 'Toy com.example.verified' },
      description: { 'en-US': 'Pulses &lt;b&gt;with&lt;/b&gt; notifications.' },
      categories: ['Clock'],
      sourceCode: 'https://github.com/example/pulse',
      authorName: expect.stringContaining(`@${creator.username}`),
      webSite: `http://localhost:3000/glyph/${first.id}`,
    });
    const newest = entry.versions[next.sha256]!;
    expect(newest).toMatchObject({
      file: { name: '/com.example.verified_2.apk', sha256: next.sha256, size: next.size },
      manifest: { versionCode: 2, versionName: '1.1', signer: { sha256: [keyA.sha256] } },
      whatsNew: { 'en-US': 'Faster pulses.' },
    });
    // The first version asked for INTERNET: NonFreeNet in F-Droid's words; the second did not.
    expect(entry.versions[first.apk.sha256]!.antiFeatures).toHaveProperty('NonFreeNet');
    expect(newest.antiFeatures).toBeUndefined();
    // The icon and screenshots the index names are served.
    const icon = (entry.metadata.icon as Record<string, { name: string; sha256: string }>)['en-US']!;
    const iconResponse = await fetch(`${base}/fdroid/repo${icon.name}`);
    expect(iconResponse.status).toBe(200);
    expect(Buffer.from(await iconResponse.arrayBuffer()).length).toBeGreaterThan(0);
  }, SLOW);

  it('is refused by the same check with a wrong fingerprint, a tampered index or a tampered entry', async () => {
    await toy(creator, { packageName: 'com.example.tamper' });
    const shown = await fingerprint();
    const wrong = await verify(`${base}/fdroid/repo?fingerprint=${'0'.repeat(64)}`);
    expect(wrong.refused, JSON.stringify(wrong)).toMatch(/fingerprint does not match/);

    const entryJar = Buffer.from(await (await fetch(`${base}/fdroid/repo/entry.jar`)).arrayBuffer());
    const index = Buffer.from(await (await fetch(`${base}/fdroid/repo/index-v2.json`)).arrayBuffer());
    const tamperedIndex = Buffer.from(index.toString('utf8').replace('com.example.tamper', 'com.example.tampex'));
    const tamperedJar = await rewriteEntry(entryJar, 'entry.json', (text) => text.replace(/"numPackages":\d+/, '"numPackages":99'));
    for (const [files, expected] of [
      [{ 'entry.jar': entryJar, 'index-v2.json': tamperedIndex }, /SHA-256 of .* does not match/],
      [{ 'entry.jar': tamperedJar, 'index-v2.json': index }, /JAR signature failed to verify/],
    ] as const) {
      const server = await serve(files);
      try {
        const result = await verify(`${server.url}/fdroid/repo?fingerprint=${shown}`);
        expect(result.refused, JSON.stringify(result)).toMatch(expected);
      } finally {
        server.server.close();
      }
    }
  }, SLOW);

  it('lists only published releases of visible toys by creators who are not suspended', async () => {
    const held = await toy(creator, { packageName: 'com.example.held' });
    const newKey = await uploadApk(creator, { packageName: 'com.example.held', versionCode: 2, signer: keyB });
    expect((await publish(creator, held.id, newKey.url)).statusCode).toBe(202);
    const hidden = await toy(creator, { packageName: 'com.example.hidden' });
    const deleted = await toy(creator, { packageName: 'com.example.deleted' });
    const suspendedUser = await createUser(t.app);
    await toy(suspendedUser, { packageName: 'com.example.suspended' });
    let index = await indexV2();
    expect(Object.keys(index.packages)).toEqual(expect.arrayContaining(['com.example.held', 'com.example.hidden', 'com.example.deleted', 'com.example.suspended']));
    // The key-change release waits for review: only version 1 is offered.
    expect(Object.values(index.packages['com.example.held']!.versions).map((v) => (v.manifest as { versionCode: number }).versionCode)).toEqual([1]);

    const now = new Date();
    await t.database.db.update(glyphs).set({ hiddenAt: now, deletedAt: now }).where(eq(glyphs.id, hidden.id));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/delete-glyph/${deleted.id}`, headers: creator.auth })).statusCode).toBe(200);
    await t.database.db.update(users).set({ suspendedAt: now }).where(eq(users.id, suspendedUser.id));
    index = await indexV2();
    expect(Object.keys(index.packages)).toContain('com.example.held');
    for (const gone of ['com.example.hidden', 'com.example.deleted', 'com.example.suspended']) expect(Object.keys(index.packages)).not.toContain(gone);
    expect((await fetch(`${base}/fdroid/repo/com.example.deleted_1.apk`, { redirect: 'manual' })).status).toBe(404);

    // Approved, the new key's release appears.
    const [pending] = await t.database.db.select({ id: releases.id }).from(releases).where(eq(releases.state, 'pending'));
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/releases/${pending!.id}/approve`, headers: admin.auth })).statusCode).toBe(200);
    index = await indexV2();
    expect(Object.values(index.packages['com.example.held']!.versions).map((v) => (v.manifest as { versionCode: number }).versionCode).sort()).toEqual([1, 2]);
  });

  it("carries the toy's SPDX licence (index-v2 metadata.license, index-v1 license), and none when it has none", async () => {
    await toy(creator, { packageName: 'com.example.licensed' }, { license: 'gpl-3.0-or-later' });
    await toy(creator, { packageName: 'com.example.unlicensed' });
    const index = await indexV2();
    expect(index.packages['com.example.licensed']!.metadata.license).toBe('GPL-3.0-or-later');
    expect(index.packages['com.example.unlicensed']!.metadata).not.toHaveProperty('license');
    const v1 = (await (await fetch(`${base}/fdroid/repo/index-v1.json`)).json()) as { apps: Array<{ packageName: string; license?: string }> };
    expect(v1.apps.find((app) => app.packageName === 'com.example.licensed')?.license).toBe('GPL-3.0-or-later');
    expect(v1.apps.find((app) => app.packageName === 'com.example.unlicensed')).not.toHaveProperty('license');
  });

  it('a package belongs to the toy that published it first: another toy with the same package is not offered', async () => {
    const original = await toy(creator, { packageName: 'com.example.claimed' });
    const other = await createUser(t.app);
    await toy(other, { packageName: 'com.example.claimed', versionCode: 5, signer: keyB });
    const index = await indexV2();
    const versions = Object.values(index.packages['com.example.claimed']!.versions);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ manifest: { versionCode: 1 } });
    expect(index.packages['com.example.claimed']!.metadata.webSite).toBe(`http://localhost:3000/glyph/${original.id}`);
  });

  it('serves APKs at <package>_<versionCode>.apk, counted once per actor, and nothing else there', async () => {
    const { id, apk } = await toy(creator, { packageName: 'com.example.counted' });
    const first = await fetch(`${base}/fdroid/repo/com.example.counted_1.apk`, { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(apk.url);
    await fetch(`${base}/fdroid/repo/com.example.counted_1.apk`, { redirect: 'manual' });
    const [row] = await t.database.db.select({ downloads: glyphs.downloads }).from(glyphs).where(eq(glyphs.id, id));
    expect(row?.downloads).toBe(1);
    const [daily] = await t.database.db.select().from(glyphDailyStats).where(eq(glyphDailyStats.glyphId, id));
    expect(daily).toMatchObject({ downloadsRepository: 1, downloadsButton: 0, downloadsLatest: 0 });
    const followed = await fetch(`${base}/fdroid/repo/com.example.counted_1.apk`);
    expect(Buffer.from(await followed.arrayBuffer()).length).toBe(apk.size);
    for (const missing of ['com.example.counted_2.apk', 'com.example.nothing_1.apk', '..%2f..%2fetc_1.apk', 'repo-key.pem', 'x.apk']) {
      expect((await fetch(`${base}/fdroid/repo/${missing}`, { redirect: 'manual' })).status, missing).toBe(404);
    }
    expect((await fetch(`${base}/fdroid/repo/images/00000000-0000-4000-8000-000000000000.png`, { redirect: 'manual' })).status).toBe(404);
  });

  it('answers If-None-Match with 304 and sends the browser to the Install page', async () => {
    const first = await fetch(`${base}/fdroid/repo/entry.jar`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await fetch(`${base}/fdroid/repo/entry.jar`, { headers: { 'if-none-match': etag! } })).status).toBe(304);
    const browser = await fetch(`${base}/fdroid/repo?fingerprint=x`, { redirect: 'manual' });
    expect(browser.status).toBe(302);
    expect(browser.headers.get('location')).toBe('/install');
  });

  it('keeps the generated key in DATA_DIR and never serves it', async () => {
    const text = fs.readFileSync(repoKeyPath(t.dataDir), 'utf8');
    expect((fs.statSync(repoKeyPath(t.dataDir)).mode & 0o777).toString(8)).toBe('600');
    expect((await parseRepoKey(text)).fingerprint).toBe(await fingerprint());
    for (const leak of ['/fdroid/repo/repo-key.pem', '/fdroid/repo-key.pem', '/fdroid/repo/fdroid/repo-key.pem']) {
      const response = await fetch(`${base}${leak}`);
      expect(await response.text()).not.toContain('PRIVATE KEY');
    }
  });
});

describe('freshness and several instances', () => {
  it('serves a cached index until FDROID_INDEX_MAX_AGE_MS has passed; a publish appears in the next rebuild', async () => {
    let now = Date.now();
    const clock = { now: () => new Date(now) };
    const cached = await buildTestApp({ FDROID_INDEX_MAX_AGE_MS: '5000' }, { clock });
    try {
      const user = await createUser(cached.app);
      const read = async () => (await cached.app.inject({ method: 'GET', url: '/fdroid/repo/index-v2.json' })).json() as { repo: { timestamp: number }; packages: Record<string, unknown> };
      const before = await read();
      const entries = buildApkEntries({ packageName: 'com.example.fresh', versionName: '1', versionCode: 1, permissions: [GLYPH_ENABLE], toys: [{ service: '.Toy', name: 'Toy', summary: 'x' }] });
      const apk = await uploadFile(cached.app, user.auth, 'apks', await signApk(entries, keyA, { v2: true }));
      const glyph = await cached.app.inject({ method: 'POST', url: '/api/upload-glyph', headers: user.auth, payload: { title: 'Fresh', description: 'Fresh toy.', apkUrl: (apk.json() as { url: string }).url } });
      expect(glyph.statusCode).toBe(200);
      expect(Object.keys((await read()).packages)).not.toContain('com.example.fresh');
      now += 5000;
      const after = await read();
      expect(Object.keys(after.packages)).toContain('com.example.fresh');
      expect(after.repo.timestamp).toBeGreaterThan(before.repo.timestamp);
      // Nothing changed: the same signed files and timestamp after the next rebuild.
      const jar = (await cached.app.inject({ method: 'GET', url: '/fdroid/repo/entry.jar' })).rawPayload;
      now += 5000;
      expect((await read()).repo.timestamp).toBe(after.repo.timestamp);
      expect((await cached.app.inject({ method: 'GET', url: '/fdroid/repo/entry.jar' })).rawPayload.equals(jar)).toBe(true);
    } finally {
      await cached.close();
    }
  }, SLOW);

  it('signs with FDROID_REPO_KEY on every instance (same fingerprint, jarsigner accepts both), and refuses a bad key at boot', async () => {
    const pem = await generateRepoKeyPem('Shared key', new Date());
    const expected = (await parseRepoKey(pem)).fingerprint;
    const [one, two] = [await buildTestApp({ FDROID_REPO_KEY: pem }), await buildTestApp({ FDROID_REPO_KEY: pem })];
    try {
      for (const instance of [one, two]) {
        const info = (await instance.app.inject({ method: 'GET', url: '/api/fdroid' })).json() as { repository: { fingerprint: string; addUrl: string } };
        expect(info.repository.fingerprint).toBe(expected);
        expect(info.repository.addUrl).toBe(`fdroidrepo://localhost:3000/fdroid/repo?fingerprint=${expected}`);
        const jar = path.join(instance.dataDir, 'entry.jar');
        fs.writeFileSync(jar, (await instance.app.inject({ method: 'GET', url: '/fdroid/repo/entry.jar' })).rawPayload);
        // jarsigner -strict exits 4 for a verified JAR signed by a self-signed certificate (what fdroidserver accepts).
        const result = await run('/usr/bin/jarsigner', ['-strict', '-verify', '-certs', jar]).then(() => 0, (error: { code: number }) => error.code);
        expect(result).toBe(4);
        expect(fs.existsSync(repoKeyPath(instance.dataDir))).toBe(false);
      }
    } finally {
      await one.close();
      await two.close();
    }
    await expect(buildTestApp({ FDROID_REPO_KEY: pem.replace(/-----BEGIN CERTIFICATE-----[\s\S]*$/, '') })).rejects.toThrow(/CERTIFICATE/);
  }, SLOW);
});

/** A copy of a JAR with one entry's text changed (its signature files untouched), rewritten by Python's zipfile. */
async function rewriteEntry(jar: Buffer, name: string, change: (text: string) => string): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdroid-tamper-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.jar'), jar);
    const script = 'import sys, zipfile\nsrc = zipfile.ZipFile(sys.argv[1])\nprint(src.read(sys.argv[2]).decode())';
    const { stdout } = await run('/usr/bin/python3', ['-c', script, path.join(dir, 'in.jar'), name]);
    fs.writeFileSync(path.join(dir, 'new.txt'), change(stdout.replace(/\n$/, '')));
    const rewrite = [
      'import sys, zipfile',
      'src = zipfile.ZipFile(sys.argv[1])',
      'out = zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED)',
      'for info in src.infolist():',
      '    out.writestr(info.filename, open(sys.argv[4], "rb").read() if info.filename == sys.argv[3] else src.read(info.filename))',
      'out.close()',
    ].join('\n');
    await run('/usr/bin/python3', ['-c', rewrite, path.join(dir, 'in.jar'), path.join(dir, 'out.jar'), name, path.join(dir, 'new.txt')]);
    return fs.readFileSync(path.join(dir, 'out.jar'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A static server of a repository's files (what a compromised mirror would serve). */
async function serve(files: Record<string, Buffer>): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((request, response) => {
    const body = files[(request.url ?? '').replace(/^\/fdroid\/repo\//, '').split('?')[0] ?? ''];
    response.writeHead(body ? 200 : 404).end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
