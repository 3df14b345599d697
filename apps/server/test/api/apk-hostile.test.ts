import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APK_MSG, type ApkReport } from '@glyphary/shared';
import {
  buildApk,
  buildApkEntries,
  buildArsc,
  createSigner,
  makeZip,
  removeSigningBlock,
  resourceId,
  signApk,
  TWO_TOY_SPEC,
  unicodePathExtra,
  type ResourceType,
} from '@glyphary/test-support';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories.ts';
import { uploadFile } from '../file-fixtures.ts';
import { files } from '../../src/db/schema/index.ts';

// Issue 46: hostile APKs that cost the server seconds of CPU or gigabytes of memory before; each
// case is built here byte by byte. The analyser must answer quickly with a report or a 422.

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_RATE_LIMIT: '1000' });
  owner = await createUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const filesDir = () => path.join(t.dataDir, 'files');
const storedEntries = () => [...fs.readdirSync(path.join(filesDir(), 'images')), ...fs.readdirSync(path.join(filesDir(), 'apks'))];

async function expectRefused(bytes: Buffer, message: RegExp) {
  const rowsBefore = await t.database.db.$count(files);
  const storedBefore = storedEntries().length;
  const response = await uploadFile(t.app, owner.auth, 'apks', bytes);
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json().error).toMatch(message);
  expect(await t.database.db.$count(files)).toBe(rowsBefore);
  expect(storedEntries().length).toBe(storedBefore);
}

async function expectReport(bytes: Buffer): Promise<ApkReport> {
  const response = await uploadFile(t.app, owner.auth, 'apks', bytes);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { apk: ApkReport }).apk;
}

/** TWO_TOY_SPEC's string ids: 0 app_name, 1 toy 0 name, 2 toy 0 summary, 3 toy 1 name, 4 toy 1 summary (type 2). */
const STRING_KEYS = ['app_name', 'toy_0_name', 'toy_0_summary', 'toy_1_name', 'toy_1_summary'];

describe('issue 46 item 1: resource references that fan out', () => {
  it('resolves a chain of references repeated in many configurations (12 chunks, 8 deep) without exponential work', async () => {
    // Every string entry points at the next one, and the chunk is written 12 times: following every
    // chunk at every hop was 12^8 lookups (the event loop was held for minutes).
    const chain = Array.from({ length: 9 }, (_, i) => ({ key: `k${i}`, value: i === 8 ? 'Orbit' : '', ...(i < 8 ? { ref: resourceId(2, i + 1) } : {}) }));
    const types: ResourceType[] = [
      { name: 'drawable', entries: [] },
      { name: 'string', entries: chain, copies: 12 },
    ];
    const apk = await expectReport(buildApk({ ...TWO_TOY_SPEC, resources: buildArsc('com.example.orbit', types) }));
    // toy 0's name is string 1: its chain ends at 'Orbit'.
    expect(apk.toys[0]!.name).toBe('Orbit');
  });

  it('refuses a table whose references need more than the lookup budget', async () => {
    // Each entry references the next and the last an unknown id, so no lookup yields a value: in 15,000
    // configurations that is 120,000 lookups (ids 1–8) even when each id is resolved once.
    const entries = Array.from({ length: 9 }, (_, i) => ({ key: `k${i}`, value: 'x', ref: i < 8 ? resourceId(2, i + 1) : resourceId(9, 0xffff) }));
    const types: ResourceType[] = [
      { name: 'drawable', entries: [] },
      { name: 'string', entries, copies: 15_000 },
    ];
    const apk = buildApk({ ...TWO_TOY_SPEC, resources: buildArsc('com.example.orbit', types) });
    await expectRefused(apk, /^The APK could not be read: resources\.arsc references take too much work to resolve$/);
  });
});

describe('issue 46 item 2: string-pool offsets that all point into one long string', () => {
  it('counts decoded string bytes per pool and refuses past the budget', async () => {
    // A UTF-8 pool whose every offset lands in a run of 0xff bytes: each reads as a 32,767-byte string
    // (two length bytes 0xff 0xff, then 0xff 0xff for the byte length). 5 ids × 4,000 locales each
    // decoded separately was ~650 MB of strings kept for the request.
    const locales = 4_000;
    const run = 32_767 + locales * STRING_KEYS.length + 8;
    const pool = (values: string[]) => {
      const header = Buffer.alloc(28 + values.length * 4);
      header.writeUInt16LE(0x0001, 0);
      header.writeUInt16LE(28, 2);
      const data = Buffer.alloc(run + ((4 - (run % 4)) % 4), 0xff);
      header.writeUInt32LE(header.length + data.length, 4);
      header.writeUInt32LE(values.length, 8);
      header.writeUInt32LE(0x100, 16);
      header.writeUInt32LE(header.length, 20);
      values.forEach((_, i) => header.writeUInt32LE(i, 28 + i * 4));
      return Buffer.concat([header, data]);
    };
    const localized: Record<string, string[]> = {};
    for (let l = 0; l < locales; l += 1) localized[`l${l}`] = STRING_KEYS.map((key) => `${key}-${l}`);
    const types: ResourceType[] = [
      { name: 'drawable', entries: [] },
      { name: 'string', entries: STRING_KEYS.map((key) => ({ key, value: key })), locales: localized },
    ];
    const resources = buildArsc('com.example.orbit', types, pool);
    await expectRefused(buildApk({ ...TWO_TOY_SPEC, resources }), /^The APK could not be read: resources\.arsc strings decode to too much text$/);
  });

  it('still reads a normal pool (the demo toy keeps its names)', async () => {
    const apk = await expectReport(buildApk(TWO_TOY_SPEC));
    expect(apk.toys.map((toy) => toy.name)).toEqual(['Orbit', 'Dot Clock']);
  });
});

describe('issue 46 item 5: a v2/v3-signed APK with its signing block stripped', () => {
  const fixture = fs.readFileSync(new URL('../../../../fixtures/apk/apksigner-v1v2v3.apk', import.meta.url));

  it('is not "verified (v1)" when the .SF declares X-Android-APK-Signed: 2 and the block is gone', async () => {
    const signer = await createSigner('Stripper', 'Glyphary Tests');
    const signed = await signApk(buildApkEntries(TWO_TOY_SPEC), signer);
    expect((await expectReport(signed)).signatureStatus).toBe('verified');
    const stripped = await expectReport(removeSigningBlock(signed));
    expect(stripped.signatureStatus).toBe('invalid');
    expect(stripped.signatureProblem).toBe(APK_MSG.signatureStripped('v2'));
    expect(stripped.signers.map((s) => s.scheme)).toEqual(['v1']);
  });

  it('agrees with apksigner on the stripped apksigner-made fixture (v1+v2+v3)', async () => {
    const stripped = removeSigningBlock(fixture);
    const report = await expectReport(stripped);
    expect(report.signatureStatus).toBe('invalid');
    expect(report.signatureProblem).toBe(APK_MSG.signatureStripped('v2'));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apk-stripped-'));
    try {
      const file = path.join(dir, 'stripped.apk');
      fs.writeFileSync(file, stripped);
      // --min-sdk-version 21 makes apksigner check v1 as Android 5–6 devices would (the fixture targets newer ones).
      const run = spawnSync('/usr/bin/apksigner', ['verify', '--min-sdk-version', '21', file], { encoding: 'utf8' });
      expect(run.status).not.toBe(0);
      expect(`${run.stdout}${run.stderr}`).toMatch(/DOES NOT VERIFY[\s\S]*Signature stripped\?/);
      const original = path.join(dir, 'original.apk');
      fs.writeFileSync(original, fixture);
      expect(spawnSync('/usr/bin/apksigner', ['verify', '--min-sdk-version', '21', original], { encoding: 'utf8' }).status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('issue 46 item 4 and item 7: the ZIP is read as Android reads it, sizes counted', () => {
  const entries = () => buildApkEntries(TWO_TOY_SPEC);

  it('refuses a manifest whose Unicode-path field names a decoy (Android reads the raw name)', async () => {
    // The real manifest (raw name AndroidManifest.xml) claims to be decoy.xml; the decoy claims to be the manifest.
    const [manifest, ...rest] = entries();
    const decoy = buildApkEntries({ ...TWO_TOY_SPEC, packageName: 'com.example.decoy' })[0]!;
    const zip = makeZip([
      { ...manifest!, extra: unicodePathExtra('AndroidManifest.xml', 'decoy.xml') },
      { ...decoy, name: 'decoy.xml', extra: unicodePathExtra('decoy.xml', 'AndroidManifest.xml') },
      ...rest,
    ]);
    await expectRefused(zip, /^The APK could not be read: the entry AndroidManifest\.xml names another file in its Unicode path field$/);
  });

  it('accepts a Unicode-path field that agrees with the raw name', async () => {
    const [manifest, ...rest] = entries();
    const apk = await expectReport(makeZip([{ ...manifest!, extra: unicodePathExtra('AndroidManifest.xml', 'AndroidManifest.xml') }, ...rest]));
    expect(apk.packageName).toBe('com.example.orbit');
  });

  it('refuses two entries with one name', async () => {
    await expectRefused(makeZip([...entries(), { name: 'classes.dex', data: Buffer.from('dex\n035\0other') }]), /^The APK contains classes\.dex more than once$/);
  });

  it('refuses an entry that declares 100 bytes and inflates to 10 MB', async () => {
    const bomb = { name: 'assets/small.bin', data: Buffer.alloc(10 * 1024 * 1024), method: 8 as const, declaredSize: 100 };
    await expectRefused(makeZip([...entries(), bomb]), /^The APK could not be read: assets\/small\.bin holds more than it declares$/);
  });

  it('refuses an APK whose entries declare far more than its own size (v1 would hash them all)', async () => {
    // 1,000 entries of 100 KB of zeros: ~0.3 MB uploaded, 100 MB to inflate and hash.
    const zeros = Buffer.alloc(100 * 1024);
    const filler = Array.from({ length: 1_000 }, (_, i) => ({ name: `assets/z${i}.bin`, data: zeros, method: 8 as const }));
    const zip = makeZip([...entries(), ...filler]);
    expect(zip.length).toBeLessThan(1024 * 1024);
    await expectRefused(zip, /^The APK expands to too much data$/);
  });
});

describe('issue 46 item 7: toy previews are decoded within a pixel budget', () => {
  it('leaves out previews over 4 MP each, and past 16 MP for the whole APK', async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 9, g: 9, b: 9 } } }).png().toBuffer();
    const fits = await sharp({ create: { width: 1900, height: 1900, channels: 3, background: { r: 9, g: 9, b: 9 } } }).png().toBuffer();
    const toys = Array.from({ length: 6 }, (_, i) => ({ service: `.Toy${i}`, name: `Toy ${i}`, literal: true }));
    const previews = [big, fits, fits, fits, fits, fits]; // 6 MP, then five of 3.61 MP: four fit in 16 MP
    const spec = { ...TWO_TOY_SPEC, toys };
    const entries = buildApkEntries(spec).map((entry) => {
      const match = /^res\/drawable\/toy_(\d+)_preview\.png$/.exec(entry.name);
      return match ? { ...entry, data: previews[Number(match[1])]! } : entry;
    });
    const apk = await expectReport(makeZip(entries));
    expect(apk.toys.map((toy) => toy.imageUrl !== null)).toEqual([false, true, true, true, true, false]);
  });
});

describe('the event loop while an APK is analysed (SECURITY: parsers run off the event loop)', () => {
  it('keeps answering /api/health while a costly APK is checked', async () => {
    // A v1-signed APK with a 40 MB stored entry: the analysis CRC-checks it, hashes it for v1 and hashes
    // the whole file, in the parse pool's worker. Measured by hand: with the analysis moved back onto the
    // event loop this test still passed (the bounded parsers yield between chunks), so it guards against
    // a parse that holds the loop for long, not against the pool's removal as such.
    const signer = await createSigner('Busy', 'Glyphary Tests');
    const filler = { name: 'assets/noise.bin', data: randomBytes(40 * 1024 * 1024), method: 0 as const };
    const apk = await signApk([...buildApkEntries(TWO_TOY_SPEC), filler], signer, { v1: true });
    let done = false;
    const upload = uploadFile(t.app, owner.auth, 'apks', apk).finally(() => {
      done = true;
    });
    let answered = 0;
    while (!done) {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      if (done) break; // only answers given entirely while the upload was in progress count
      answered += 1;
      expect(health.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const response = await upload;
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { apk: ApkReport }).apk.signatureStatus).toBe('verified');
    // The loop kept serving other requests while the APK was read. No latency bound here: tests assert
    // behaviour, not timing (the latency under load is the bench's to measure; a fixed 100 ms bound
    // failed on a loaded CI machine).
    expect(answered).toBeGreaterThanOrEqual(5);
  });
});
