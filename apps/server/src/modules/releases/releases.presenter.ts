import type { Release, ReleaseWithState } from '@glyphary/shared';
import { signerList } from './apk-facts.ts';
import type { ReleaseRow } from './releases.repository.ts';

/** A release as the public list shows it (issue 18 API shape). */
export function toRelease(row: ReleaseRow): Release {
  return {
    id: row.id,
    versionName: row.versionName,
    versionCode: row.versionCode === null ? null : Number(row.versionCode),
    changelog: row.changelog,
    apkUrl: row.apkUrl,
    size: Number(row.size),
    sha256: row.sha256,
    downloads: row.downloads,
    createdAt: (row.publishedAt ?? row.createdAt).toISOString(),
    signerChanged: row.signerChanged,
  };
}

/** A release with its state and signer, for its creator after publishing and for admins. */
export function toReleaseWithState(row: ReleaseRow): ReleaseWithState {
  return {
    ...toRelease(row),
    state: row.state as ReleaseWithState['state'],
    glyphId: row.glyphId,
    packageName: row.packageName,
    signerSha256: signerList(row.signerSha256),
  };
}
