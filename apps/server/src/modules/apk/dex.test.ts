import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildApk, buildDex, signApk, buildApkEntries, createSigner } from '@glyphary/test-support';
import { ApkInvalidError } from './apk-error.ts';
import { DEX_LIMITS, readDex } from './dex.ts';
import { matchTrackers, TRACKER_SDKS } from './trackers.ts';
import { analyseApk } from './analyse-apk.ts';
import { findCode, WANTED_STRINGS } from './code-findings.ts';
import { ZipArchive } from './zip-reader.ts';

const SAMPLE = buildDex({
  classes: ['com.example.toy.MainToy', 'com.appsflyer.AppsFlyerLib'],
  methods: [
    { className: 'java.lang.Runtime', name: 'exec' },
    { className: 'dalvik.system.DexClassLoader', name: '<init>' },
    { className: 'com.example.toy.MainToy', name: 'onBind' },
  ],
});

describe('readDex', () => {
  it('lists the referenced packages and framework methods of a dex that dexdump accepts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-dex-'));
    try {
      const file = path.join(dir, 'classes.dex');
      fs.writeFileSync(file, SAMPLE);
      // dexdump (Android's own reader) checks the checksum and prints the header's counts.
      const header = execFileSync('/usr/bin/dexdump', ['-f', file], { encoding: 'utf8' });
      expect(header).toMatch(/type_ids_size\s*:\s*5\b/);
      expect(header).toMatch(/method_ids_size\s*:\s*3\b/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const dex = readDex(SAMPLE);
    expect(dex.packages).toEqual(['com.appsflyer', 'com.example.toy', 'dalvik.system', 'java.lang']);
    expect(dex.frameworkMethods).toEqual(['dalvik.system.DexClassLoader.<init>', 'java.lang.Runtime.exec']);
  });

  it.each([
    ['not a dex file', (b: Buffer) => b.fill(0, 0, 4)],
    ['the type table past the end', (b: Buffer) => b.writeUInt32LE(b.length - 4, 68)],
    ['a huge method count', (b: Buffer) => b.writeUInt32LE(0xffffffff, 88)],
    ['a string offset past the end', (b: Buffer) => b.writeUInt32LE(b.length + 100, 0x70)],
    ['a method naming a type that does not exist', (b: Buffer) => b.writeUInt16LE(0xffff, b.readUInt32LE(92))],
  ])('refuses %s', (_, damage) => {
    const bytes = Buffer.from(SAMPLE);
    damage(bytes);
    expect(() => readDex(bytes)).toThrow(ApkInvalidError);
  });

  it('refuses a dex whose reading would pass the work bound', () => {
    expect(() => readDex(SAMPLE, 'classes.dex', { ...DEX_LIMITS, maxWork: 10 })).toThrow(/too much work/);
  });

  it('answers random and truncated bytes with a result or a clean refusal, within the work bound', () => {
    const limits = { ...DEX_LIMITS, maxWork: 4096 };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
          fc.nat({ max: SAMPLE.length }).map((n) => SAMPLE.subarray(0, n)),
          fc.tuple(fc.nat({ max: SAMPLE.length - 1 }), fc.integer({ min: 0, max: 255 })).map(([at, value]) => {
            const copy = Buffer.from(SAMPLE);
            copy[at] = value;
            return copy;
          }),
        ),
        (bytes) => {
          try {
            expect(readDex(bytes, 'classes.dex', limits, WANTED_STRINGS).work).toBeLessThanOrEqual(limits.maxWork);
          } catch (error) {
            expect(error).toBeInstanceOf(ApkInvalidError);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('known SDKs', () => {
  it.each(TRACKER_SDKS.map((sdk) => [sdk.name, sdk] as const))('names %s from a dex referencing its documented class', (name, sdk) => {
    const { packages } = readDex(buildDex({ classes: [sdk.example, 'com.example.toy.MainToy'] }));
    expect(matchTrackers(packages)).toEqual([{ name, category: sdk.category, evidence: [sdk.example.slice(0, sdk.example.lastIndexOf('.'))] }]);
  });

  it('does not match a package that only shares a prefix string', () => {
    expect(matchTrackers(['com.appsflyerx', 'io.sentryish.core', 'com.example.toy'])).toEqual([]);
  });
});

describe('apk.code in the report', () => {
  it('reports trackers, native ABIs and dynamic code, and an unreadable dex without refusing the APK', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-code-'));
    try {
      const entries = buildApkEntries({ packageName: 'com.example.code' }).filter((e) => e.name !== 'classes.dex');
      entries.push(
        { name: 'classes.dex', data: buildDex({ classes: ['com.google.firebase.analytics.FirebaseAnalytics'], methods: [{ className: 'dalvik.system.InMemoryDexClassLoader', name: '<init>' }] }) },
        { name: 'classes2.dex', data: buildDex({ methods: [{ className: 'com.google.android.gms.ads.MobileAds', name: 'initialize' }, { className: 'java.lang.Runtime', name: 'exec' }] }) },
        { name: 'classes3.dex', data: Buffer.from('dex\n035\0not really') },
        { name: 'lib/arm64-v8a/libtoy.so', data: Buffer.from('ELF') },
        { name: 'lib/armeabi-v7a/libtoy.so', data: Buffer.from('ELF') },
      );
      const file = path.join(dir, 'code.apk');
      fs.writeFileSync(file, await signApk(entries, await createSigner()));
      const { report } = await analyseApk(file);
      expect(report.code).toEqual({
        dexFiles: 3,
        trackers: [
          { name: 'Google Firebase Analytics', category: 'analytics', evidence: ['com.google.firebase.analytics'] },
          { name: 'Google AdMob', category: 'advertising', evidence: ['com.google.android.gms.ads'] },
        ],
        nativeCode: ['arm64-v8a', 'armeabi-v7a'],
        dynamicCode: [
          { kind: 'in-memory-dex-class-loader', evidence: 'dalvik.system.InMemoryDexClassLoader.<init>' },
          { kind: 'runtime-exec', evidence: 'java.lang.Runtime.exec' },
        ],
        unreadable: [{ file: 'classes3.dex', reason: expect.stringContaining('classes3.dex') }],
        network: { internet: false, code: [] },
        sensitive: [],
      });
      fs.writeFileSync(file, buildApk());
      expect((await analyseApk(file)).report.code).toMatchObject({ dexFiles: 1, trackers: [], nativeCode: [], dynamicCode: [] });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The code findings of an APK whose manifest is `spec` and whose one dex is `dex`. */
async function codeOf(spec: Parameters<typeof buildApkEntries>[0], dex: Parameters<typeof buildDex>[0]) {
  const entries = buildApkEntries(spec).filter((e) => e.name !== 'classes.dex');
  entries.push({ name: 'classes.dex', data: buildDex(dex) });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-findings-'));
  try {
    const file = path.join(dir, 'findings.apk');
    fs.writeFileSync(file, await signApk(entries, await createSigner()));
    return (await analyseApk(file)).report.code!;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('dynamic code', () => {
  it('finds the string constants it is asked for, and only those', () => {
    const dex = buildDex({ classes: ['com.example.toy.MainToy'], strings: ['dalvik.system.VMRuntime', 'setHiddenApiExemptions', 'dalvik.system.VMRuntimeX', 'hello'] });
    expect(readDex(dex, 'classes.dex', DEX_LIMITS, WANTED_STRINGS).strings).toEqual(['dalvik.system.VMRuntime', 'setHiddenApiExemptions']);
    expect(readDex(dex).strings).toEqual([]);
  });

  it('reports PathClassLoader and reflection on hidden APIs with the names used as evidence', async () => {
    const zip = (dex: Buffer) => ZipArchive.open(makeApkWith(dex));
    const reflective = buildDex({
      methods: [
        { className: 'dalvik.system.PathClassLoader', name: '<init>' },
        { className: 'java.lang.Class', name: 'forName' },
        { className: 'java.lang.Class', name: 'getDeclaredMethod' },
      ],
      strings: ['dalvik.system.VMRuntime', 'setHiddenApiExemptions'],
    });
    expect((await findCode(zip(reflective))).dynamicCode).toEqual([
      { kind: 'path-class-loader', evidence: 'dalvik.system.PathClassLoader.<init>' },
      { kind: 'hidden-api-reflection', evidence: 'java.lang.Class.forName("dalvik.system.VMRuntime", "setHiddenApiExemptions")' },
    ]);
    // A hidden class referenced directly (compiled against hidden stubs) is its own evidence.
    const direct = buildDex({ methods: [{ className: 'android.app.ActivityThread', name: 'currentApplication' }] });
    expect((await findCode(zip(direct))).dynamicCode).toEqual([{ kind: 'hidden-api-reflection', evidence: 'android.app.ActivityThread' }]);
    // Reflection without a hidden name, or a hidden name nobody reflects on, is not evidence.
    const plainReflection = buildDex({ methods: [{ className: 'java.lang.Class', name: 'forName' }], strings: ['com.example.Plugin'] });
    const nameOnly = buildDex({ classes: ['com.example.toy.MainToy'], strings: ['dalvik.system.VMRuntime'] });
    expect((await findCode(zip(plainReflection))).dynamicCode).toEqual([]);
    expect((await findCode(zip(nameOnly))).dynamicCode).toEqual([]);
  });
});

function makeApkWith(dex: Buffer): Buffer {
  return buildApk({ extraEntries: [{ name: 'classes2.dex', data: dex }] });
}

describe('network and sensitive findings', () => {
  it('says whether the manifest asks for network access and which code opens connections', async () => {
    const code = await codeOf(
      { packageName: 'com.example.net', permissions: ['android.permission.INTERNET'] },
      { methods: [{ className: 'java.net.URL', name: 'openConnection' }, { className: 'okhttp3.OkHttpClient', name: 'newCall' }, { className: 'java.lang.String', name: 'valueOf' }] },
    );
    expect(code.network).toEqual({ internet: true, code: ['java.net.URL.openConnection', 'okhttp3'] });
    const offline = await codeOf({ packageName: 'com.example.offline' }, { classes: ['java.net.Socket'] });
    expect(offline.network).toEqual({ internet: false, code: ['java.net.Socket'] });
  });

  it('compares the manifest with the code for each sensitive ability', async () => {
    const code = await codeOf(
      {
        packageName: 'com.example.sensitive',
        permissions: ['android.permission.READ_SMS', 'android.permission.SYSTEM_ALERT_WINDOW'],
        components: [
          { kind: 'service', name: '.Reader', permission: 'android.permission.BIND_ACCESSIBILITY_SERVICE' },
          { kind: 'service', name: '.Plain' },
        ],
      },
      {
        classes: ['android.provider.ContactsContract$Contacts', 'android.accessibilityservice.AccessibilityService'],
        methods: [{ className: 'android.telephony.SmsManager', name: 'sendTextMessage' }],
      },
    );
    expect(code.sensitive).toEqual([
      { kind: 'sms', manifest: ['android.permission.READ_SMS'], code: ['android.telephony.SmsManager', 'android.telephony.SmsManager.sendTextMessage'], agree: true },
      { kind: 'contacts', manifest: [], code: ['android.provider.ContactsContract$Contacts'], agree: false },
      {
        kind: 'accessibility',
        manifest: ['service com.example.sensitive.Reader (BIND_ACCESSIBILITY_SERVICE)'],
        code: ['android.accessibilityservice.AccessibilityService'],
        agree: true,
      },
      { kind: 'overlay', manifest: ['android.permission.SYSTEM_ALERT_WINDOW'], code: [], agree: false },
    ]);
  });
});
