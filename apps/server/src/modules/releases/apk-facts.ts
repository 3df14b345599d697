import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';

/**
 * What a release needs to know about an APK, read from its stored report (issue 15: `glyph.apk`).
 * A port so the releases module does not depend on how the report is stored.
 */
export interface ApkFacts {
  packageName: string;
  versionName: string | null;
  /** null when the manifest declares none: such an APK cannot be released. */
  versionCode: number | null;
  signatureStatus: 'verified' | 'unsigned' | 'invalid';
  /** SHA-256 fingerprints (64 lowercase hex digits) of the signing certificates; empty when unsigned. */
  signers: { sha256: string }[];
  /** The permissions the manifest asks for. */
  permissions: string[];
}

/** The facts of a stored APK, read from its report (issue 15: `files.apk_report`). */
export function createApkFactsReader(db: Db): ApkFactsReader {
  return async (fileId) => {
    const [row] = await db.select({ report: files.apkReport }).from(files).where(eq(files.id, fileId)).limit(1);
    const report = row?.report;
    if (!report) return null;
    return {
      packageName: report.packageName,
      versionName: report.versionName,
      versionCode: report.versionCode,
      signatureStatus: report.signatureStatus,
      signers: report.signers.map((signer) => ({ sha256: signer.sha256 })),
      permissions: report.permissions,
    };
  };
}

/** Reads the facts of a stored APK file; null when it has no report (uploaded before reports existed). */
export type ApkFactsReader = (fileId: string) => Promise<ApkFacts | null>;

/** The canonical signer key of a release: the sorted, comma-joined fingerprints ('' = unsigned). */
export function signerKey(signers: { sha256: string }[]): string {
  return [...new Set(signers.map((signer) => signer.sha256.toLowerCase()))].sort().join(',');
}

/** The fingerprints of a stored signer key. */
export function signerList(key: string | null): string[] {
  return key ? key.split(',').filter(Boolean) : [];
}
