import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApkEntries, buildAxml, createSigner, GLYPH_ENABLE, signApk, type ApkSpec, type Signer } from '@glyphary/test-support';
import { analyseApk } from './analyse-apk.ts';

// Where the report and Android's own tools (aapt, apksigner) could disagree: SDK codenames, the
// certificate subject's RDN order, and a permission's maxSdkVersion. Each case is checked against the tool.

let dir: string;
let signer: Signer;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-apk-'));
  signer = await createSigner('Orbit Maker', 'Glyph Studio');
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

let count = 0;
async function writeApk(spec: ApkSpec): Promise<string> {
  const file = path.join(dir, `case-${(count += 1)}.apk`);
  fs.writeFileSync(file, await signApk(buildApkEntries(spec), signer));
  return file;
}

const aapt = (file: string) => execFileSync('/usr/bin/aapt', ['dump', 'badging', file], { encoding: 'utf8' });

describe('the APK report agrees with aapt and apksigner', () => {
  it.each([
    ['IceCreamSandwich', 14],
    ['S', 31],
    ['Tiramisu', 33],
    ['UpsideDownCake', 34],
  ])("maps the codename minSdkVersion '%s' to API level %i (aapt prints the codename)", async (codename, level) => {
    const file = await writeApk({ minSdk: codename, targetSdk: codename, permissions: [GLYPH_ENABLE] });
    expect(aapt(file)).toContain(`sdkVersion:'${codename}'`);
    const { report } = await analyseApk(file);
    expect(report.minSdk).toBe(level);
    expect(report.targetSdk).toBe(level);
  });

  it('leaves an unknown codename as null, and a number as that number', async () => {
    expect((await analyseApk(await writeApk({ minSdk: 'NotARelease' }))).report.minSdk).toBeNull();
    const file = await writeApk({ minSdk: 29 });
    expect(aapt(file)).toContain("sdkVersion:'29'");
    expect((await analyseApk(file)).report.minSdk).toBe(29);
  });

  it.each([
    ['an apksigner-signed fixture (one RDN per attribute)', () => new URL('../../../../../fixtures/apk/apksigner-v1v2v3.apk', import.meta.url).pathname, 'O=Apksigner Check, CN=Real Signer'],
    ['a test-built APK (a multi-valued RDN)', () => writeApk({ permissions: [GLYPH_ENABLE] }), 'O=Glyph Studio + CN=Orbit Maker'],
  ])('prints the certificate subject of %s as apksigner prints it', async (_, make, expected) => {
    const file = await make();
    const printed = execFileSync('/usr/bin/apksigner', ['verify', '--print-certs', file], { encoding: 'utf8' });
    const dn = /Signer #1 certificate DN: (.*)/.exec(printed)?.[1];
    expect(dn).toBe(expected);
    const { report } = await analyseApk(file);
    expect(new Set(report.signers.map((s) => s.subject))).toEqual(new Set([dn]));
  });

  it("keeps each permission's maxSdkVersion, as aapt lists it", async () => {
    const file = await writeApk({
      permissions: [GLYPH_ENABLE, 'android.permission.WRITE_EXTERNAL_STORAGE', 'android.permission.READ_PHONE_STATE'],
      permissionMaxSdk: { 'android.permission.WRITE_EXTERNAL_STORAGE': 28, 'android.permission.READ_PHONE_STATE': 22 },
    });
    const listed = aapt(file);
    expect(listed).toContain("uses-permission: name='android.permission.WRITE_EXTERNAL_STORAGE' maxSdkVersion='28'");
    expect(listed).toContain("uses-permission: name='android.permission.READ_PHONE_STATE' maxSdkVersion='22'");
    const { report } = await analyseApk(file);
    expect(report.permissionMaxSdk).toEqual({ 'android.permission.WRITE_EXTERNAL_STORAGE': 28, 'android.permission.READ_PHONE_STATE': 22 });
    expect(report.permissions).toContain('android.permission.WRITE_EXTERNAL_STORAGE');
  });

  it('reports no maxSdkVersion for a permission also requested without one (Android grants it on every release)', async () => {
    const manifest = (second: Record<string, number>) =>
      buildAxml({
        name: 'manifest',
        attributes: { package: 'com.example.twice', versionCode: 1 },
        children: [
          { name: 'uses-permission', attributes: { name: 'android.permission.CAMERA', maxSdkVersion: 18 } },
          { name: 'uses-permission-sdk-23', attributes: { name: 'android.permission.CAMERA', ...second } },
        ],
      });
    expect((await analyseApk(await writeApk({ manifest: manifest({}) }))).report.permissionMaxSdk).toEqual({});
    expect((await analyseApk(await writeApk({ manifest: manifest({ maxSdkVersion: 22 }) }))).report.permissionMaxSdk).toEqual({ 'android.permission.CAMERA': 22 });
  });
});
