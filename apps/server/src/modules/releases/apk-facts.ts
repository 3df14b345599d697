/**
 * What a release needs to know about an APK, read from its stored report (issue 15: `glyph.apk`).
 * A port so the releases module does not depend on how the report is stored.
 */
export interface ApkFacts {
  packageName: string;
  versionName: string | null;
  versionCode: number;
  /** SHA-256 fingerprints (64 lowercase hex digits) of the signing certificates; empty when unsigned. */
  signers: { sha256: string }[];
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
