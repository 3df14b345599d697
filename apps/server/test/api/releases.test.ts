import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { MAX_CHANGELOG, MSG } from '@glyphary/shared';
import { buildTestApp, TEST_SECRET, testPasswordHasher, type TestApp } from '../build-test-app.ts';
import { buildApp } from '../../src/app.ts';
import { createUser, makeAdmin, type TestUser } from '../factories.ts';
import { uploadFile } from '../file-fixtures.ts';
import { addV2Signature, buildApkEntries, createSigner, GLYPH_ENABLE, makeZip, signApk, type ApkSpec, type Signer } from '@glyphary/test-support';
import { auditLog, files, glyphDownloads, glyphs, notifications, releaseDownloads, releases } from '../../src/db/schema/index.ts';
import { queryRows } from '../../src/db/client.ts';
import { checkInvariants } from '../../src/db/invariants.ts';

let t: TestApp;
let creator: TestUser;
let other: TestUser;
let admin: TestUser;
// Two signing keys: the creator's, and another one (a stolen account or a lost key).
let keyA: Signer;
let keyB: Signer;

beforeAll(async () => {
  t = await buildTestApp();
  creator = await createUser(t.app);
  other = await createUser(t.app);
  admin = await createUser(t.app);
  await makeAdmin(t.database, admin.id);
  [keyA, keyB] = await Promise.all([createSigner('Pulse Maker'), createSigner('Someone Else')]);
});
afterAll(async () => {
  await t.close();
});

interface BuildSpec {
  packageName?: string;
  versionName?: string;
  versionCode?: number;
  /** The signing key; null = unsigned. Default: the creator's key A. */
  signer?: Signer | null;
  permissions?: string[];
  toys?: ApkSpec['toys'];
}

/** Uploads a real APK built by @glyphary/test-support (binary manifest, v2 signature) as `user`. */
async function uploadApk(user: TestUser, spec: BuildSpec = {}): Promise<{ url: string; sha256: string; size: number }> {
  const entries = buildApkEntries({
    packageName: spec.packageName ?? 'com.example.pulse',
    versionName: spec.versionName ?? '1.0',
    versionCode: spec.versionCode ?? 1,
    permissions: spec.permissions ?? [GLYPH_ENABLE],
    toys: spec.toys ?? [{ service: '.PulseToy', name: 'Pulse', summary: 'Pulses' }],
  });
  const signer = spec.signer === undefined ? keyA : spec.signer;
  const apk = signer ? await signApk(entries, signer, { v2: true }) : makeZip(entries);
  const response = await uploadFile(t.app, user.auth, 'apks', apk);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { url: string; sha256: string; size: number };
}

/** A live glyph of `user` shipping an APK built from `spec` (its release 1). */
async function glyphWithApk(user: TestUser, spec: BuildSpec = {}, title = 'Pulse Ring') {
  const apk = await uploadApk(user, spec);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/upload-glyph',
    headers: user.auth,
    payload: { title, description: 'Pulses with notifications.', apkUrl: apk.url, githubUrl: 'https://github.com/example/pulse' },
  });
  expect(response.statusCode).toBe(200);
  return { id: (response.json() as { id: string }).id, apk };
}

const publish = (user: TestUser | null, glyphId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/glyphs/${glyphId}/releases`, headers: user?.auth ?? {}, payload });
const list = (glyphId: string) => t.app.inject({ method: 'GET', url: `/api/glyphs/${glyphId}/releases` });
const releaseCount = (glyphId: string) => t.database.db.$count(releases, eq(releases.glyphId, glyphId));
const glyphRow = async (id: string) => (await t.database.db.select().from(glyphs).where(eq(glyphs.id, id)))[0];

type ReleaseJson = { id: string; versionName: string | null; versionCode: number | null; changelog: string; apkUrl: string; size: number; sha256: string; downloads: number; createdAt: string; signerChanged: boolean };

describe('publishing releases', () => {
  it('a new glyph with an APK has release 1; publishing 1.1 with a changelog lists it first and moves the glyph', async () => {
    const { id, apk } = await glyphWithApk(creator);
    const first = (await list(id)).json() as { releases: ReleaseJson[] };
    expect(first.releases).toHaveLength(1);
    expect(first.releases[0]).toMatchObject({ versionName: '1.0', versionCode: 1, apkUrl: apk.url, sha256: apk.sha256, size: apk.size, downloads: 0, signerChanged: false, changelog: '' });

    const next = await uploadApk(creator, { versionName: '1.1', versionCode: 2 });
    const changelog = 'Fixed the pulse timing.\r\nSee https://example.com/notes';
    const response = await publish(creator, id, { apkUrl: next.url, changelog });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, release: { versionName: '1.1', versionCode: 2, state: 'published', signerSha256: [keyA.sha256] } });

    const after = (await list(id)).json() as { releases: ReleaseJson[] };
    expect(after.releases.map((r) => r.versionName)).toEqual(['1.1', '1.0']);
    expect(after.releases[0]?.changelog).toBe('Fixed the pulse timing.\nSee https://example.com/notes');
    const glyph = await glyphRow(id);
    expect(glyph?.apkUrl).toBe(next.url);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/get-glyph/${id}` })).json() as { glyph: { apkUrl: string; apkSha256: string } };
    expect(detail.glyph).toMatchObject({ apkUrl: next.url, apkSha256: next.sha256 });
  });

  it('checks who publishes before the body: 401 visitor, 403 someone else, 404 unknown glyph', async () => {
    const { id } = await glyphWithApk(creator);
    expect((await publish(null, id, {})).statusCode).toBe(401);
    expect((await publish(other, id, {})).statusCode).toBe(403);
    const unknown = await publish(creator, '00000000-0000-4000-8000-000000000000', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: MSG.glyphNotFound });
    expect((await publish(creator, "1' or '1'='1", {})).statusCode).toBe(404);
    expect(await releaseCount(id)).toBe(1);
  });

  const refusals: Array<[string, (id: string) => Promise<Record<string, unknown>>, number, string | RegExp]> = [
    ['no APK', async () => ({ changelog: 'x' }), 400, MSG.releaseApkRequired],
    ['an oversize changelog', async () => ({ apkUrl: (await uploadApk(creator, { versionCode: 9 })).url, changelog: 'x'.repeat(MAX_CHANGELOG + 1) }), 400, MSG.releaseChangelogTooLong],
    ['control characters in the changelog', async () => ({ apkUrl: (await uploadApk(creator, { versionCode: 9 })).url, changelog: 'bad\u0007bell' }), 400, MSG.controlCharacters],
    ["someone else's APK", async () => ({ apkUrl: (await uploadApk(other, { versionCode: 9 })).url }), 400, MSG.apkNotOwned],
    ['an APK path that names nothing', async () => ({ apkUrl: '/api/files/apks/00000000-0000-4000-8000-000000000000.apk' }), 400, MSG.apkNotOwned],
    ['an external URL', async () => ({ apkUrl: 'https://evil.example/toy.apk' }), 400, MSG.apkNotOwned],
    ['another package name', async () => ({ apkUrl: (await uploadApk(creator, { packageName: 'com.other.app', versionCode: 9 })).url }), 422, MSG.releasePackageMismatch('com.other.app', 'com.example.pulse')],
    ['the same version code', async () => ({ apkUrl: (await uploadApk(creator, { versionCode: 1 })).url }), 422, MSG.releaseVersionNotIncreasing(1, 1)],
    ['a lower version code', async () => ({ apkUrl: (await uploadApk(creator, { versionCode: 0 })).url }), 422, MSG.releaseVersionNotIncreasing(0, 1)],
    ['the release-1 APK again', async (id) => ({ apkUrl: (await glyphRow(id))?.apkUrl }), 422, MSG.releaseVersionNotIncreasing(1, 1)],
  ];
  it.each(refusals)('refuses %s with a clear error and stores nothing', async (_name, body, status, message) => {
    const { id } = await glyphWithApk(creator);
    const before = await glyphRow(id);
    const response = await publish(creator, id, await body(id));
    expect(response.statusCode).toBe(status);
    expect((response.json() as { error: string }).error).toEqual(message);
    expect(await releaseCount(id)).toBe(1);
    expect((await glyphRow(id))?.apkUrl).toBe(before?.apkUrl);
  });

  it('refuses an APK without a report (422) and releases on a deleted glyph (404)', async () => {
    const { id } = await glyphWithApk(creator);
    // An APK uploaded before reports existed (or before its re-analysis ran) has none.
    const legacy = await uploadApk(creator, { versionCode: 4 });
    await t.database.db.update(files).set({ apkReport: null }).where(eq(files.sha256, legacy.sha256));
    const unanalysed = await publish(creator, id, { apkUrl: legacy.url });
    expect(unanalysed.statusCode).toBe(422);
    expect(unanalysed.json()).toMatchObject({ error: MSG.releaseNoApkReport });

    const next = await uploadApk(creator, { versionCode: 5 });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/delete-glyph/${id}`, headers: creator.auth })).statusCode).toBe(200);
    const gone = await publish(creator, id, { apkUrl: next.url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error: MSG.glyphNotFound });
    expect((await list(id)).statusCode).toBe(404);
    expect(await releaseCount(id)).toBe(1);
  });

  it('refuses an APK whose signature does not verify and one without a version code (422), storing nothing', async () => {
    const author = await createUser(t.app);
    const { id, apk } = await glyphWithApk(author);
    const entries = buildApkEntries({ packageName: 'com.example.pulse', versionName: '1.1', versionCode: 2, permissions: [GLYPH_ENABLE], toys: [{ service: '.PulseToy', name: 'Pulse', summary: 'Pulses' }] });
    const broken = await uploadFile(t.app, author.auth, 'apks', addV2Signature(makeZip(entries), keyA, { wrongDigest: true }));
    expect(broken.statusCode).toBe(200);
    const invalid = await publish(author, id, { apkUrl: (broken.json() as { url: string }).url });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ error: MSG.releaseSignatureInvalid, code: 'APK_SIGNATURE_INVALID' });

    const noCode = await uploadApk(author, { versionCode: 3 });
    await t.database.db
      .update(files)
      .set({ apkReport: sql`jsonb_set(${files.apkReport}, '{versionCode}', 'null'::jsonb)` })
      .where(eq(files.sha256, noCode.sha256));
    const missing = await publish(author, id, { apkUrl: noCode.url });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ error: MSG.releaseNoVersionCode, code: 'APK_NO_VERSION_CODE' });
    expect(await releaseCount(id)).toBe(1);
    expect((await glyphRow(id))?.apkUrl).toBe(apk.url);
  });

  it('concurrent publishes of one version: exactly one wins, the rest get 409 or 422', async () => {
    const { id } = await glyphWithApk(creator);
    const apks = await Promise.all(Array.from({ length: 5 }, () => uploadApk(creator, { versionName: '2.0', versionCode: 2 })));
    const responses = await Promise.all(apks.map((apk) => publish(creator, id, { apkUrl: apk.url, changelog: 'race' })));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409 || c === 422)).toBe(true);
    expect(await releaseCount(id)).toBe(2);
  });
});

describe('update-glyph and the APK (the release checks cannot be bypassed)', () => {
  const edit = (user: TestUser, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/update-glyph/${id}`, headers: user.auth, payload });
  const body = { title: 'Pulse Ring', description: 'Pulses with notifications.', githubUrl: 'https://github.com/example/pulse' };

  it.each<[string, () => BuildSpec]>([
    ['another package', () => ({ packageName: 'com.other.app', versionCode: 9 })],
    ['a lower version code', () => ({ versionCode: 0 })],
    ['another signing key', () => ({ versionCode: 9, signer: keyB })],
    ['a proper update', () => ({ versionName: '1.1', versionCode: 2 })],
  ])('refuses to swap the APK of a glyph with releases (%s): 409 pointing to Publish an update, nothing stored', async (_name, spec) => {
    const author = await createUser(t.app);
    const { id, apk } = await glyphWithApk(author);
    const before = await glyphRow(id);
    const swapped = await uploadApk(author, spec());
    const response = await edit(author, id, { ...body, title: 'Renamed', apkUrl: swapped.url });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: MSG.releaseRequiredForApk, code: 'RELEASE_REQUIRED' });
    // Nothing stored: neither the APK nor the other fields of the refused edit.
    expect(await glyphRow(id)).toMatchObject({ apkUrl: apk.url, apkFileId: before?.apkFileId, title: before?.title, updatedAt: before?.updatedAt });
    expect(await releaseCount(id)).toBe(1);
  });

  it('refuses removing the APK of a glyph with releases, and keeps edits that leave the APK as it is', async () => {
    const author = await createUser(t.app);
    const { id, apk } = await glyphWithApk(author);
    const removed = await edit(author, id, { ...body, apkUrl: null });
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toMatchObject({ code: 'RELEASE_REQUIRED' });
    expect((await glyphRow(id))?.apkUrl).toBe(apk.url);

    const kept = await edit(author, id, { ...body, title: 'Renamed', apkUrl: apk.url });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ glyph: { title: 'Renamed', apkUrl: apk.url } });
    expect(await releaseCount(id)).toBe(1);
  });

  it('adding an APK to a glyph without one makes it release 1 with its report facts; a bad APK stores nothing', async () => {
    const author = await createUser(t.app);
    const created = await t.app.inject({ method: 'POST', url: '/api/upload-glyph', headers: author.auth, payload: { ...body, title: 'Repo only' } });
    const id = (created.json() as { id: string }).id;
    expect(await releaseCount(id)).toBe(0);

    const foreign = await uploadApk(other, { versionCode: 3 });
    const refused = await edit(author, id, { ...body, apkUrl: foreign.url });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: MSG.apkNotOwned, code: 'APK_NOT_OWNED' });
    expect(await releaseCount(id)).toBe(0);
    expect((await glyphRow(id))?.apkUrl).toBeNull();

    const apk = await uploadApk(author, { versionName: '0.9', versionCode: 3 });
    const added = await edit(author, id, { ...body, apkUrl: apk.url });
    expect(added.statusCode).toBe(200);
    const listed = ((await list(id)).json() as { releases: ReleaseJson[] }).releases;
    expect(listed).toEqual([expect.objectContaining({ versionName: '0.9', versionCode: 3, apkUrl: apk.url, sha256: apk.sha256 })]);
    const [row] = await t.database.db.select().from(releases).where(eq(releases.glyphId, id));
    expect(row).toMatchObject({ packageName: 'com.example.pulse', signerSha256: keyA.sha256, state: 'published' });
    // From now on the APK moves only through releases, checked against this release 1.
    expect((await edit(author, id, { ...body, apkUrl: (await uploadApk(author, { versionCode: 4 })).url })).statusCode).toBe(409);
    expect((await publish(author, id, { apkUrl: (await uploadApk(author, { versionCode: 3 })).url })).statusCode).toBe(422);
    expect((await publish(author, id, { apkUrl: (await uploadApk(author, { versionCode: 4 })).url })).statusCode).toBe(200);
  });
});

describe('signing key changes', () => {
  it('holds a release signed by another key until an admin approves it; then it carries the warning', async () => {
    const { id, apk } = await glyphWithApk(creator);
    const changed = await uploadApk(creator, { versionName: '2.0', versionCode: 2, signer: keyB });
    const held = await publish(creator, id, { apkUrl: changed.url, changelog: 'New key' });
    expect(held.statusCode).toBe(202);
    const heldBody = held.json() as { release: { id: string; state: string }; message: string };
    expect(heldBody).toMatchObject({ release: { state: 'pending' }, message: MSG.releaseSignerChangedHeld });
    // Not public, not the glyph's APK, and it blocks further updates until decided.
    expect(((await list(id)).json() as { releases: ReleaseJson[] }).releases).toHaveLength(1);
    expect((await glyphRow(id))?.apkUrl).toBe(apk.url);
    const blocked = await publish(creator, id, { apkUrl: (await uploadApk(creator, { versionCode: 3 })).url });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ error: MSG.releasePendingExists });

    // Only admins see and decide.
    const releaseId = heldBody.release.id;
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/releases/${releaseId}/approve` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/releases/${releaseId}/approve`, headers: creator.auth })).statusCode).toBe(403);
    const pending = (await t.app.inject({ method: 'GET', url: '/api/admin/releases/pending', headers: admin.auth })).json() as {
      releases: Array<{ id: string; signerSha256: string[]; previousSignerSha256: string[] }>;
    };
    expect(pending.releases.find((r) => r.id === releaseId)).toMatchObject({ signerSha256: [keyB.sha256], previousSignerSha256: [keyA.sha256] });

    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/releases/${releaseId}/approve`, headers: admin.auth });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ release: { state: 'published', signerChanged: true } });
    const after = ((await list(id)).json() as { releases: ReleaseJson[] }).releases;
    expect(after.map((r) => [r.versionName, r.signerChanged])).toEqual([
      ['2.0', true],
      ['1.0', false],
    ]);
    expect((await glyphRow(id))?.apkUrl).toBe(changed.url);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit).toEqual([expect.objectContaining({ actorId: admin.id, action: 'release.approve-signer-change', targetType: 'glyph' })]);
    // Decided once: a second decision is a conflict.
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/releases/${releaseId}/reject`, headers: admin.auth });
    expect(again.statusCode).toBe(409);
    // The new key is now the glyph's: the next update signed with it publishes directly.
    expect((await publish(creator, id, { apkUrl: (await uploadApk(creator, { versionCode: 3, signer: keyB })).url })).statusCode).toBe(200);
  });

  it('a rejected release stays unpublished and the creator can publish with the old key', async () => {
    const { id } = await glyphWithApk(creator);
    const held = await publish(creator, id, { apkUrl: (await uploadApk(creator, { versionCode: 2, signer: null })).url });
    expect(held.statusCode).toBe(202);
    const releaseId = (held.json() as { release: { id: string } }).release.id;
    const rejected = await t.app.inject({ method: 'POST', url: `/api/admin/releases/${releaseId}/reject`, headers: admin.auth });
    expect(rejected.json()).toMatchObject({ release: { state: 'rejected' } });
    expect(((await list(id)).json() as { releases: ReleaseJson[] }).releases).toHaveLength(1);
    expect((await publish(creator, id, { apkUrl: (await uploadApk(creator, { versionCode: 2 })).url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/releases/not-a-uuid/approve', headers: admin.auth })).statusCode).toBe(404);
  });
});

describe('key changes tell the creator what happens (issue 48)', () => {
  type Held = { releases: Array<{ id: string; state: string; versionName: string | null; note: string }> };
  type Pending = {
    releases: Array<{ id: string; apkUrl: string; note: string; addedPermissions: string[] | null; removedPermissions: string[] | null }>;
  };
  const held = (user: TestUser | null, glyphId: string) => t.app.inject({ method: 'GET', url: `/api/glyphs/${glyphId}/releases/held`, headers: user?.auth ?? {} });

  it('refusals name the file’s own fault before the held update: a lower version code, another package', async () => {
    const maker = await createUser(t.app);
    const { id } = await glyphWithApk(maker, { versionCode: 5 });
    expect((await publish(maker, id, { apkUrl: (await uploadApk(maker, { versionCode: 6, signer: keyB })).url })).statusCode).toBe(202);
    const lower = await publish(maker, id, { apkUrl: (await uploadApk(maker, { versionCode: 4 })).url });
    expect(lower.statusCode).toBe(422);
    expect(lower.json()).toMatchObject({ error: MSG.releaseVersionNotIncreasing(4, 5) });
    const foreign = await publish(maker, id, { apkUrl: (await uploadApk(maker, { packageName: 'com.example.other', versionCode: 7 })).url });
    expect(foreign.json()).toMatchObject({ error: MSG.releasePackageMismatch('com.example.other', 'com.example.pulse') });
    // A file with nothing wrong of its own waits for the held one.
    const waiting = await publish(maker, id, { apkUrl: (await uploadApk(maker, { versionCode: 7 })).url });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({ error: MSG.releasePendingExists });
    expect(await releaseCount(id)).toBe(2);
  });

  it('the creator sees the held release with their note; the admin gets the APK, the permission diff and the note', async () => {
    const maker = await createUser(t.app);
    const { id } = await glyphWithApk(maker, { permissions: [GLYPH_ENABLE, 'android.permission.VIBRATE'] });
    const changed = await uploadApk(maker, { versionName: '2.0', versionCode: 2, signer: keyB, permissions: [GLYPH_ENABLE, 'android.permission.INTERNET'] });
    const tooLong = await publish(maker, id, { apkUrl: changed.url, note: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: MSG.releaseNoteTooLong });
    expect(await releaseCount(id)).toBe(1);
    const response = await publish(maker, id, { apkUrl: changed.url, changelog: 'Moved to a new laptop', note: '  Lost my old keystore.\r\nNew one since May.  ' });
    expect(response.statusCode).toBe(202);
    const releaseId = (response.json() as { release: { id: string } }).release.id;

    const own = await held(maker, id);
    expect(own.statusCode).toBe(200);
    expect((own.json() as Held).releases).toEqual([expect.objectContaining({ id: releaseId, state: 'pending', versionName: '2.0', note: 'Lost my old keystore.\nNew one since May.' })]);
    expect((await held(null, id)).statusCode).toBe(401);
    expect((await held(other, id)).statusCode).toBe(403);
    expect((await held(admin, id)).statusCode).toBe(200);
    // The public history still shows only release 1.
    expect(((await list(id)).json() as { releases: ReleaseJson[] }).releases).toHaveLength(1);

    const queue = (await t.app.inject({ method: 'GET', url: '/api/admin/releases/pending', headers: admin.auth })).json() as Pending;
    expect(queue.releases.find((r) => r.id === releaseId)).toMatchObject({
      apkUrl: changed.url,
      note: 'Lost my old keystore.\nNew one since May.',
      addedPermissions: ['android.permission.INTERNET'],
      removedPermissions: ['android.permission.VIBRATE'],
    });
    const apk = await t.app.inject({ method: 'GET', url: changed.url });
    expect(apk.statusCode).toBe(200);
  });

  it('the creator is told of the decision: release_rejected with the admin’s note, release_approved with a link to the release', async () => {
    const maker = await createUser(t.app);
    const first = await glyphWithApk(maker, {}, 'Key Ring');
    const rejectedId = (
      (await publish(maker, first.id, { apkUrl: (await uploadApk(maker, { versionName: '2.0', versionCode: 2, signer: keyB })).url })).json() as { release: { id: string } }
    ).release.id;
    const longNote = await t.app.inject({ method: 'POST', url: `/api/admin/releases/${rejectedId}/reject`, headers: admin.auth, payload: { note: 'x'.repeat(1001) } });
    expect(longNote.statusCode).toBe(400);
    expect(longNote.json()).toMatchObject({ error: MSG.releaseNoteTooLong });
    expect((await t.database.db.select().from(releases).where(eq(releases.id, rejectedId)))[0]?.state).toBe('pending');
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/releases/${rejectedId}/reject`,
      headers: admin.auth,
      payload: { note: 'Please confirm the new key from your GitHub account.' },
    });
    expect(rejected.statusCode).toBe(200);
    expect((await held(maker, first.id)).json()).toEqual({ releases: [] });

    const approvedId = (
      (await publish(maker, first.id, { apkUrl: (await uploadApk(maker, { versionName: '2.1', versionCode: 3, signer: keyB })).url })).json() as { release: { id: string } }
    ).release.id;
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/releases/${approvedId}/approve`, headers: admin.auth })).statusCode).toBe(200);

    const bell = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: maker.auth })).json() as {
      notifications: Array<{ type: string; text: string; link: string | null }>;
    };
    const byType = Object.fromEntries(bell.notifications.map((n) => [n.type, n]));
    expect(byType.release_rejected).toEqual(
      expect.objectContaining({
        text: 'An admin did not approve the new signing key of version 2.0 of "Key Ring"; it is not published. Note: Please confirm the new key from your GitHub account.',
        link: `/glyph/${first.id}`,
      }),
    );
    expect(byType.release_approved).toEqual(
      expect.objectContaining({ text: 'An admin approved the new signing key: version 2.1 of "Key Ring" is published', link: `/glyph/${first.id}#release-${approvedId}` }),
    );
    // Each decision tells the creator once, and nobody else.
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, maker.id));
    expect(rows.filter((n) => n.type.startsWith('release_'))).toHaveLength(2);
    expect(await t.database.db.$count(notifications, and(eq(notifications.type, 'release_rejected'), eq(notifications.userId, admin.id)))).toBe(0);
  });
});

describe('followers hear about new releases (issue 19)', () => {
  const follow = (fan: TestUser, creatorId: string) => t.app.inject({ method: 'POST', url: `/api/users/${creatorId}/follow`, headers: fan.auth });
  /** The release notifications of `user` about `releaseId` (or about any release of `glyphId`). */
  const releaseNotices = async (userId: string, glyphId: string) =>
    (await t.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, 'new_release')))).filter(
      (n) => n.data.glyphId === glyphId,
    );
  const feedOf = async (user: TestUser, query = '') =>
    (await t.app.inject({ method: 'GET', url: `/api/following${query}`, headers: user.auth })).json() as {
      entries: Array<{ kind: string; at: string; glyph: { id: string; title: string }; release: { id: string; versionName: string | null; signerChanged: boolean } | null }>;
      nextCursor: string | null;
    };

  it('a published release notifies each follower once (bell text and link) and leads their Following feed; release 1 is the glyph entry', async () => {
    const maker = await createUser(t.app);
    const [fan, fan2, stranger] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await follow(fan, maker.id);
    await follow(fan2, maker.id);
    const { id } = await glyphWithApk(maker, {}, 'Rain Ring');
    // Release 1 came with the glyph: followers hear of the glyph, not of a release.
    expect(await releaseNotices(fan.id, id)).toHaveLength(0);
    expect((await feedOf(fan)).entries.map((e) => [e.kind, e.glyph.id])).toEqual([['glyph', id]]);

    // A refused update (the version code does not increase) tells nobody anything.
    expect((await publish(maker, id, { apkUrl: (await uploadApk(maker, { versionCode: 1 })).url })).statusCode).toBe(422);
    expect(await releaseNotices(fan.id, id)).toHaveLength(0);

    const second = await glyphWithApk(maker, { packageName: 'com.example.snow' }, 'Snow Ring');
    const published = await publish(maker, id, { apkUrl: (await uploadApk(maker, { versionName: '1.1', versionCode: 2 })).url, changelog: 'Softer rain' });
    expect(published.statusCode).toBe(200);
    const releaseId = (published.json() as { release: { id: string } }).release.id;
    for (const user of [fan, fan2]) {
      const notices = await releaseNotices(user.id, id);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ eventKey: `release:${releaseId}:published`, data: { glyphId: id, releaseId, version: '1.1', title: 'Rain Ring' } });
    }
    expect(await releaseNotices(stranger.id, id)).toHaveLength(0);
    expect(await releaseNotices(maker.id, id)).toHaveLength(0);
    const bell = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: fan.auth })).json() as { notifications: Array<Record<string, unknown>> };
    expect(bell.notifications[0]).toMatchObject({ type: 'new_release', text: `@${maker.username} published version 1.1 of "Rain Ring"`, link: `/glyph/${id}#release-${releaseId}`, read: false });

    // Each toy once (issue 48), at its latest event, newest first: Rain Ring at its new release, then
    // Snow Ring (shared before that release); paged one at a time, nothing skipped or repeated.
    const feed = await feedOf(fan);
    expect(feed.entries.map((e) => [e.kind, e.glyph.id, e.release?.id ?? null])).toEqual([
      ['release', id, releaseId],
      ['glyph', second.id, null],
    ]);
    expect(feed.entries[0]).toMatchObject({ glyph: { title: 'Rain Ring' }, release: { versionName: '1.1', versionCode: 2, signerChanged: false } });
    expect(Date.parse(feed.entries[0]!.at)).toBeGreaterThan(Date.parse(feed.entries[1]!.at));
    const first = await feedOf(fan, '?limit=1');
    expect(first.entries.map((e) => e.glyph.id)).toEqual([id]);
    const next = await feedOf(fan, `?limit=1&cursor=${first.nextCursor}`);
    expect(next.entries.map((e) => e.glyph.id)).toEqual([second.id]);
    expect(next.nextCursor).toBeNull();
    expect((await feedOf(stranger)).entries).toEqual([]);
  });

  it('a release held for a signer change notifies nobody until an admin approves it, then once; a rejected one never', async () => {
    const maker = await createUser(t.app);
    const fan = await createUser(t.app);
    await follow(fan, maker.id);
    const { id } = await glyphWithApk(maker);
    const held = await publish(maker, id, { apkUrl: (await uploadApk(maker, { versionName: '2.0', versionCode: 2, signer: keyB })).url });
    expect(held.statusCode).toBe(202);
    const releaseId = (held.json() as { release: { id: string } }).release.id;
    expect(await releaseNotices(fan.id, id)).toHaveLength(0);
    expect((await feedOf(fan)).entries.map((e) => e.kind)).toEqual(['glyph']);

    const approve = () => t.app.inject({ method: 'POST', url: `/api/admin/releases/${releaseId}/approve`, headers: admin.auth });
    expect((await approve()).statusCode).toBe(200);
    expect((await approve()).statusCode).toBe(409);
    const notices = await releaseNotices(fan.id, id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ data: { releaseId, version: '2.0', actorUsername: maker.username } });
    expect((await feedOf(fan)).entries[0]).toMatchObject({ kind: 'release', release: { id: releaseId, signerChanged: true } });

    const other = await glyphWithApk(maker);
    const rejectedHeld = await publish(maker, other.id, { apkUrl: (await uploadApk(maker, { versionCode: 2, signer: keyB })).url });
    const rejectedId = (rejectedHeld.json() as { release: { id: string } }).release.id;
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/releases/${rejectedId}/reject`, headers: admin.auth })).statusCode).toBe(200);
    expect(await releaseNotices(fan.id, other.id)).toHaveLength(0);
    expect((await feedOf(fan)).entries.some((e) => e.release?.id === rejectedId)).toBe(false);
  });

  it('two app instances racing the same approval, and the same version, notify each follower once', async () => {
    const second = await buildApp({ env: t.env, database: t.database, secret: TEST_SECRET, passwordHasher: testPasswordHasher });
    await second.ready();
    try {
      const maker = await createUser(t.app);
      const fan = await createUser(t.app);
      await follow(fan, maker.id);
      const { id } = await glyphWithApk(maker);
      const held = await publish(maker, id, { apkUrl: (await uploadApk(maker, { versionCode: 2, signer: keyB })).url });
      const releaseId = (held.json() as { release: { id: string } }).release.id;
      const url = `/api/admin/releases/${releaseId}/approve`;
      const decisions = await Promise.all([t.app.inject({ method: 'POST', url, headers: admin.auth }), second.inject({ method: 'POST', url, headers: admin.auth })]);
      expect(decisions.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await releaseNotices(fan.id, id)).toHaveLength(1);

      // Version 3 published twice at once, through both instances: one wins, one notification.
      const [a, b] = [await uploadApk(maker, { versionCode: 3, signer: keyB }), await uploadApk(maker, { versionCode: 3, signer: keyB, versionName: '3.0b' })];
      const results = await Promise.all([
        t.app.inject({ method: 'POST', url: `/api/glyphs/${id}/releases`, headers: maker.auth, payload: { apkUrl: a.url } }),
        second.inject({ method: 'POST', url: `/api/glyphs/${id}/releases`, headers: maker.auth, payload: { apkUrl: b.url } }),
      ]);
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409 || r.statusCode === 422)).toBe(true);
      expect(await releaseNotices(fan.id, id)).toHaveLength(2);
      expect(new Set((await releaseNotices(fan.id, id)).map((n) => n.data.releaseId)).size).toBe(2);
    } finally {
      await second.close();
    }
  }, 120_000);
});

describe('downloads', () => {
  it('latest.apk serves the newest release and counts it once per actor, on the release and the glyph', async () => {
    const { id } = await glyphWithApk(creator);
    const next = await uploadApk(creator, { versionName: '1.1', versionCode: 2 });
    expect((await publish(creator, id, { apkUrl: next.url })).statusCode).toBe(200);

    const response = await t.app.inject({ method: 'GET', url: `/api/glyphs/${id}/latest.apk`, remoteAddress: '203.0.113.7' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(next.url);
    const file = await t.app.inject({ method: 'GET', url: response.headers.location as string });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    await t.app.inject({ method: 'GET', url: `/api/glyphs/${id}/latest.apk`, remoteAddress: '203.0.113.7' });

    const rows = ((await list(id)).json() as { releases: ReleaseJson[] }).releases;
    expect(rows.map((r) => r.downloads)).toEqual([1, 0]);
    expect((await glyphRow(id))?.downloads).toBe(1);

    // A download of release 1 through the disclaimer by the same actor counts on that release only.
    const older = rows[1]?.id as string;
    const counted = await t.app.inject({ method: 'POST', url: `/api/glyphs/${id}/releases/${older}/record-download`, remoteAddress: '203.0.113.7' });
    expect(counted.json()).toMatchObject({ counted: true, downloads: 1 });
    expect((await glyphRow(id))?.downloads).toBe(1);
    // The spec's record-download counts the newest release too.
    await t.app.inject({ method: 'POST', url: '/api/record-download', payload: { glyphId: id }, remoteAddress: '198.51.100.9' });
    const final = ((await list(id)).json() as { releases: ReleaseJson[] }).releases;
    expect(final.map((r) => r.downloads)).toEqual([2, 1]);
    expect((await glyphRow(id))?.downloads).toBe(2);
    // SECURITY I2 stays: counters equal their dedup rows.
    expect(await t.database.db.$count(glyphDownloads, eq(glyphDownloads.glyphId, id))).toBe(2);
    // Each glyph download keeps how its first download came: latest.apk, then the site's button.
    const sources = await t.database.db.select({ actor: glyphDownloads.actor, source: glyphDownloads.source }).from(glyphDownloads).where(eq(glyphDownloads.glyphId, id));
    expect(sources.map((row) => row.source).sort()).toEqual(['button', 'latest']);
    expect(invariantsHold(await checkInvariants(t.database.db, undefined, { verifyHashes: false }), 'R2')).toBe(true);
    for (const release of final) expect(await t.database.db.$count(releaseDownloads, eq(releaseDownloads.releaseId, release.id))).toBe(release.downloads);
    const invariants = await checkInvariants(t.database.db, undefined, { verifyHashes: false });
    expect(invariants.find((result) => result.id === 'I2')?.violations).toEqual([]);
  });

  it('a deleted glyph has no latest link and its releases are not counted', async () => {
    const { id } = await glyphWithApk(creator);
    const releaseId = (((await list(id)).json() as { releases: ReleaseJson[] }).releases[0] as ReleaseJson).id;
    await t.app.inject({ method: 'DELETE', url: `/api/delete-glyph/${id}`, headers: creator.auth });
    expect((await t.app.inject({ method: 'GET', url: `/api/glyphs/${id}/latest.apk` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/glyphs/${id}/releases/${releaseId}/record-download` })).statusCode).toBe(404);
  });
});

describe("sort 'updated'", () => {
  it('lists the most recently updated glyphs first, with working cursors', async () => {
    const a = await glyphWithApk(creator, {}, 'Sort A');
    const b = await glyphWithApk(creator, {}, 'Sort B');
    expect((await publish(creator, a.id, { apkUrl: (await uploadApk(creator, { versionCode: 2 })).url })).statusCode).toBe(200);
    const page = (await t.app.inject({ method: 'GET', url: `/api/get-glyphs?sort=updated&limit=1&creator_id=${creator.id}` })).json() as { glyphs: { id: string }[]; nextCursor: string };
    expect(page.glyphs.map((g) => g.id)).toEqual([a.id]);
    const second = (await t.app.inject({ method: 'GET', url: `/api/get-glyphs?sort=updated&limit=1&creator_id=${creator.id}&cursor=${page.nextCursor}` })).json() as { glyphs: { id: string }[] };
    expect(second.glyphs.map((g) => g.id)).toEqual([b.id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/get-glyphs?sort=updated&cursor=bogus' })).statusCode).toBe(400);
  });
});

describe('Atom feeds', () => {
  const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'entry' || name === 'link' });
  type HtmlNode = { '#text': string; '@_type': string };
  type Entry = { title: HtmlNode; id: string; link: Array<{ '@_href': string }>; summary?: HtmlNode };
  /** The text a reader shows for a `type="html"` node: entities decoded, `<br />` as line breaks. */
  const shown = (node: HtmlNode | undefined) => {
    expect(node?.['@_type']).toBe('html');
    // Escaped user text carries no markup but the line breaks the feed adds.
    expect(node?.['#text'].replace(/<br \/>/g, '')).not.toMatch(/[<>]/);
    return (node?.['#text'] ?? '')
      .replace(/<br \/>/g, '\n')
      .replace(/&(lt|gt|quot|#39|amp);/g, (_m, name: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[name] ?? '');
  };
  async function atom(url: string): Promise<{ entries: Entry[]; feed: Record<string, unknown> }> {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/atom+xml');
    expect(XMLValidator.validate(response.body)).toBe(true);
    const doc = parser.parse(response.body) as { feed: Record<string, unknown> & { '@_xmlns': string; entry?: Entry[] } };
    expect(doc.feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    // Atom requires id, title and updated on the feed, and on each entry id, title, updated.
    for (const field of ['id', 'title', 'updated']) expect(doc.feed[field]).toBeTruthy();
    for (const entry of doc.feed.entry ?? []) for (const field of ['id', 'title', 'updated']) expect((entry as Record<string, unknown>)[field]).toBeTruthy();
    return { entries: doc.feed.entry ?? [], feed: doc.feed };
  }

  it("a glyph's releases feed lists its published releases, newest first, with changelogs", async () => {
    const { id } = await glyphWithApk(creator, {}, 'Feed <Glyph> & Co');
    await publish(creator, id, { apkUrl: (await uploadApk(creator, { versionName: '1.1', versionCode: 2 })).url, changelog: 'Brighter <b>pulse</b>\nsecond line ]]> end' });
    await publish(creator, id, { apkUrl: (await uploadApk(creator, { versionName: '2.0', versionCode: 3, signer: keyB })).url });
    const { entries, feed } = await atom(`/glyph/${id}/releases.atom`);
    expect(feed.title).toContain('Feed <Glyph> & Co');
    expect(entries.map((e) => shown(e.title))).toEqual(['Feed <Glyph> & Co 1.1', 'Feed <Glyph> & Co 1.0']);
    expect(shown(entries[0]?.summary)).toBe('Brighter <b>pulse</b>\nsecond line ]]> end');
    expect(entries[0]?.link[0]?.['@_href']).toMatch(new RegExp(`^http://localhost:3000/glyph/${id}#release-`));
  });

  it('the storefront and latest feeds list live glyphs; deleted glyphs vanish from every feed', async () => {
    const author = await createUser(t.app);
    const kept = await glyphWithApk(author, {}, 'Kept Toy');
    const gone = await glyphWithApk(author, {}, 'Gone Toy');
    const storefront = await atom(`/storefront/${author.username.toUpperCase()}/feed.atom`);
    expect(storefront.entries.map((e) => shown(e.title))).toEqual(['Gone Toy', 'Kept Toy']);
    expect((await atom('/feeds/latest.atom')).entries.map((e) => shown(e.title)).slice(0, 2)).toEqual(['Gone Toy', 'Kept Toy']);

    await t.app.inject({ method: 'DELETE', url: `/api/delete-glyph/${gone.id}`, headers: author.auth });
    expect((await atom(`/storefront/${author.username}/feed.atom`)).entries.map((e) => shown(e.title))).toEqual(['Kept Toy']);
    const latest = await atom('/feeds/latest.atom');
    expect(latest.entries.map((e) => e.id)).not.toContain(`http://localhost:3000/glyph/${gone.id}`);
    expect(latest.entries.map((e) => e.id)).toContain(`http://localhost:3000/glyph/${kept.id}`);
    expect((await t.app.inject({ method: 'GET', url: `/glyph/${gone.id}/releases.atom` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/storefront/nobody_here_at_all/feed.atom' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/glyph/not-a-uuid/releases.atom' })).statusCode).toBe(404);
  });

  it('pages announce their feeds in the head', async () => {
    const { id } = await glyphWithApk(creator, {}, 'Announced');
    const page = await t.app.inject({ method: 'GET', url: `/glyph/${id}` });
    expect(page.body).toContain(`<link rel="alternate" type="application/atom+xml" title="Announced — releases" href="http://localhost:3000/glyph/${id}/releases.atom" />`);
    expect(page.body).toContain('href="http://localhost:3000/feeds/latest.atom"');
    const store = await t.app.inject({ method: 'GET', url: `/storefront/${creator.username}` });
    expect(store.body).toContain(`href="http://localhost:3000/storefront/${creator.username}/feed.atom"`);
  });
});

describe('migration', () => {
  it('turns every glyph that ships an APK into release 1, with its report facts and downloads', async () => {
    const reported = await uploadApk(creator, { versionName: '3.2', versionCode: 32 });
    const bare = await uploadApk(creator, { versionCode: 7 });
    await t.database.db.update(files).set({ apkReport: null }).where(eq(files.sha256, bare.sha256));
    const fileOf = async (sha: string) => (await t.database.db.select().from(files).where(eq(files.sha256, sha)))[0]?.id ?? null;
    // Glyphs as they were before releases existed: an APK, download events, no release row.
    const [legacy] = await t.database.db
      .insert(glyphs)
      .values({ creatorId: creator.id, title: 'Legacy', description: 'Old', apkUrl: reported.url, apkFileId: await fileOf(reported.sha256), downloads: 2 })
      .returning();
    const [older] = await t.database.db
      .insert(glyphs)
      .values({ creatorId: creator.id, title: 'Older', description: 'Older', apkUrl: bare.url, apkFileId: await fileOf(bare.sha256) })
      .returning();
    const [plain] = await t.database.db.insert(glyphs).values({ creatorId: creator.id, title: 'No APK', description: 'Repo only', githubUrl: 'https://github.com/x/y' }).returning();
    if (!legacy || !older || !plain) throw new Error('insert failed');
    await t.database.db.insert(glyphDownloads).values([
      { glyphId: legacy.id, actor: 'ip:one' },
      { glyphId: legacy.id, actor: 'ip:two' },
    ]);
    const here = path.dirname(fileURLToPath(import.meta.url));
    const migration = fs.readFileSync(path.resolve(here, '../../drizzle/0011_releases-backfill.sql'), 'utf8');
    // Run twice: the backfill is idempotent.
    for (let run = 0; run < 2; run += 1) {
      for (const statement of migration.split('--> statement-breakpoint')) await t.database.db.execute(sql.raw(statement));
    }
    const migrated = ((await list(legacy.id)).json() as { releases: ReleaseJson[] }).releases;
    expect(migrated).toEqual([expect.objectContaining({ apkUrl: reported.url, sha256: reported.sha256, size: reported.size, downloads: 2, versionName: '3.2', versionCode: 32, changelog: '' })]);
    const [row] = await t.database.db.select().from(releases).where(eq(releases.glyphId, legacy.id));
    expect(row).toMatchObject({ packageName: 'com.example.pulse', signerSha256: keyA.sha256, state: 'published' });
    expect(((await list(older.id)).json() as { releases: ReleaseJson[] }).releases).toEqual([expect.objectContaining({ versionCode: null, versionName: null, downloads: 0 })]);
    expect(await releaseCount(plain.id)).toBe(0);
    const rows = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from releases where glyph_id = ${legacy.id}`);
    expect(rows[0]?.n).toBe(1);

    // Updates of migrated glyphs are checked against release 1's facts.
    expect((await publish(creator, legacy.id, { apkUrl: (await uploadApk(creator, { versionCode: 32 })).url })).statusCode).toBe(422);
    expect((await publish(creator, legacy.id, { apkUrl: (await uploadApk(creator, { versionName: '3.3', versionCode: 33 })).url })).statusCode).toBe(200);
    // Release 1 without facts (no report): any version is higher, but the package and key start here.
    expect((await publish(creator, older.id, { apkUrl: (await uploadApk(creator, { versionCode: 1 })).url })).statusCode).toBe(200);
  });
});

function invariantsHold(results: Awaited<ReturnType<typeof checkInvariants>>, id: string): boolean {
  return results.find((result) => result.id === id)?.violations.length === 0;
}
