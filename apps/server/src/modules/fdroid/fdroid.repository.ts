import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { ApkReport } from '@glyphary/shared';
import type { Db } from '../../db/client.ts';
import { files, glyphs, releases, users } from '../../db/schema/index.ts';

/** One published release of a visible toy, with what the index says about the toy and the APK. */
export interface RepoReleaseRow {
  glyphId: string;
  title: string;
  description: string;
  tags: string[];
  images: string[];
  githubUrl: string | null;
  /** Issue 48: the toy's SPDX licence identifier, when the creator gave one. */
  license: string | null;
  glyphCreatedAt: Date;
  creatorUsername: string;
  creatorName: string;
  releaseId: string;
  packageName: string;
  versionName: string | null;
  versionCode: number;
  signerSha256: string | null;
  changelog: string;
  size: number;
  sha256: string;
  apkUrl: string;
  createdAt: Date;
  publishedAt: Date | null;
  report: ApkReport | null;
}

export interface RepoImageRow {
  filename: string;
  size: number;
  sha256: string;
}

/** Reads for the F-Droid repository: what may be listed, decided in SQL. */
export function createFdroidRepository(db: Db) {
  return {
    /**
     * Published releases (a release held for a signer change is 'pending' and never listed) of live,
     * unhidden toys (hiding sets deleted_at too) by creators who are not suspended, whose APK file is
     * still served.
     */
    async listedReleases(): Promise<RepoReleaseRow[]> {
      return db
        .select({
          glyphId: glyphs.id,
          title: glyphs.title,
          description: glyphs.description,
          tags: glyphs.tags,
          images: glyphs.images,
          githubUrl: glyphs.githubUrl,
          license: glyphs.license,
          glyphCreatedAt: glyphs.createdAt,
          creatorUsername: users.username,
          creatorName: users.name,
          releaseId: releases.id,
          packageName: releases.packageName,
          versionName: releases.versionName,
          versionCode: releases.versionCode,
          signerSha256: releases.signerSha256,
          changelog: releases.changelog,
          size: releases.size,
          sha256: releases.sha256,
          apkUrl: releases.apkUrl,
          createdAt: releases.createdAt,
          publishedAt: releases.publishedAt,
          report: files.apkReport,
        })
        .from(releases)
        .innerJoin(glyphs, eq(glyphs.id, releases.glyphId))
        .innerJoin(users, eq(users.id, glyphs.creatorId))
        .innerJoin(files, eq(files.id, releases.fileId))
        .where(
          and(
            eq(releases.state, 'published'),
            isNotNull(releases.packageName),
            isNotNull(releases.versionCode),
            isNull(glyphs.deletedAt),
            isNull(glyphs.hiddenAt),
            isNull(users.suspendedAt),
            eq(files.status, 'ready'),
          ),
        )
        .orderBy(releases.createdAt, desc(releases.versionCode)) as Promise<RepoReleaseRow[]>;
    },

    /** The served image files among `names` (screenshots and icons need their size and SHA-256). */
    async images(names: string[]): Promise<RepoImageRow[]> {
      if (names.length === 0) return [];
      return db
        .select({ filename: files.filename, size: files.size, sha256: files.sha256 })
        .from(files)
        .where(and(inArray(files.filename, names), eq(files.type, 'images'), eq(files.status, 'ready')));
    },
  };
}

export type FdroidRepository = ReturnType<typeof createFdroidRepository>;
