import type { ApkCode } from '@glyphary/shared';
import { ApkInvalidError, malformed } from './apk-error.ts';
import { DEX_LIMITS, readDex } from './dex.ts';
import { matchTrackers } from './trackers.ts';
import type { ZipArchive } from './zip-reader.ts';

/** Android splits code across classes.dex, classes2.dex, …; more than this is not a toy. */
export const CODE_LIMITS = { maxDexFiles: 32, maxAbis: 16 };

const DEX_NAME = /^classes\d*\.dex$/;
const NATIVE_LIB = /^lib\/([^/]+)\/[^/]+\.so$/;

/** Framework methods that load or run code the APK does not contain, by kind. */
const DYNAMIC_CODE: ReadonlyArray<[ApkCode['dynamicCode'][number]['kind'], RegExp]> = [
  ['dex-class-loader', /^dalvik\.system\.DexClassLoader\./],
  ['in-memory-dex-class-loader', /^dalvik\.system\.InMemoryDexClassLoader\./],
  ['runtime-exec', /^java\.lang\.(Runtime\.exec|ProcessBuilder\.start)$/],
];

/**
 * Reads every classes*.dex at the top of the APK and the native libraries under lib/: the SDKs
 * the code references, the ABIs it ships for, and code it may load or run later.
 */
export async function findCode(zip: ZipArchive): Promise<ApkCode> {
  const dexNames = zip.names.filter((name) => DEX_NAME.test(name));
  if (dexNames.length > CODE_LIMITS.maxDexFiles) throw malformed('it has too many dex files');
  const packages = new Set<string>();
  const methods = new Set<string>();
  const unreadable: ApkCode['unreadable'] = [];
  for (const name of dexNames) {
    let dex;
    try {
      dex = readDex(await zip.read(name, DEX_LIMITS.maxBytes), name);
    } catch (error) {
      // A dex the reader refuses leaves the rest of the report standing; the finding says its code was not read.
      if (!(error instanceof ApkInvalidError)) throw error;
      unreadable.push({ file: name, reason: error.message });
      continue;
    }
    for (const p of dex.packages) packages.add(p);
    for (const m of dex.frameworkMethods) methods.add(m);
  }
  const abis = new Set<string>();
  for (const name of zip.names) {
    const abi = NATIVE_LIB.exec(name)?.[1];
    if (abi && abis.size < CODE_LIMITS.maxAbis) abis.add(abi.slice(0, 40));
  }
  const dynamicCode: ApkCode['dynamicCode'] = [];
  for (const [kind, pattern] of DYNAMIC_CODE) {
    const evidence = [...methods].find((m) => pattern.test(m));
    if (evidence) dynamicCode.push({ kind, evidence });
  }
  return { dexFiles: dexNames.length, trackers: matchTrackers([...packages].sort()), nativeCode: [...abis].sort(), dynamicCode, unreadable };
}
