import type { ApkCode, ApkSensitive, SensitiveKind } from '@glyphary/shared';
import { ApkInvalidError, malformed } from './apk-error.ts';
import { DEX_LIMITS, readDex } from './dex.ts';
import { matchTrackers } from './trackers.ts';
import type { ZipArchive } from './zip-reader.ts';

/** Android splits code across classes.dex, classes2.dex, …; more than this is not a toy. */
export const CODE_LIMITS = { maxDexFiles: 32, maxAbis: 16, maxEvidence: 5 };

const DEX_NAME = /^classes\d*\.dex$/;
const NATIVE_LIB = /^lib\/([^/]+)\/[^/]+\.so$/;
const ANDROID = 'android.permission.';

/** What the manifest says that the code findings compare with. */
export interface ManifestFacts {
  permissions: readonly string[];
  /** Components the app declares, with the permission that binds them (`android:permission`). */
  components: ReadonlyArray<{ kind: string; name: string; permission: string | null }>;
}

/** Framework methods that load or run code the APK does not contain, by kind. */
const DYNAMIC_CODE: ReadonlyArray<[ApkCode['dynamicCode'][number]['kind'], RegExp]> = [
  ['dex-class-loader', /^dalvik\.system\.(DexClassLoader\.|DexFile\.(loadDex|<init>)$)/],
  ['in-memory-dex-class-loader', /^dalvik\.system\.InMemoryDexClassLoader\./],
  // PathClassLoader is how an app's own code is loaded; constructing one loads a file from a path the code names.
  ['path-class-loader', /^dalvik\.system\.PathClassLoader\.<init>$/],
  ['runtime-exec', /^java\.lang\.(Runtime\.exec|ProcessBuilder\.start)$/],
];

/** Platform internals outside the public SDK: referenced directly (compiled against hidden stubs) or named to reflection. */
const HIDDEN_CLASSES = ['dalvik.system.VMRuntime', 'android.app.ActivityThread', 'android.os.ServiceManager', 'android.os.SystemProperties', 'android.app.ActivityManagerNative'];
const HIDDEN_NAMES = ['setHiddenApiExemptions', 'currentActivityThread'];
/** The strings the dex reader looks for: what code passes to Class.forName and getDeclaredMethod to reach hidden APIs. */
export const WANTED_STRINGS: ReadonlySet<string> = new Set([...HIDDEN_CLASSES, ...HIDDEN_NAMES]);
const REFLECTION = /^java\.lang\.Class\.(forName|getDeclaredMethod|getMethod|getDeclaredField)$/;

/** Code that opens connections: platform classes and methods, and the common HTTP libraries by package. */
const NETWORK_CODE = [
  /^java\.net\.(Socket|ServerSocket|DatagramSocket|HttpURLConnection)$/,
  /^javax\.net\.ssl\.(HttpsURLConnection|SSLSocket)$/,
  /^java\.nio\.channels\.SocketChannel$/,
  /^java\.net\.URL\.(openConnection|openStream)$/,
  /^android\.webkit\.WebView\.loadUrl$/,
  /^(okhttp3|com\.squareup\.okhttp|retrofit2|com\.android\.volley|io\.ktor\.client|org\.apache\.http\.impl\.client)(\.|$)/,
];

/** Each sensitive ability: the permissions and bound services that grant it, and the code that uses it. */
const SENSITIVE: ReadonlyArray<{ kind: SensitiveKind; permissions: string[]; bind?: string; code: RegExp }> = [
  { kind: 'sms', permissions: ['READ_SMS', 'SEND_SMS', 'RECEIVE_SMS', 'RECEIVE_MMS', 'RECEIVE_WAP_PUSH'], code: /^android\.(telephony\.(gsm\.)?(SmsManager|SmsMessage)|provider\.Telephony\$(Sms|Mms))(\$|$|\.)/ },
  { kind: 'contacts', permissions: ['READ_CONTACTS', 'WRITE_CONTACTS'], code: /^android\.provider\.ContactsContract(\$|$)/ },
  {
    kind: 'location',
    permissions: ['ACCESS_FINE_LOCATION', 'ACCESS_COARSE_LOCATION', 'ACCESS_BACKGROUND_LOCATION'],
    code: /^(android\.location\.LocationManager|com\.google\.android\.gms\.location)($|\.)/,
  },
  { kind: 'accessibility', permissions: [], bind: 'BIND_ACCESSIBILITY_SERVICE', code: /^android\.accessibilityservice\.AccessibilityService$/ },
  { kind: 'overlay', permissions: ['SYSTEM_ALERT_WINDOW'], code: /^android\.provider\.Settings\.canDrawOverlays$/ },
  { kind: 'device-admin', permissions: [], bind: 'BIND_DEVICE_ADMIN', code: /^android\.app\.admin\.(DeviceAdminReceiver|DevicePolicyManager)$/ },
  { kind: 'notification-listener', permissions: [], bind: 'BIND_NOTIFICATION_LISTENER_SERVICE', code: /^android\.service\.notification\.NotificationListenerService$/ },
];

const firstMatches = (names: readonly string[], patterns: readonly RegExp[]) =>
  names.filter((name) => patterns.some((p) => p.test(name))).slice(0, CODE_LIMITS.maxEvidence);

function findSensitive(manifest: ManifestFacts, referenced: readonly string[]): ApkSensitive[] {
  const found: ApkSensitive[] = [];
  for (const rule of SENSITIVE) {
    const fromManifest = [
      ...rule.permissions.map((p) => `${ANDROID}${p}`).filter((p) => manifest.permissions.includes(p)),
      ...(rule.bind
        ? manifest.components.filter((c) => c.permission === `${ANDROID}${rule.bind}`).map((c) => `${c.kind} ${c.name} (${rule.bind})`)
        : []),
    ].slice(0, CODE_LIMITS.maxEvidence);
    const fromCode = firstMatches(referenced, [rule.code]);
    if (fromManifest.length + fromCode.length === 0) continue;
    found.push({ kind: rule.kind, manifest: fromManifest, code: fromCode, agree: fromManifest.length > 0 && fromCode.length > 0 });
  }
  return found;
}

/**
 * Reads every classes*.dex at the top of the APK and the native libraries under lib/: the SDKs
 * the code references, the ABIs it ships for, code it may load or run later, whether it connects
 * to the network, and the sensitive abilities the manifest and the code show.
 */
export async function findCode(zip: ZipArchive, manifest: ManifestFacts = { permissions: [], components: [] }): Promise<ApkCode> {
  const dexNames = zip.names.filter((name) => DEX_NAME.test(name));
  if (dexNames.length > CODE_LIMITS.maxDexFiles) throw malformed('it has too many dex files');
  const packages = new Set<string>();
  const methods = new Set<string>();
  const classes = new Set<string>();
  const strings = new Set<string>();
  const unreadable: ApkCode['unreadable'] = [];
  for (const name of dexNames) {
    let dex;
    try {
      dex = readDex(await zip.read(name, DEX_LIMITS.maxBytes), name, DEX_LIMITS, WANTED_STRINGS);
    } catch (error) {
      // A dex the reader refuses leaves the rest of the report standing; the finding says its code was not read.
      if (!(error instanceof ApkInvalidError)) throw error;
      unreadable.push({ file: name, reason: error.message });
      continue;
    }
    for (const p of dex.packages) packages.add(p);
    for (const m of dex.frameworkMethods) methods.add(m);
    for (const c of dex.frameworkClasses) classes.add(c);
    for (const s of dex.strings) strings.add(s);
  }
  const abis = new Set<string>();
  for (const name of zip.names) {
    const abi = NATIVE_LIB.exec(name)?.[1];
    if (abi && abis.size < CODE_LIMITS.maxAbis) abis.add(abi.slice(0, 40));
  }
  const methodList = [...methods].sort();
  const classList = [...classes].sort();
  const packageList = [...packages].sort();

  const dynamicCode: ApkCode['dynamicCode'] = [];
  for (const [kind, pattern] of DYNAMIC_CODE) {
    const evidence = methodList.find((m) => pattern.test(m));
    if (evidence) dynamicCode.push({ kind, evidence });
  }
  const hiddenDirect = classList.find((c) => HIDDEN_CLASSES.includes(c));
  const reflection = methodList.find((m) => REFLECTION.test(m));
  const named = [...strings].sort();
  if (hiddenDirect) dynamicCode.push({ kind: 'hidden-api-reflection', evidence: hiddenDirect });
  else if (reflection && named.length > 0) dynamicCode.push({ kind: 'hidden-api-reflection', evidence: `${reflection}("${named.slice(0, 3).join('", "')}")` });

  const referenced = [...classList, ...methodList, ...packageList];
  return {
    dexFiles: dexNames.length,
    trackers: matchTrackers(packageList),
    nativeCode: [...abis].sort(),
    dynamicCode,
    unreadable,
    network: { internet: manifest.permissions.includes(`${ANDROID}INTERNET`), code: firstMatches(referenced, NETWORK_CODE) },
    sensitive: findSensitive(manifest, referenced),
  };
}
