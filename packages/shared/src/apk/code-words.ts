import type { ApkCode, ApkNetwork, ApkReport, ApkSensitive, SensitiveKind } from '../schemas/apk.ts';

// Issue 50: the code findings of the APK report in plain words, and the anti-features that follow
// from them. The toy page, the download dialog, search and the F-Droid index all derive them here.

type DynamicKind = ApkCode['dynamicCode'][number]['kind'];

export const DYNAMIC_CODE_WORDS: Record<DynamicKind, string> = {
  'dex-class-loader': 'Can load code from a file it downloads or unpacks (DexClassLoader)',
  'in-memory-dex-class-loader': 'Can load code from memory, code that is not in the APK (InMemoryDexClassLoader)',
  'path-class-loader': 'Can load code from a file path on the phone (PathClassLoader)',
  'runtime-exec': 'Can run other programs on the phone (Runtime.exec)',
  'hidden-api-reflection': 'Reaches Android internals outside the public SDK (hidden APIs), which Android may block or change',
};

export const SENSITIVE_LABELS: Record<SensitiveKind, string> = {
  sms: 'SMS',
  contacts: 'Contacts',
  location: 'Location',
  accessibility: 'Accessibility service (can read the screen and act for you)',
  overlay: 'Draws over other apps',
  'device-admin': 'Device administrator',
  'notification-listener': 'Reads your notifications',
};

/** Whether the manifest and the code agree about one sensitive ability. */
export function sensitiveWords(finding: ApkSensitive): string {
  if (finding.agree) return 'The manifest asks for it and the code uses it.';
  if (finding.manifest.length > 0) return 'The manifest asks for it; no code using it was found.';
  return 'The code references it, but the manifest does not ask for it, so Android will not grant it.';
}

export function networkWords(network: ApkNetwork): string | null {
  if (network.internet && network.code.length > 0) return 'Connects to the internet: it asks for network access and its code opens connections.';
  if (network.internet) return 'Asks for network access; no code opening connections was found (a library or web view may still use it).';
  if (network.code.length > 0) return 'Its code can open connections, but it does not ask for network access, so Android blocks them.';
  return null;
}

/** The ABI Nothing phones run; the Glyph Matrix phones (Phone (3) on) run 64-bit code only. */
export const NOTHING_PHONE_ABI = 'arm64-v8a';
const ARM = /^arm/;

/** Which phones the ABIs under lib/ rule out (Android refuses an APK with native code for none of the phone's ABIs). */
export function nativeCodeWords(abis: readonly string[]): string | null {
  if (abis.length === 0) return null;
  const list = abis.join(', ');
  if (abis.includes(NOTHING_PHONE_ABI)) return `Contains native code for ${list}: it runs on Nothing phones (${NOTHING_PHONE_ABI}).`;
  if (!abis.some((abi) => ARM.test(abi))) return `Contains native code only for ${list} (emulators and PCs), none for phones: no Nothing phone can install it.`;
  return `Contains native code only for ${list} (32-bit), none for ${NOTHING_PHONE_ABI}: phones that run only 64-bit code, such as Phone (3), refuse to install it.`;
}

/** Anti-features in F-Droid's vocabulary (https://f-droid.org/docs/Anti-Features/). */
export const ANTI_FEATURES = ['Ads', 'NonFreeNet', 'Tracking'] as const;
export type AntiFeature = (typeof ANTI_FEATURES)[number];
export const ANTI_FEATURE_NAMES: Record<AntiFeature, string> = {
  Ads: 'Advertising',
  NonFreeNet: 'Non-free network services',
  Tracking: 'Tracking',
};

const INTERNET = 'android.permission.INTERNET';

/** Names of the known SDKs the APK's code references (reports analysed before the dex reader have none). */
export function trackersOf(report: ApkReport, category?: 'advertising'): string[] {
  return (report.code?.trackers ?? []).filter((t) => !category || t.category === category).map((t) => t.name);
}

/**
 * What the APK report lets us say, in F-Droid's words, with the reason shown. A toy that may use the
 * network is marked NonFreeNet: Glyphary cannot tell which services it talks to, and a light pattern needs none.
 */
export function antiFeaturesOf(report: ApkReport | null | undefined): Partial<Record<AntiFeature, string>> {
  if (!report) return {};
  const found: Partial<Record<AntiFeature, string>> = {};
  if (report.permissions.includes(INTERNET)) found.NonFreeNet = 'Asks for network access (INTERNET); the services it talks to are not reviewed.';
  const trackers = trackersOf(report);
  if (trackers.length > 0) found.Tracking = `Contains ${trackers.join(', ')}.`;
  const advertising = trackersOf(report, 'advertising');
  if (advertising.length > 0) found.Ads = `Contains the advertising SDK ${advertising.join(', ')}.`;
  return found;
}

/** One line of the code findings as the toy page and the download dialog show it. */
export interface CodeFindingLine {
  key: string;
  title: string;
  words: string;
  /** Class, method, package or permission names the finding rests on. */
  evidence: string[];
}

export const CODE_MSG = {
  heading: 'What the code does',
  notRead: 'The code of this APK has not been read yet.',
  nothing: 'No trackers, native code, code loading, network use or sensitive abilities were found in its code.',
  antiFeatures: 'Anti-features',
} as const;

const CATEGORY_WORDS = { advertising: 'advertising', analytics: 'analytics', 'crash-reporting': 'crash reporting', attribution: 'attribution' } as const;

/** The code findings in plain words with their evidence (an empty list: nothing found; null: the code was not read). */
export function describeCode(report: ApkReport): CodeFindingLine[] | null {
  const code = report.code;
  if (!code) return null;
  const lines: CodeFindingLine[] = [];
  if (code.trackers.length > 0) {
    lines.push({
      key: 'trackers',
      title: 'Trackers',
      words: `Contains ${code.trackers.map((t) => `${t.name} (${CATEGORY_WORDS[t.category]})`).join(', ')}.`,
      evidence: code.trackers.flatMap((t) => t.evidence),
    });
  }
  const native = nativeCodeWords(code.nativeCode);
  if (native) lines.push({ key: 'native', title: 'Native code', words: native, evidence: code.nativeCode.map((abi) => `lib/${abi}/`) });
  for (const finding of code.dynamicCode) {
    lines.push({ key: `dynamic-${finding.kind}`, title: 'Loads or runs other code', words: `${DYNAMIC_CODE_WORDS[finding.kind]}.`, evidence: [finding.evidence] });
  }
  const network = code.network ? networkWords(code.network) : null;
  if (network && code.network) {
    lines.push({ key: 'network', title: 'Network', words: network, evidence: [...(code.network.internet ? [INTERNET] : []), ...code.network.code] });
  }
  for (const finding of code.sensitive ?? []) {
    lines.push({ key: `sensitive-${finding.kind}`, title: SENSITIVE_LABELS[finding.kind], words: sensitiveWords(finding), evidence: [...finding.manifest, ...finding.code] });
  }
  for (const file of code.unreadable) {
    lines.push({ key: `unreadable-${file.file}`, title: 'Not read', words: `${file.file} could not be read, so its code is not in these findings.`, evidence: [file.reason] });
  }
  return lines;
}
