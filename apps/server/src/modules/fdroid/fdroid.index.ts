import { ANTI_FEATURE_NAMES, antiFeaturesOf, GLYPH_CATEGORIES, PRODUCT_NAME, parseMainFileUrl, type AntiFeature } from '@glyphary/shared';
import type { RepoImageRow, RepoReleaseRow } from './fdroid.repository.ts';

/** The index format version both files declare (fdroidserver 2.x writes 20002; clients accept ≥ 20001). */
export const INDEX_VERSION = 20002;
/** Older releases stay installable (a rollback), but a toy's history need not be listed whole. */
export const VERSIONS_PER_PACKAGE = 10;
const LOCALE = 'en-US';

/** The file name of a release inside the repository: F-Droid's `<package>_<versionCode>.apk`. */
export const apkFileName = (packageName: string, versionCode: number) => `${packageName}_${versionCode}.apk`;
export const APK_FILE = /^([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+)_(\d{1,19})\.apk$/;

// F-Droid clients render descriptions as simple HTML: user text must stay text.
const escapeHtml = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);
// eslint-disable-next-line no-control-regex
const stripControls = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g, '');
const summaryOf = (text: string) => {
  const line = stripControls(text).replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};
const categoryName = (tag: string) => tag.charAt(0).toUpperCase() + tag.slice(1);

export interface ListedApk {
  releaseId: string;
  glyphId: string;
  /** Where the stored file is served. */
  apkUrl: string;
}

export interface BuiltIndexes {
  /** index-v2.json without its timestamp (the timestamp changes only when this does). */
  v2: { repo: Record<string, unknown>; packages: Record<string, unknown> };
  v1: { repo: Record<string, unknown>; requests: { install: string[]; uninstall: string[] }; apps: Record<string, unknown>[]; packages: Record<string, unknown[]> };
  /** `<package>_<versionCode>.apk` → the release it serves. */
  apks: Map<string, ListedApk>;
  /** Image file names the index refers to (served under images/ and icons/). */
  images: Set<string>;
  numPackages: number;
}

/**
 * Builds both index formats from the listed releases. A package name belongs to the toy that published
 * it first: another toy shipping the same package is left out rather than offered as its update.
 */
export function buildIndexes(options: { rows: RepoReleaseRow[]; images: RepoImageRow[]; publicUrl: string; timestamp: number }): BuiltIndexes {
  const { rows, publicUrl, timestamp } = options;
  const imageRows = new Map(options.images.map((row) => [row.filename, row]));
  const byPackage = new Map<string, RepoReleaseRow[]>();
  const owner = new Map<string, string>();
  for (const row of rows) {
    // rows come oldest first: the first toy seen with a package owns it.
    if (!owner.has(row.packageName)) owner.set(row.packageName, row.glyphId);
    if (owner.get(row.packageName) !== row.glyphId) continue;
    const list = byPackage.get(row.packageName) ?? [];
    list.push(row);
    byPackage.set(row.packageName, list);
  }

  const address = `${publicUrl}/fdroid/repo`;
  const apks = new Map<string, ListedApk>();
  const usedImages = new Set<string>();
  const usedCategories = new Set<string>();
  const usedAntiFeatures = new Set<AntiFeature>();
  const packagesV2: Record<string, unknown> = {};
  const appsV1: Record<string, unknown>[] = [];
  const packagesV1: Record<string, unknown[]> = {};

  const imageFile = (url: string) => {
    const name = parseMainFileUrl(url, 'images')?.name;
    const row = name ? imageRows.get(name) : undefined;
    if (!name || !row) return null;
    usedImages.add(name);
    return { name, file: { name: `/images/${name}`, sha256: row.sha256, size: row.size } };
  };

  for (const [packageName, all] of [...byPackage.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const versions = [...all].sort((a, b) => b.versionCode - a.versionCode).slice(0, VERSIONS_PER_PACKAGE);
    const latest = versions[0]!;
    const toyPage = `${publicUrl}/glyph/${latest.glyphId}`;
    const categories = latest.tags.filter((tag) => (GLYPH_CATEGORIES as readonly string[]).includes(tag)).map(categoryName);
    if (categories.length === 0) categories.push('Glyph Toys');
    for (const category of categories) usedCategories.add(category);
    const shots = latest.images.map(imageFile).filter((image) => image !== null);
    const icon = shots[0] ?? null;
    const author = `${stripControls(latest.creatorName)} (@${latest.creatorUsername})`;
    const description = escapeHtml(stripControls(latest.description)).replace(/\r?\n/g, '<br>');
    const added = Math.min(...all.map((row) => (row.publishedAt ?? row.createdAt).getTime()));
    const lastUpdated = (latest.publishedAt ?? latest.createdAt).getTime();
    const name = stripControls(latest.title);
    const summary = summaryOf(latest.description);

    const versionsV2: Record<string, unknown> = {};
    const versionsV1: Record<string, unknown>[] = [];
    const appAntiFeatures = new Set<AntiFeature>();
    for (const row of versions) {
      const file = apkFileName(packageName, row.versionCode);
      apks.set(file, { releaseId: row.releaseId, glyphId: row.glyphId, apkUrl: row.apkUrl });
      const signers = row.signerSha256 ? row.signerSha256.split(',').filter(Boolean) : [];
      const permissions = row.report?.permissions ?? [];
      const maxSdkOf = (permission: string): number | null => row.report?.permissionMaxSdk?.[permission] ?? null;
      const antiFeatures = antiFeaturesOf(row.report);
      for (const feature of Object.keys(antiFeatures) as AntiFeature[]) {
        usedAntiFeatures.add(feature);
        appAntiFeatures.add(feature);
      }
      const versionAdded = (row.publishedAt ?? row.createdAt).getTime();
      const whatsNew = stripControls(row.changelog).trim();
      const usesSdk: Record<string, number> = {};
      if (row.report?.minSdk != null) usesSdk.minSdkVersion = row.report.minSdk;
      if (row.report?.targetSdk != null) usesSdk.targetSdkVersion = row.report.targetSdk;
      versionsV2[row.sha256] = {
        added: versionAdded,
        file: { name: `/${file}`, sha256: row.sha256, size: row.size },
        manifest: {
          versionName: row.versionName ?? String(row.versionCode),
          versionCode: row.versionCode,
          ...(Object.keys(usesSdk).length > 0 ? { usesSdk } : {}),
          ...(signers.length > 0 ? { signer: { sha256: signers } } : {}),
          ...(permissions.length > 0 ? { usesPermission: permissions.map((permission) => {
                  const maxSdk = maxSdkOf(permission);
                  return maxSdk === null ? { name: permission } : { name: permission, maxSdkVersion: maxSdk };
                }), } : {}),
        },
        ...(Object.keys(antiFeatures).length > 0
          ? { antiFeatures: Object.fromEntries(Object.entries(antiFeatures).map(([key, reason]) => [key, { [LOCALE]: reason }])) }
          : {}),
        ...(whatsNew ? { whatsNew: { [LOCALE]: whatsNew } } : {}),
      };
      versionsV1.push({
        packageName,
        apkName: file,
        hash: row.sha256,
        hashType: 'sha256',
        size: row.size,
        versionCode: row.versionCode,
        versionName: row.versionName ?? String(row.versionCode),
        added: versionAdded,
        ...(row.report?.minSdk != null ? { minSdkVersion: row.report.minSdk } : {}),
        ...(row.report?.targetSdk != null ? { targetSdkVersion: row.report.targetSdk } : {}),
        ...(signers[0] ? { signer: signers[0] } : {}),
        ...(permissions.length > 0 ? { 'uses-permission': permissions.map((permission) => [permission, maxSdkOf(permission)]) } : {}),
        ...(Object.keys(antiFeatures).length > 0 ? { antiFeatures: Object.keys(antiFeatures) } : {}),
      });
    }

    const latestSigners = latest.signerSha256 ? latest.signerSha256.split(',').filter(Boolean) : [];
    packagesV2[packageName] = {
      metadata: {
        added,
        lastUpdated,
        name: { [LOCALE]: name },
        summary: { [LOCALE]: summary },
        description: { [LOCALE]: description },
        categories,
        authorName: author,
        webSite: toyPage,
        ...(latest.githubUrl ? { sourceCode: latest.githubUrl } : {}),
        ...(latest.license ? { license: latest.license } : {}),
        ...(icon ? { icon: { [LOCALE]: icon.file } } : {}),
        ...(shots.length > 0 ? { screenshots: { phone: { [LOCALE]: shots.map((shot) => shot.file) } } } : {}),
        ...(latestSigners[0] ? { preferredSigner: latestSigners[0] } : {}),
      },
      versions: versionsV2,
    };
    appsV1.push({
      packageName,
      name,
      summary,
      description,
      categories,
      authorName: author,
      webSite: toyPage,
      ...(latest.githubUrl ? { sourceCode: latest.githubUrl } : {}),
      ...(latest.license ? { license: latest.license } : {}),
      ...(icon ? { icon: icon.name } : {}),
      added,
      lastUpdated,
      suggestedVersionCode: String(latest.versionCode),
      ...(appAntiFeatures.size > 0 ? { antiFeatures: [...appAntiFeatures] } : {}),
      localized: {
        [LOCALE]: {
          name,
          summary,
          description,
          ...(stripControls(latest.changelog).trim() ? { whatsNew: stripControls(latest.changelog).trim() } : {}),
          ...(shots.length > 0 ? { phoneScreenshots: shots.map((shot) => shot.name) } : {}),
        },
      },
    });
    packagesV1[packageName] = versionsV1;
  }

  const repoDescription = `Glyph Toys for the Nothing Phone's Glyph Matrix, shared by their creators on ${PRODUCT_NAME}. Install and update them from here.`;
  return {
    v2: {
      repo: {
        name: { [LOCALE]: PRODUCT_NAME },
        description: { [LOCALE]: repoDescription },
        address,
        webBaseUrl: publicUrl,
        categories: Object.fromEntries([...usedCategories].sort().map((category) => [category, { name: { [LOCALE]: category } }])),
        antiFeatures: Object.fromEntries([...usedAntiFeatures].sort().map((feature) => [feature, { name: { [LOCALE]: ANTI_FEATURE_NAMES[feature] } }])),
      },
      packages: packagesV2,
    },
    v1: {
      repo: { timestamp, version: INDEX_VERSION, name: PRODUCT_NAME, icon: 'icon.png', address, description: repoDescription },
      requests: { install: [], uninstall: [] },
      apps: appsV1,
      packages: packagesV1,
    },
    apks,
    images: usedImages,
    numPackages: byPackage.size,
  };
}
