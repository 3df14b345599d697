import { createHash } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import { parseMainFileUrl } from '../files/file-urls.ts';
import { buildIndexes, INDEX_VERSION, type ListedApk } from './fdroid.index.ts';
import { signedJar } from './fdroid.jar.ts';
import type { RepoKey } from './fdroid.keys.ts';
import type { FdroidRepository } from './fdroid.repository.ts';

/** A served file of the repository with its validator. */
export interface RepoFile {
  body: Buffer;
  etag: string;
  type: string;
}

export interface RepoSnapshot {
  builtAt: number;
  timestamp: number;
  files: { 'entry.jar': RepoFile; 'entry.json': RepoFile; 'index-v2.json': RepoFile; 'index-v1.jar': RepoFile; 'index-v1.json': RepoFile };
  apks: Map<string, ListedApk>;
  images: Set<string>;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const JAR_TYPE = 'application/java-archive';
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const file = (body: Buffer, type: string): RepoFile => ({ body, type, etag: `"${sha256(body)}"` });

/**
 * The F-Droid repository (issue 49): the signed indexes built from the database, kept in memory and
 * rebuilt lazily once older than `maxAgeMs` — a rebuild is one query; the indexes are signed again
 * only when what they list changed, so the timestamp clients compare moves only then.
 */
export function createFdroidService(deps: { repository: FdroidRepository; key: () => Promise<RepoKey>; clock: Clock; publicUrl: string; maxAgeMs: number }) {
  const { repository, clock, publicUrl, maxAgeMs } = deps;
  let current: (RepoSnapshot & { contentHash: string }) | null = null;
  let building: Promise<RepoSnapshot> | null = null;

  async function build(): Promise<RepoSnapshot> {
    const startedAt = clock.now().getTime();
    const rows = await repository.listedReleases();
    const names = [...new Set(rows.flatMap((row) => row.images.map((url) => parseMainFileUrl(url, 'images')?.name).filter((name) => name !== undefined)))];
    const images = await repository.images(names);
    const built = buildIndexes({ rows, images, publicUrl, timestamp: 0 });
    const contentHash = sha256(JSON.stringify([built.v2, built.v1.apps, built.v1.packages]));
    if (current && current.contentHash === contentHash) {
      current = { ...current, builtAt: startedAt };
      return current;
    }
    // Clients ignore an index whose timestamp is not newer than the one they have.
    const timestamp = Math.max(startedAt, (current?.timestamp ?? 0) + 1);
    const key = await deps.key();
    const indexV2 = Buffer.from(JSON.stringify({ repo: { ...built.v2.repo, timestamp }, packages: built.v2.packages }));
    const entryJson = Buffer.from(
      JSON.stringify({
        timestamp,
        version: INDEX_VERSION,
        index: { name: '/index-v2.json', sha256: sha256(indexV2), size: indexV2.length, numPackages: built.numPackages },
        diffs: {},
      }),
    );
    const indexV1 = Buffer.from(JSON.stringify({ ...built.v1, repo: { ...built.v1.repo, timestamp } }));
    const [entryJar, indexV1Jar] = await Promise.all([signedJar('entry.json', entryJson, key), signedJar('index-v1.json', indexV1, key)]);
    current = {
      builtAt: startedAt,
      timestamp,
      contentHash,
      files: {
        'entry.jar': file(entryJar, JAR_TYPE),
        'entry.json': file(entryJson, JSON_TYPE),
        'index-v2.json': file(indexV2, JSON_TYPE),
        'index-v1.jar': file(indexV1Jar, JAR_TYPE),
        'index-v1.json': file(indexV1, JSON_TYPE),
      },
      apks: built.apks,
      images: built.images,
    };
    return current;
  }

  return {
    /** The current repository, rebuilt first when older than `maxAgeMs`; concurrent callers share one build. */
    async snapshot(): Promise<RepoSnapshot> {
      if (current && clock.now().getTime() - current.builtAt < maxAgeMs) return current;
      building ??= build().finally(() => {
        building = null;
      });
      return building;
    },
  };
}

export type FdroidService = ReturnType<typeof createFdroidService>;
