import { buildArsc, buildAxml, resourceId, type AttributeValue, type XmlNode } from './android-binary.ts';
import { makeToyPreviewPng } from './png.ts';
import { makeZip, type ZipEntry } from './zip.ts';

export const GLYPH_ENABLE = 'com.nothing.ketchum.permission.ENABLE';
export const GLYPH_TOY_ACTION = 'com.nothing.glyph.TOY';

export interface ToySpec {
  /** The service class (relative names start with '.'). */
  service: string;
  name: string;
  summary?: string;
  longpress?: boolean;
  aod?: boolean;
  /** Name and summary as `@string/…` references (default) or literals in the manifest. */
  literal?: boolean;
  /** Ship a PNG preview drawable (default true). */
  image?: boolean;
  /** Varies the preview pattern. */
  seed?: number;
}

export interface ApkSpec {
  packageName?: string;
  versionName?: string;
  versionCode?: number;
  /** A number, or a codename string (`'IceCreamSandwich'`) as some manifests give it. */
  minSdk?: number | string;
  targetSdk?: number | string;
  /** Every uses-permission, verbatim (add GLYPH_ENABLE for a toy). */
  permissions?: string[];
  /** `android:maxSdkVersion` of some of those permissions, by name. */
  permissionMaxSdk?: Record<string, number>;
  toys?: ToySpec[];
  /** Further components in <application> (an accessibility service bound by its permission, …). */
  components?: Array<{ kind: 'service' | 'receiver' | 'activity'; name: string; permission?: string }>;
  /** A French translation of every string, to prove the default configuration is preferred. */
  withFrench?: boolean;
  /** More ZIP entries (the dex, assets, hostile extras). */
  extraEntries?: ZipEntry[];
  /** Replace the compiled manifest (hostile tests). */
  manifest?: Buffer;
  /** Replace the compiled resource table (hostile tests); null leaves it out. */
  resources?: Buffer | null;
}

/**
 * The manifest and resources of a Glyph Toy app, compiled the way aapt2 does: toys are services
 * with the `com.nothing.glyph.TOY` action and the kit's meta-data (DESIGN §6), names and summaries
 * `@string` references, previews `@drawable` PNGs.
 */
export function buildApkEntries(spec: ApkSpec = {}): ZipEntry[] {
  const packageName = spec.packageName ?? 'com.example.glyphtoy';
  const toys = spec.toys ?? [];
  const drawables: Array<{ key: string; value: string }> = [];
  const strings: Array<{ key: string; value: string }> = [{ key: 'app_name', value: 'Glyph Toy' }];
  const french: string[] = ['Jouet Glyph'];
  const images: ZipEntry[] = [];
  // Type ids: 1 = drawable, 2 = string.
  const stringRef = (key: string, value: string): AttributeValue => {
    strings.push({ key, value });
    french.push(`FR ${value}`);
    return { ref: resourceId(2, strings.length - 1) };
  };
  const services: XmlNode[] = toys.map((toy, i) => {
    const meta = (name: string, attribute: 'value' | 'resource', value: AttributeValue): XmlNode => ({
      name: 'meta-data',
      attributes: { name: `com.nothing.glyph.toy.${name}`, [attribute]: value },
    });
    const children: XmlNode[] = [{ name: 'intent-filter', children: [{ name: 'action', attributes: { name: GLYPH_TOY_ACTION } }] }];
    children.push(meta('name', 'value', toy.literal ? toy.name : stringRef(`toy_${i}_name`, toy.name)));
    if (toy.image ?? true) {
      const path = `res/drawable/toy_${i}_preview.png`;
      drawables.push({ key: `toy_${i}_preview`, value: path });
      images.push({ name: path, data: makeToyPreviewPng(toy.seed ?? i) });
      children.push(meta('image', 'resource', { ref: resourceId(1, drawables.length - 1) }));
    }
    if (toy.summary !== undefined) children.push(meta('summary', 'value', toy.literal ? toy.summary : stringRef(`toy_${i}_summary`, toy.summary)));
    if (toy.longpress) children.push(meta('longpress', 'value', '1'));
    if (toy.aod) children.push(meta('aod_support', 'value', '1'));
    return { name: 'service', attributes: { name: toy.service, exported: true }, children };
  });
  const manifest: XmlNode = {
    name: 'manifest',
    attributes: { versionCode: spec.versionCode ?? 1, versionName: spec.versionName ?? '1.0.0', package: packageName },
    children: [
      { name: 'uses-sdk', attributes: { minSdkVersion: spec.minSdk ?? 34, targetSdkVersion: spec.targetSdk ?? 35 } },
      ...(spec.permissions ?? []).map((name) => {
        const maxSdk = spec.permissionMaxSdk?.[name];
        return { name: 'uses-permission', attributes: { name, ...(maxSdk === undefined ? {} : { maxSdkVersion: maxSdk }) } };
      }),
      {
        name: 'application',
        attributes: { label: { ref: resourceId(2, 0) } },
        children: [
          ...services,
          ...(spec.components ?? []).map((c) => ({ name: c.kind, attributes: { name: c.name, ...(c.permission ? { permission: c.permission } : {}) } })),
        ],
      },
    ],
  };
  const manifestBytes = spec.manifest ?? buildAxml(manifest);
  const resources =
    spec.resources === undefined
      ? buildArsc(packageName, [
          { name: 'drawable', entries: drawables },
          { name: 'string', entries: strings, ...(spec.withFrench ? { locales: { fr: french } } : {}) },
        ])
      : spec.resources;
  return [
    { name: 'AndroidManifest.xml', data: manifestBytes, method: 8 },
    ...(resources ? [{ name: 'resources.arsc', data: resources } satisfies ZipEntry] : []),
    { name: 'classes.dex', data: Buffer.from(`dex\n035\0${packageName}`), method: 8 },
    ...images,
    ...(spec.extraEntries ?? []),
  ];
}

/** An unsigned APK (a real ZIP with a binary manifest, resources and previews). Synchronous. */
export function buildApk(spec: ApkSpec = {}): Buffer {
  return makeZip(buildApkEntries(spec));
}

/** The demo toy used across tests: two toys (one always-on), resource-referenced names, INTERNET and location. */
export const TWO_TOY_SPEC: ApkSpec = {
  packageName: 'com.example.orbit',
  versionName: '2.1.0',
  versionCode: 21,
  minSdk: 34,
  targetSdk: 35,
  permissions: [GLYPH_ENABLE, 'android.permission.INTERNET', 'android.permission.ACCESS_FINE_LOCATION'],
  toys: [
    { service: '.OrbitToy', name: 'Orbit', summary: 'A dot circles the matrix', longpress: true },
    { service: '.ClockToy', name: 'Dot Clock', summary: 'The time in dots, always on', aod: true },
  ],
  withFrench: true,
};
