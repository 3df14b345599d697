/** The parts of an APK report (issue 15) a release diff compares. */
export interface ApkReportLike {
  packageName?: string;
  versionName?: string | null;
  versionCode?: number | null;
  permissions?: string[];
  toys?: { name: string }[];
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
