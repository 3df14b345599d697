import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { APK_MSG, ApkReportSchema, GLYPH_ENABLE_PERMISSION, SEARCH_MSG, type ApkReport } from '@glyphary/shared';
import {
  addV2Signature,
  buildApk,
  buildApkEntries,
  buildAxml,
  buildDex,
  createSigner,
  makeZip,
  signApk,
  TWO_TOY_SPEC,
  type Signer,
  type XmlNode,
} from '@glyphary/test-support';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, makeAdmin, type TestUser } from '../factories.ts';
import { uploadFile } from '../file-fixtures.ts';
import { files } from '../../src/db/schema/index.ts';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let signer: Signer;

beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_RATE_LIMIT: '1000' });
  owner = await createUser(t.app);
  admin = await createUser(t.app);
  await makeAdmin(t.database, admin.id);
  signer = await createSigner('Orbit Maker', 'Glyph Studio');
});
afterAll(async () => {
  await t.close();
});

const filesDir = () => path.join(t.dataDir, 'files');
const storedEntries = () => [...fs.readdirSync(path.join(filesDir(), 'images')), ...fs.readdirSync(path.join(filesDir(), 'apks'))];
const tmpEntries = () => fs.readdirSync(path.join(filesDir(), 'tmp'));

async function uploadApk(bytes: Buffer) {
  const response = await uploadFile(t.app, owner.auth, 'apks', bytes);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { url: string; filename: string; sha256: string; size: number; apk: ApkReport };
  ApkReportSchema.parse(body.apk);
  return body;
}

async function shareGlyph(apkUrl: string | null, title = 'Orbit') {
  const source = apkUrl ? { apkUrl } : { githubUrl: 'https://github.com/example/toy' };
  const response = await t.app.inject({ method: 'POST', url: '/api/upload-glyph', headers: owner.auth, payload: { title, description: 'Toy with an APK', ...source } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
}

function expectTwoToyFacts(apk: ApkReport) {
  expect(apk.packageName).toBe('com.example.orbit');
  expect(apk.versionName).toBe('2.1.0');
  expect(apk.versionCode).toBe(21);
  expect(apk.minSdk).toBe(34);
  expect(apk.targetSdk).toBe(35);
  expect(apk.permissions).toEqual([GLYPH_ENABLE_PERMISSION, 'android.permission.INTERNET', 'android.permission.ACCESS_FINE_LOCATION']);
  expect(apk.requestsGlyphPermission).toBe(true);
  // Names and summaries are @string references resolved through resources.arsc (default configuration, not the French one).
  expect(apk.toys).toEqual([
    { service: 'com.example.orbit.OrbitToy', name: 'Orbit', summary: 'A dot circles the matrix', longpress: true, aodSupport: false, imageUrl: expect.stringMatching(/^\/api\/files\/images\/[0-9a-f-]{36}\.webp$/) },
    { service: 'com.example.orbit.ClockToy', name: 'Dot Clock', summary: 'The time in dots, always on', longpress: false, aodSupport: true, imageUrl: expect.stringMatching(/^\/api\/files\/images\/[0-9a-f-]{36}\.webp$/) },
  ]);
  expect(apk.isGlyphToy).toBe(true);
  expect(apk.devices).toEqual(['phone-3', 'phone-4a-pro']);
  expect(apk.notToyReason).toBeNull();
}

describe('POST /api/upload-file: the APK report (issue 15)', () => {
  it('reports an unsigned two-toy APK field by field, stores the report with the file and serves the previews as images', async () => {
    const bytes = buildApk(TWO_TOY_SPEC);
    const body = await uploadApk(bytes);
    expectTwoToyFacts(body.apk);
    expect(body.apk).toMatchObject({ signers: [], signatureStatus: 'unsigned', signatureProblem: null, size: bytes.length, sha256: body.sha256 });
    const [row] = await t.database.db.select().from(files).where(eq(files.filename, body.filename));
    expect(row?.apkReport).toEqual(body.apk);
    for (const toy of body.apk.toys) {
      const preview = await t.app.inject({ method: 'GET', url: toy.imageUrl! });
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['content-type']).toBe('image/webp');
    }
  });

  it('reports a v1-signed APK: the certificate fingerprint and subject, verified', async () => {
    const body = await uploadApk(await signApk(buildApkEntries(TWO_TOY_SPEC), signer, { v1: true }));
    expectTwoToyFacts(body.apk);
    expect(body.apk.signers).toEqual([{ sha256: signer.sha256, subject: expect.stringContaining('CN=Orbit Maker'), scheme: 'v1' }]);
    expect(body.apk.signers[0]!.subject).toContain('O=Glyph Studio');
    expect(body.apk.signatureStatus).toBe('verified');
  });

  it('reports a v2-signed APK (APK Signing Block), verified', async () => {
    const body = await uploadApk(await signApk(buildApkEntries(TWO_TOY_SPEC), signer, { v2: true }));
    expectTwoToyFacts(body.apk);
    expect(body.apk.signers).toEqual([{ sha256: signer.sha256, subject: expect.stringContaining('CN=Orbit Maker'), scheme: 'v2' }]);
    expect(body.apk.signatureStatus).toBe('verified');
  });

  it('reports a v1+v2 APK signed with an EC key under both schemes', async () => {
    const ec = await createSigner('EC Maker', 'Glyph Studio', 'ec');
    const body = await uploadApk(await signApk(buildApkEntries(TWO_TOY_SPEC), ec, { v1: true, v2: true }));
    expect(body.apk.signers.map((s) => [s.scheme, s.sha256])).toEqual([
      ['v1', ec.sha256],
      ['v2', ec.sha256],
    ]);
    expect(body.apk.signatureStatus).toBe('verified');
  });

  it('accepts but reports as invalid a v2 signature over other contents, and v1/v2 signed by different certificates', async () => {
    const broken = await uploadApk(addV2Signature(makeZip(buildApkEntries(TWO_TOY_SPEC)), signer, { wrongDigest: true }));
    expect(broken.apk.signatureStatus).toBe('invalid');
    expect(broken.apk.signatureProblem).toBe(APK_MSG.signatureBroken('v2'));

    const other = await createSigner('Someone Else', 'Elsewhere', 'ec');
    const entries = buildApkEntries(TWO_TOY_SPEC);
    const v1Only = await signApk(entries, other, { v1: true });
    const mixed = await uploadApk(addV2Signature(v1Only, signer));
    expect(mixed.apk.signers.map((s) => s.scheme)).toEqual(['v1', 'v2']);
    expect(mixed.apk.signatureStatus).toBe('invalid');
    expect(mixed.apk.signatureProblem).toBe(APK_MSG.signatureMismatch);
  });

  it('accepts an APK that is not a Glyph Toy, labelled with the reason', async () => {
    const body = await uploadApk(buildApk({ packageName: 'com.example.flashlight', permissions: ['android.permission.CAMERA'] }));
    expect(body.apk).toMatchObject({ packageName: 'com.example.flashlight', toys: [], isGlyphToy: false, devices: [], requestsGlyphPermission: false, notToyReason: APK_MSG.notToyNeither });
    const noPermission = await uploadApk(buildApk({ toys: [{ service: '.Lonely', name: 'Lonely' }] }));
    expect(noPermission.apk).toMatchObject({ isGlyphToy: false, devices: [], notToyReason: APK_MSG.notToyNoPermission });
    expect(noPermission.apk.toys).toHaveLength(1);
  });

  it('gives Phone (3) only to toys without AOD support, and reads literal names', async () => {
    const body = await uploadApk(buildApk({ permissions: [GLYPH_ENABLE_PERMISSION], toys: [{ service: 'com.x.Toy', name: 'Literal', summary: 'Plain', literal: true }] }));
    expect(body.apk.devices).toEqual(['phone-3']);
    expect(body.apk.toys[0]).toMatchObject({ service: 'com.x.Toy', name: 'Literal', summary: 'Plain' });
  });
});

describe('GET /api/get-glyph/{id} and lists: glyph.apk, devices and the device filter', () => {
  it('returns the stored report on the glyph, device badges on lists, and filters by device', async () => {
    const toy = await uploadApk(await signApk(buildApkEntries(TWO_TOY_SPEC), signer, { v2: true }));
    const phone3Only = await uploadApk(buildApk({ permissions: [GLYPH_ENABLE_PERMISSION], toys: [{ service: '.Touch', name: 'Touch only' }] }));
    const aodId = await shareGlyph(toy.url, 'Filter AOD toy');
    const touchId = await shareGlyph(phone3Only.url, 'Filter touch toy');
    const plainId = await shareGlyph(null, 'Filter source only');

    const detail = (await t.app.inject({ method: 'GET', url: `/api/get-glyph/${aodId}` })).json().glyph;
    expect(detail.apk).toEqual(toy.apk);
    expect(detail.apkDevices).toEqual(['phone-3', 'phone-4a-pro']);
    expect((await t.app.inject({ method: 'GET', url: `/api/get-glyph/${plainId}` })).json().glyph.apk).toBeNull();

    const list = (await t.app.inject({ method: 'GET', url: '/api/get-glyphs?limit=100' })).json().glyphs as Array<{ id: string; apkDevices: string[]; apk?: unknown }>;
    expect(list.find((g) => g.id === touchId)?.apkDevices).toEqual(['phone-3']);
    expect(list.find((g) => g.id === plainId)?.apkDevices).toEqual([]);
    expect(list.find((g) => g.id === aodId)?.apk).toBeUndefined();

    const ids = async (query: string) => ((await t.app.inject({ method: 'GET', url: `/api/get-glyphs?${query}` })).json().glyphs as Array<{ id: string }>).map((g) => g.id);
    const pro = await ids('device=phone-4a-pro&limit=100');
    expect(pro).toContain(aodId);
    expect(pro).not.toContain(touchId);
    expect(pro).not.toContain(plainId);
    const three = await ids('device=phone-3&limit=100');
    expect(three).toEqual(expect.arrayContaining([aodId, touchId]));
    expect(three).not.toContain(plainId);
    const searched = await ids('search=Filter&device=phone-4a-pro');
    expect(searched).toEqual([aodId]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/get-glyphs?device=phone-2' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('device must be one of phone-3, phone-4a-pro');
  });
});

/** A manifest nested `depth` levels deep inside <application>. */
function deepManifest(depth: number): Buffer {
  let node: XmlNode = { name: 'leaf' };
  for (let i = 0; i < depth; i += 1) node = { name: 'nest', children: [node] };
  return buildAxml({ name: 'manifest', attributes: { package: 'com.example.deep' }, children: [{ name: 'application', children: [node] }] });
}

function patched(buffer: Buffer, offset: number, value: number): Buffer {
  const copy = Buffer.from(buffer);
  copy.writeUInt32LE(value, offset);
  return copy;
}

describe('POST /api/upload-file: hostile APKs answer 422 and store nothing', () => {
  const manifest = () => buildApkEntries(TWO_TOY_SPEC)[0]!.data;
  const resources = () => buildApkEntries(TWO_TOY_SPEC)[1]!.data;
  const cases: Array<[string, () => Promise<Buffer> | Buffer, RegExp]> = [
    ['a truncated manifest chunk', () => buildApk({ ...TWO_TOY_SPEC, manifest: manifest().subarray(0, manifest().length - 37) }), /^The APK could not be read: AndroidManifest\.xml has a chunk that runs past its end$/],
    ['a truncated resources.arsc', () => buildApk({ ...TWO_TOY_SPEC, resources: resources().subarray(0, 200) }), /^The APK could not be read: resources\.arsc has a chunk that runs past its end$/],
    // The first string offset of the manifest's pool (pool at 8, offsets after its 28-byte header).
    ['a string offset past the end', () => buildApk({ ...TWO_TOY_SPEC, manifest: patched(manifest(), 8 + 28, 0x7ffffff0) }), /^The APK could not be read: .*(truncated|points past its end)/],
    ['a manifest string pool claiming a million strings', () => buildApk({ ...TWO_TOY_SPEC, manifest: patched(manifest(), 8 + 8, 1_000_000) }), /^The APK could not be read: AndroidManifest\.xml string pool claims 1000000 strings \(at most 50000\)$/],
    ['a resource string pool claiming a million strings', () => buildApk({ ...TWO_TOY_SPEC, resources: patched(resources(), 12 + 8, 1_000_000) }), /^The APK could not be read: resources\.arsc string pool claims 1000000 strings \(at most 500000\)$/],
    ['deep nesting', () => buildApk({ ...TWO_TOY_SPEC, manifest: deepManifest(200) }), /^The APK could not be read: AndroidManifest\.xml is nested too deeply$/],
    ['a zip with two manifests', () => makeZip([...buildApkEntries(TWO_TOY_SPEC), { name: 'AndroidManifest.xml', data: deepManifest(1) }]), new RegExp(`^${APK_MSG.manifestTwice}$`)],
    ['a text manifest', () => buildApk({ ...TWO_TOY_SPEC, manifest: Buffer.from('<manifest package="x"/>') }), /^The APK could not be read: /],
    [
      'a signing block whose size points before the file',
      async () => {
        const signed = await signApk(buildApkEntries(TWO_TOY_SPEC), signer, { v2: true });
        const cdOffset = signed.readUInt32LE(signed.length - 22 + 16);
        const copy = Buffer.from(signed);
        copy.writeBigUInt64LE(0xffffffn, cdOffset - 24);
        return copy;
      },
      /^The APK Signing Block is malformed: its size is impossible$/,
    ],
    [
      'a signing block entry running past its end',
      async () => {
        const signed = await signApk(buildApkEntries(TWO_TOY_SPEC), signer, { v2: true });
        const cdOffset = signed.readUInt32LE(signed.length - 22 + 16);
        const size = Number(signed.readBigUInt64LE(cdOffset - 24));
        const copy = Buffer.from(signed);
        copy.writeBigUInt64LE(0x7fffffffn, cdOffset - size - 8 + 8); // the first pair's length
        return copy;
      },
      /^The APK Signing Block is malformed: an entry runs past its end$/,
    ],
  ];

  it.each(cases)('refuses %s', async (_label, make, message) => {
    const bytes = await make();
    const rowsBefore = await t.database.db.$count(files);
    const storedBefore = storedEntries().length;
    const response = await uploadFile(t.app, owner.auth, 'apks', bytes);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error).toMatch(message);
    expect(await t.database.db.$count(files)).toBe(rowsBefore);
    expect(storedEntries().length).toBe(storedBefore);
    expect(tmpEntries()).toEqual([]);
  });
});

describe('POST /api/admin/analyse-apks: existing APKs', () => {
  it('is for admins only (401 visitor, 403 user) and fills in reports that are missing', async () => {
    const body = await uploadApk(buildApk(TWO_TOY_SPEC));
    // An APK stored before the analyser existed: no report.
    await t.database.db.update(files).set({ apkReport: null }).where(eq(files.filename, body.filename));
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/analyse-apks' })).statusCode).toBe(401);
    const denied = await t.app.inject({ method: 'POST', url: '/api/admin/analyse-apks', headers: owner.auth });
    expect(denied.statusCode).toBe(403);
    const [untouched] = await t.database.db.select().from(files).where(eq(files.filename, body.filename));
    expect(untouched?.apkReport).toBeNull();

    const response = await t.app.inject({ method: 'POST', url: '/api/admin/analyse-apks', headers: admin.auth });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, analysed: 1, refreshed: 0, failed: 0, remaining: false });
    const [row] = await t.database.db.select().from(files).where(eq(files.filename, body.filename));
    expectTwoToyFacts(row!.apkReport!);
    const again = await t.app.inject({ method: 'POST', url: '/api/admin/analyse-apks', headers: admin.auth });
    expect(again.json()).toMatchObject({ analysed: 0, failed: 0 });
  });

  it('re-reads reports an older analyser wrote with the code reader, keeping their toy previews', async () => {
    const entries = buildApkEntries({ ...TWO_TOY_SPEC, packageName: 'com.example.reread' });
    entries.push({ name: 'classes2.dex', data: buildDex({ classes: ['com.google.android.gms.ads.MobileAds'] }) });
    const body = await uploadApk(makeZip(entries));
    expect(body.apk).toMatchObject({ analyser: 2, antiFeatures: ['Ads', 'NonFreeNet', 'Tracking'] });
    // As the first analyser stored it: no code findings, anti-features or version.
    const { code: _code, antiFeatures: _features, analyser: _version, ...old } = body.apk;
    await t.database.db.update(files).set({ apkReport: old }).where(eq(files.filename, body.filename));
    const denied = await t.app.inject({ method: 'POST', url: '/api/admin/analyse-apks', headers: owner.auth });
    expect(denied.statusCode).toBe(403);

    const response = await t.app.inject({ method: 'POST', url: '/api/admin/analyse-apks', headers: admin.auth });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, refreshed: 1, failed: 0, remaining: false });
    const [row] = await t.database.db.select().from(files).where(eq(files.filename, body.filename));
    const report = ApkReportSchema.parse(row!.apkReport);
    expect(report.code?.trackers.map((tracker) => tracker.name)).toEqual(['Google AdMob']);
    expect(report).toMatchObject({ analyser: 2, antiFeatures: ['Ads', 'NonFreeNet', 'Tracking'] });
    expect(report.toys.map((toy) => toy.imageUrl)).toEqual(body.apk.toys.map((toy) => toy.imageUrl));
    const again = await t.app.inject({ method: 'POST', url: '/api/admin/analyse-apks', headers: admin.auth });
    expect(again.json()).toMatchObject({ analysed: 0, refreshed: 0 });
  });
});

describe('GET /api/get-glyphs?without=: the code filters (issue 50)', () => {
  it('lists only glyphs whose analysed APK lacks the anti-features, in browse and in search', async () => {
    const maker = await createUser(t.app);
    const share = async (title: string, spec: Parameters<typeof buildApkEntries>[0], dexClasses: string[] = []) => {
      const entries = buildApkEntries(spec);
      if (dexClasses.length > 0) entries.push({ name: 'classes2.dex', data: buildDex({ classes: dexClasses }) });
      const uploaded = await uploadFile(t.app, maker.auth, 'apks', makeZip(entries));
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const url = uploaded.json().url as string;
      const response = await t.app.inject({ method: 'POST', url: '/api/upload-glyph', headers: maker.auth, payload: { title, description: 'Code filter toy', apkUrl: url } });
      expect(response.statusCode, response.body).toBe(200);
      return { id: response.json().id as string, filename: uploaded.json().filename as string };
    };
    const toy = (packageName: string, network: boolean) => ({
      ...TWO_TOY_SPEC,
      packageName,
      permissions: [GLYPH_ENABLE_PERMISSION, ...(network ? ['android.permission.INTERNET'] : [])],
    });
    const tracked = await share('Quokka tracked', toy('com.example.tracked', true), ['com.google.android.gms.ads.MobileAds']);
    const clean = await share('Quokka clean', toy('com.example.clean', false));
    const online = await share('Quokka online', toy('com.example.online', true));
    const unread = await share('Quokka unread', toy('com.example.unread', false));
    // A report from before the anti-features: nothing can be vouched for, so no `without` filter lists it.
    const [row] = await t.database.db.select().from(files).where(eq(files.filename, unread.filename));
    const { antiFeatures: _features, ...older } = row!.apkReport!;
    await t.database.db.update(files).set({ apkReport: older }).where(eq(files.filename, unread.filename));

    const ids = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/get-glyphs?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().glyphs as Array<{ id: string }>).map((g) => g.id).sort();
    };
    const sorted = (...rows: Array<{ id: string }>) => rows.map((r) => r.id).sort();
    const browse = `creator_id=${maker.id}&limit=100`;
    expect(await ids(browse)).toEqual(sorted(tracked, clean, online, unread));
    expect(await ids(`${browse}&without=trackers`)).toEqual(sorted(clean, online));
    expect(await ids(`${browse}&without=ads`)).toEqual(sorted(clean, online));
    expect(await ids(`${browse}&without=network`)).toEqual(sorted(clean));
    expect(await ids(`${browse}&without=network,Trackers`)).toEqual(sorted(clean));
    expect(await ids('search=Quokka&without=trackers')).toEqual(sorted(clean, online));
    expect(await ids('search=Quokka&without=network')).toEqual(sorted(clean));

    const bad = await t.app.inject({ method: 'GET', url: '/api/get-glyphs?without=trackers,cookies' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(SEARCH_MSG.withoutFilterInvalid);
  });
});

describe('deleting a glyph stops serving its toy previews', () => {
  it('marks the previews deleted with the APK, but keeps them while another live glyph ships the same APK', async () => {
    const body = await uploadApk(buildApk(TWO_TOY_SPEC));
    const first = await shareGlyph(body.url, 'Preview keeper one');
    const second = await shareGlyph(body.url, 'Preview keeper two');
    const preview = body.apk.toys[0]!.imageUrl!;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/delete-glyph/${first}`, headers: owner.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: preview })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/delete-glyph/${second}`, headers: owner.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: preview })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: body.url })).statusCode).toBe(404);
  });
});

describe('DELETE /api/delete-file on an APK', () => {
  it('removes its toy previews too', async () => {
    const body = await uploadApk(buildApk(TWO_TOY_SPEC));
    const before = await t.database.db.$count(files);
    const response = await t.app.inject({ method: 'DELETE', url: '/api/delete-file', headers: owner.auth, payload: { type: 'apks', filename: body.filename } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await t.database.db.$count(files)).toBe(before - 3);
    for (const toy of body.apk.toys) expect((await t.app.inject({ method: 'GET', url: toy.imageUrl! })).statusCode).toBe(404);
  });
});

/** Recomputes the CRC-32 (central and local header) of the stored entry whose data holds byte `at`. */
function fixZipCrc(zip: Buffer, at: number) {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let cd = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < zip.readUInt16LE(eocd + 10); i += 1) {
    const local = zip.readUInt32LE(cd + 42);
    const size = zip.readUInt32LE(cd + 20);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (at >= start && at < start + size) {
      const crc = crc32(zip.subarray(start, start + size));
      zip.writeUInt32LE(crc, cd + 16);
      zip.writeUInt32LE(crc, local + 14);
      return;
    }
    cd += 46 + zip.readUInt16LE(cd + 28) + zip.readUInt16LE(cd + 30) + zip.readUInt16LE(cd + 32);
  }
  throw new Error('no entry holds that byte');
}

describe('an APK signed by Android apksigner (independent of the test builder)', () => {
  const fixture = fs.readFileSync(new URL('../../../../fixtures/apk/apksigner-v1v2v3.apk', import.meta.url));
  const fingerprint = 'f44e49f514b9057258ea30cfb61d38e4ba25b9dd85ffc06895cb6d6e25c2371c';

  it('verifies its v1, v2 and v3 signatures and names the certificate', async () => {
    const body = await uploadApk(fixture);
    expectTwoToyFacts(body.apk);
    expect(body.apk.signers).toEqual(['v1', 'v2', 'v3'].map((scheme) => ({ sha256: fingerprint, subject: 'O=Apksigner Check, CN=Real Signer', scheme })));
    expect(body.apk.signatureStatus).toBe('verified');
  });

  it('reports a byte changed after signing as an invalid signature', async () => {
    const tampered = Buffer.from(fixture);
    const iend = tampered.indexOf(Buffer.from('IEND', 'latin1'));
    tampered[iend + 5] = (tampered[iend + 5] ?? 0) ^ 0xff; // the stored preview PNG's last CRC byte
    // The ZIP's own CRC is fixed up, as a tamperer would: a wrong ZIP CRC is a corrupt archive (422), not a signature verdict.
    fixZipCrc(tampered, iend);
    const body = await uploadApk(tampered);
    expect(body.apk.signatureStatus).toBe('invalid');
    expect(body.apk.signatureProblem).toBe(APK_MSG.signatureBroken('v1'));
  });
});
