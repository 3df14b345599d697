/** The parts of an APK report (issue 15) a release diff compares. */
export interface ApkReportLike {
  packageName?: string;
  versionName?: string | null;
  versionCode?: number | null;
  permissions?: string[];
  toys?: { name: string }[];
  signers?: { sha256: string }[];
}

export interface ApkDiff {
  addedPermissions: string[];
  removedPermissions: string[];
  addedToys: string[];
  removedToys: string[];
}

const minus = (a: string[], b: string[]) => a.filter((item) => !b.includes(item));

/** What changed between the previous release's report and the new APK's: permissions and toys. */
export function diffReports(previous: ApkReportLike, next: ApkReportLike): ApkDiff {
  const before = { permissions: previous.permissions ?? [], toys: (previous.toys ?? []).map((toy) => toy.name) };
  const after = { permissions: next.permissions ?? [], toys: (next.toys ?? []).map((toy) => toy.name) };
  return {
    addedPermissions: minus(after.permissions, before.permissions),
    removedPermissions: minus(before.permissions, after.permissions),
    addedToys: minus(after.toys, before.toys),
    removedToys: minus(before.toys, after.toys),
  };
}

/** The sorted, distinct signing-key fingerprints of a report (the server compares the same set). */
export function signerSet(report: ApkReportLike): string[] {
  return [...new Set((report.signers ?? []).map((signer) => signer.sha256.toLowerCase()))].sort();
}

/** True when both reports name their signers and the sets differ: the update will be held for review. */
export function signerChanged(previous: ApkReportLike | undefined, next: ApkReportLike | undefined): boolean {
  if (!previous?.signers || !next?.signers) return false;
  return signerSet(previous).join(',') !== signerSet(next).join(',');
}
