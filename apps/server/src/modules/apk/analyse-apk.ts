import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import {
  antiFeaturesOf,
  APK_MSG,
  type AntiFeature,
  GLYPH_ENABLE_PERMISSION,
  GLYPH_TOY_ACTION,
  type ApkReport,
  type ApkSigner,
  type GlyphDevice,
} from '@glyphary/shared';
import { ApkInvalidError } from './apk-error.ts';
import { ZipArchive } from './zip-reader.ts';
import { findCode, type ManifestFacts } from './code-findings.ts';
import { ARSC_LIMITS, EMPTY_TABLE, parseArsc, type ResourceTable } from './arsc.ts';
import { AXML_LIMITS, parseAxml, type AxmlElement, type AxmlValue } from './axml.ts';
import {
  describeCertificate,
  jarDigest,
  parseJarManifest,
  readZipLayout,
  SIGNING_LIMITS,
  verifySigningBlock,
  verifyV1Signature,
  type SchemeResult,
} from './signing.ts';

/**
 * The analyser's version, stored in each report: the admin re-analysis re-reads APKs analysed by an
 * older one (1: manifest and signatures; 2: the code findings, network, sensitive and anti-features).
 */
export const ANALYSER_VERSION = 2;

/** Further bounds of the analysis. */
export const ANALYSIS_LIMITS = {
  maxToys: 32,
  maxPermissions: 500,
  maxV1Signers: 8,
  maxPreviewBytes: 4 * 1024 * 1024,
  maxTextLength: 500,
  /** Services, receivers and activities compared with the code findings. */
  maxComponents: 2000,
};

const TOY_META = 'com.nothing.glyph.toy.';
const RASTER = /\.(png|webp|jpe?g)$/i;

/** What `analyseApk` found: the report (toy images not stored yet: imageUrl null) and each toy's preview bytes. */
export interface ApkAnalysis {
  report: ApkReport;
  /** One per toy, in the report's order: the preview drawable's raster bytes, or null. */
  previews: Array<Buffer | null>;
}

function clip(text: string | null): string | null {
  return text === null ? null : text.slice(0, ANALYSIS_LIMITS.maxTextLength);
}

function isRaster(bytes: Buffer): boolean {
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47) return true;
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return true;
  return (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  );
}

function textOf(value: AxmlValue | undefined, table: ResourceTable): string | null {
  if (!value) return null;
  if (value.kind === 'string') return value.value;
  if (value.kind === 'int') return String(value.value);
  if (value.kind === 'bool') return value.value ? 'true' : 'false';
  if (value.kind === 'reference') {
    const resolved = table.resolve(value.id).find((v) => v.kind === 'string');
    return resolved && resolved.kind === 'string' ? resolved.value : null;
  }
  return null;
}

function intOf(value: AxmlValue | undefined, table: ResourceTable): number | null {
  if (!value) return null;
  if (value.kind === 'int') return value.value;
  if (value.kind === 'string') return /^\d{1,9}$/.test(value.value) ? Number(value.value) : null;
  if (value.kind === 'reference') {
    const resolved = table.resolve(value.id)[0];
    if (resolved?.kind === 'int') return resolved.value;
    if (resolved?.kind === 'string' && /^\d{1,9}$/.test(resolved.value)) return Number(resolved.value);
  }
  return null;
}

/**
 * API levels of the codenames a manifest may give instead of a number: the preview names the SDK
 * platforms used (`'IceCreamSandwich'`, `'S'`, `'Tiramisu'`) and the Build.VERSION_CODES names.
 * Android itself accepts a codename only on that preview; once released, the codename is that level.
 */
const SDK_CODENAMES: Readonly<Record<string, number>> = {
  BASE: 1, BASE_1_1: 2, CUPCAKE: 3, DONUT: 4, ECLAIR: 5, ECLAIR_0_1: 6, ECLAIR_MR1: 7, FROYO: 8,
  GINGERBREAD: 9, GINGERBREAD_MR1: 10, HONEYCOMB: 11, HONEYCOMB_MR1: 12, HONEYCOMB_MR2: 13,
  ICECREAMSANDWICH: 14, ICE_CREAM_SANDWICH: 14, ICE_CREAM_SANDWICH_MR1: 15, JELLYBEAN: 16, JELLY_BEAN: 16,
  JELLY_BEAN_MR1: 17, JELLY_BEAN_MR2: 18, KEYLIMEPIE: 19, KITKAT: 19, KITKAT_WATCH: 20, L: 21, LOLLIPOP: 21,
  LOLLIPOP_MR1: 22, M: 23, MNC: 23, N: 24, N_MR1: 25, O: 26, O_MR1: 27, P: 28, Q: 29, R: 30, S: 31,
  SV2: 32, S_V2: 32, T: 33, TIRAMISU: 33, U: 34, UPSIDEDOWNCAKE: 34, UPSIDE_DOWN_CAKE: 34, V: 35,
  VANILLAICECREAM: 35, VANILLA_ICE_CREAM: 35, BAKLAVA: 36,
};

/** An SDK level: a number, or a codename mapped to its API level (as `aapt` prints it verbatim). */
function sdkOf(value: AxmlValue | undefined, table: ResourceTable): number | null {
  const level = intOf(value, table);
  if (level !== null) return level;
  const text = textOf(value, table);
  return text === null ? null : (SDK_CODENAMES[text.trim().toUpperCase()] ?? null);
}

/** A kit flag: '1' (or true / 1) means on. */
function flagOf(value: AxmlValue | undefined, table: ResourceTable): boolean {
  if (!value) return false;
  if (value.kind === 'bool') return value.value;
  if (value.kind === 'int') return value.value === 1;
  const text = textOf(value, table);
  return text === '1' || text === 'true';
}

function children(element: AxmlElement, name: string): AxmlElement[] {
  return element.children.filter((child) => child.name === name);
}

function attr(element: AxmlElement, name: string): AxmlValue | undefined {
  return element.attributes.get(name);
}

async function previewOf(value: AxmlValue | undefined, table: ResourceTable, zip: ZipArchive): Promise<Buffer | null> {
  if (!value) return null;
  const paths: string[] = [];
  if (value.kind === 'string') paths.push(value.value);
  if (value.kind === 'reference') for (const v of table.resolve(value.id)) if (v.kind === 'string') paths.push(v.value);
  for (const path of paths) {
    if (!RASTER.test(path) || !zip.has(path)) continue;
    const bytes = await zip.read(path, ANALYSIS_LIMITS.maxPreviewBytes);
    if (isRaster(bytes)) return bytes;
  }
  return null;
}

/** v1 (JAR) signatures: each META-INF/*.RSA|DSA|EC with its .SF, and MANIFEST.MF's entry digests when v1 is all there is. */
async function verifyV1(zip: ZipArchive, checkEntries: boolean, blockSchemes: ReadonlySet<string>): Promise<SchemeResult | null> {
  const blocks = zip.names.filter((name) => /^META-INF\/[^/]+\.(RSA|DSA|EC)$/i.test(name));
  if (blocks.length === 0) return null;
  if (blocks.length > ANALYSIS_LIMITS.maxV1Signers)
    throw new ApkInvalidError(APK_MSG.malformed('it has too many v1 signature files'));
  const manifest = zip.has('META-INF/MANIFEST.MF')
    ? await zip.read('META-INF/MANIFEST.MF', SIGNING_LIMITS.maxV1FileBytes * 8)
    : null;
  const certificates: Buffer[] = [];
  let problem: string | null = null;
  for (const name of blocks) {
    const block = await zip.read(name, SIGNING_LIMITS.maxV1FileBytes);
    const sfName = name.replace(/\.[^.]+$/, '.SF');
    const sf = zip.has(sfName) ? await zip.read(sfName, SIGNING_LIMITS.maxV1FileBytes * 8) : null;
    const result = await verifyV1Signature(block, sf, manifest);
    certificates.push(...result.certificates);
    problem ??= result.problem;
    // As apksigner: a scheme the .SF names (2 or 3) but the APK lacks means the block was stripped.
    for (const id of result.declaredSchemes) {
      if ((id === 2 || id === 3) && !blockSchemes.has(`v${id}`)) problem ??= APK_MSG.signatureStripped(`v${id}`);
    }
  }
  if (!problem && checkEntries && manifest) {
    // Without a verified v2/v3 signature, v1 protects the contents entry by entry (as Android checks them).
    const { entries } = parseJarManifest(manifest.toString('utf8'));
    for (const name of zip.names) {
      if (name.endsWith('/') || name.startsWith('META-INF/')) continue;
      const section = entries.get(name);
      const expected = section ? jarDigest(section, 'Digest') : null;
      if (!expected) {
        problem = APK_MSG.signatureBroken('v1');
        break;
      }
      const hash = createHash(expected.hash);
      await zip.stream(name, (chunk) => hash.update(chunk));
      if (hash.digest('base64') !== expected.value) {
        problem = APK_MSG.signatureBroken('v1');
        break;
      }
    }
  }
  return { scheme: 'v1', certificates, problem };
}

function signatureVerdict(results: SchemeResult[]): Pick<ApkReport, 'signers' | 'signatureStatus' | 'signatureProblem'> {
  const signers: ApkSigner[] = [];
  for (const result of results) {
    const seen = new Set<string>();
    for (const cert of result.certificates) {
      const signer = describeCertificate(cert, result.scheme);
      if (!seen.has(signer.sha256)) signers.push(signer);
      seen.add(signer.sha256);
    }
  }
  if (results.length === 0) return { signers, signatureStatus: 'unsigned', signatureProblem: null };
  const problem = results.find((r) => r.problem)?.problem ?? null;
  if (problem) return { signers, signatureStatus: 'invalid', signatureProblem: problem };
  const v1 = signers
    .filter((s) => s.scheme === 'v1')
    .map((s) => s.sha256)
    .sort()
    .join();
  const v2 = signers
    .filter((s) => s.scheme === 'v2')
    .map((s) => s.sha256)
    .sort()
    .join();
  if (v1 && v2 && v1 !== v2) return { signers, signatureStatus: 'invalid', signatureProblem: APK_MSG.signatureMismatch };
  return { signers, signatureStatus: 'verified', signatureProblem: null };
}

/**
 * Reads an APK on disk and reports what it is (issue 15): package, versions, SDKs, permissions,
 * Glyph Toys (names and summaries resolved through resources.arsc, preview drawables extracted),
 * the Glyph verdicts, and the v1/v2/v3 signers with a verification status. Every structure is
 * bounded and checked; nothing is written anywhere.
 * @throws ApkInvalidError (→ 422) when the APK is malformed or hostile.
 */
export async function analyseApk(filePath: string): Promise<ApkAnalysis> {
  const bytes = await fsp.readFile(filePath);
  const size = bytes.length;
  const zip = ZipArchive.open(bytes);
  if (!zip.has('AndroidManifest.xml')) throw new ApkInvalidError(APK_MSG.manifestMissing);
  // Every entry inflated once and counted: what the phone would unpack is what each entry declares.
  await zip.verifyAll();
  const manifest = parseAxml(await zip.read('AndroidManifest.xml', AXML_LIMITS.maxBytes));
  const table = zip.has('resources.arsc') ? parseArsc(await zip.read('resources.arsc', ARSC_LIMITS.maxBytes)) : EMPTY_TABLE;
  if (manifest.name !== 'manifest') throw new ApkInvalidError(APK_MSG.malformed('the manifest root is not <manifest>'));
  const packageName = textOf(attr(manifest, 'package'), table);
  if (!packageName) throw new ApkInvalidError(APK_MSG.malformed('the manifest names no package'));

  const usesSdk = children(manifest, 'uses-sdk')[0];
  const permissionElements = [...children(manifest, 'uses-permission'), ...children(manifest, 'uses-permission-sdk-23')];
  const permissions = [
    ...new Set(
      permissionElements
        .map((p) => textOf(attr(p, 'name'), table))
        .filter((name): name is string => Boolean(name))
        .map((name) => name.slice(0, 200)),
    ),
  ];
  // A permission asked for only up to some release; a name requested twice keeps the widest range (none = every release).
  const maxSdkByName = new Map<string, number | null>();
  for (const element of permissionElements) {
    const name = textOf(attr(element, 'name'), table)?.slice(0, 200);
    if (!name) continue;
    const maxSdk = sdkOf(attr(element, 'maxSdkVersion'), table);
    const previous = maxSdkByName.get(name);
    if (previous === undefined) maxSdkByName.set(name, maxSdk);
    else if (previous !== null) maxSdkByName.set(name, maxSdk === null ? null : Math.max(previous, maxSdk));
  }
  const permissionMaxSdk: Record<string, number> = {};
  for (const [name, maxSdk] of maxSdkByName) if (maxSdk !== null) permissionMaxSdk[name] = maxSdk;
  if (permissions.length > ANALYSIS_LIMITS.maxPermissions)
    throw new ApkInvalidError(APK_MSG.malformed('it requests too many permissions'));

  const toys: ApkReport['toys'] = [];
  const previews: Array<Buffer | null> = [];
  for (const application of children(manifest, 'application')) {
    for (const service of children(application, 'service')) {
      const isToy = children(service, 'intent-filter').some((filter) =>
        children(filter, 'action').some((action) => textOf(attr(action, 'name'), table) === GLYPH_TOY_ACTION),
      );
      if (!isToy) continue;
      if (toys.length >= ANALYSIS_LIMITS.maxToys)
        throw new ApkInvalidError(APK_MSG.malformed('it registers too many Glyph Toys'));
      const meta = new Map<string, AxmlValue | undefined>();
      for (const item of children(service, 'meta-data')) {
        const key = textOf(attr(item, 'name'), table);
        if (key?.startsWith(TOY_META)) meta.set(key.slice(TOY_META.length), attr(item, 'value') ?? attr(item, 'resource'));
      }
      let serviceName = textOf(attr(service, 'name'), table) ?? '';
      if (serviceName.startsWith('.')) serviceName = packageName + serviceName;
      toys.push({
        service: serviceName.slice(0, 300),
        name: clip(textOf(meta.get('name'), table)) ?? serviceName.split('.').pop() ?? serviceName,
        summary: clip(textOf(meta.get('summary'), table)),
        longpress: flagOf(meta.get('longpress'), table),
        aodSupport: flagOf(meta.get('aod_support'), table),
        imageUrl: null,
      });
      previews.push(await previewOf(meta.get('image'), table, zip));
    }
  }

  const requestsGlyphPermission = permissions.includes(GLYPH_ENABLE_PERMISSION);
  const isGlyphToy = toys.length > 0 && requestsGlyphPermission;
  const devices: GlyphDevice[] = isGlyphToy
    ? ['phone-3', ...(toys.some((t) => t.aodSupport) ? (['phone-4a-pro'] as const) : [])]
    : [];
  const notToyReason = isGlyphToy
    ? null
    : toys.length === 0 && !requestsGlyphPermission
      ? APK_MSG.notToyNeither
      : toys.length === 0
        ? APK_MSG.notToyNoService
        : APK_MSG.notToyNoPermission;

  const handle = await fsp.open(filePath, 'r');
  let schemes: SchemeResult[];
  try {
    const layout = await readZipLayout(handle, size);
    schemes = await verifySigningBlock(handle, layout);
  } finally {
    await handle.close();
  }
  const blockVerified = schemes.length > 0 && schemes.every((s) => !s.problem);
  const v1 = await verifyV1(zip, !blockVerified, new Set(schemes.map((s) => s.scheme)));
  if (v1) schemes.unshift(v1);

  const components: Array<ManifestFacts['components'][number]> = [];
  for (const application of children(manifest, 'application')) {
    for (const component of application.children) {
      if (!['service', 'receiver', 'activity'].includes(component.name) || components.length >= ANALYSIS_LIMITS.maxComponents) continue;
      let name = textOf(attr(component, 'name'), table) ?? '';
      if (name.startsWith('.')) name = packageName + name;
      components.push({ kind: component.name, name: name.slice(0, 300), permission: textOf(attr(component, 'permission'), table) });
    }
  }
  const code = await findCode(zip, { permissions, components });

  const report: ApkReport = {
    packageName: packageName.slice(0, 300),
    versionName: clip(textOf(attr(manifest, 'versionName'), table)),
    versionCode: intOf(attr(manifest, 'versionCode'), table),
    minSdk: usesSdk ? sdkOf(attr(usesSdk, 'minSdkVersion'), table) : null,
    targetSdk: usesSdk ? sdkOf(attr(usesSdk, 'targetSdkVersion'), table) : null,
    permissions,
    permissionMaxSdk,
    requestsGlyphPermission,
    toys,
    isGlyphToy,
    devices,
    ...signatureVerdict(schemes),
    notToyReason,
    size,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    code,
  };
  report.antiFeatures = (Object.keys(antiFeaturesOf(report)) as AntiFeature[]).sort();
  report.analyser = ANALYSER_VERSION;
  return { report, previews };
}
