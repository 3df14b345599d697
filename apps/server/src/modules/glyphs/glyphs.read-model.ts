import { sql } from 'drizzle-orm';
import type { AntiFeature, ApkReport, GlyphDevice } from '@glyphary/shared';
import { animations, glyphs, users, files } from '../../db/schema/index.ts';

/**
 * The columns every glyph read needs (detail, lists, search, likes, admin): the glyph, its
 * creator's current username and display name (DESIGN §4.4: read, never copied) and its APK's
 * checksum and size. Use with `.from(glyphs).innerJoin(users, creatorJoin).leftJoin(files, apkFileJoin)`
 * `.leftJoin(animations, animationJoin)` (issue 16: every read that selects these columns needs all three).
 */
export const glyphColumns = {
  id: glyphs.id,
  title: glyphs.title,
  description: glyphs.description,
  images: glyphs.images,
  apkUrl: glyphs.apkUrl,
  githubUrl: glyphs.githubUrl,
  instructions: glyphs.instructions,
  license: glyphs.license,
  creatorId: glyphs.creatorId,
  creatorUsername: users.username,
  creatorDisplayName: users.name,
  downloads: glyphs.downloads,
  views: glyphs.views,
  likes: glyphs.likes,
  createdAt: glyphs.createdAt,
  updatedAt: glyphs.updatedAt,
  deletedAt: glyphs.deletedAt,
  apkSha256: files.sha256,
  apkSize: files.size,
  tags: glyphs.tags,
  // Issue 16: the glyph's animation (left join `animationJoin`); all null when it has none.
  animationFilename: animations.filename,
  animationPoster: animations.poster,
  animationPreview: animations.preview,
  animationSize: animations.matrixSize,
  animationFrameCount: animations.frameCount,
  animationDurationMs: animations.durationMs,
  animationFlashing: animations.flashing,
  // Issue 15: only the devices verdict for lists and cards (the whole report is read by the detail).
  apkDevices: sql<GlyphDevice[] | null>`${files.apkReport} -> 'devices'`,
};

export type GlyphRow = {
  id: string;
  title: string;
  description: string;
  images: string[];
  apkUrl: string | null;
  githubUrl: string | null;
  instructions: string | null;
  license: string | null;
  creatorId: string;
  creatorUsername: string;
  creatorDisplayName: string;
  downloads: number;
  views: number;
  likes: number;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  apkSha256: string | null;
  apkSize: number | null;
  tags: string[];
  animationFilename: string | null;
  animationPoster: string | null;
  animationPreview: string | null;
  animationSize: number | null;
  animationFrameCount: number | null;
  animationDurationMs: number | null;
  animationFlashing: boolean | null;
  apkDevices: GlyphDevice[] | null;
  /** Issue 15: present only when the read asked for it (the detail). */
  apkReport?: ApkReport | null;
};

/** The join condition for the creator. */
export const creatorJoin = sql`${users.id} = ${glyphs.creatorId}`;
/** The join condition for the APK file row (left join). */
export const apkFileJoin = sql`${files.id} = ${glyphs.apkFileId}`;
/** The join condition for the glyph's animation facts (left join, issue 16). */
export const animationJoin = sql`${animations.fileId} = ${glyphs.animationFileId}`;
/**
 * Issue 15 `device` filter: glyphs whose analysed APK runs on `device` (the report's `devices`).
 * A subquery, so it works whether or not the surrounding query joins the files table.
 */
export function runsOnDevice(device: GlyphDevice) {
  return sql`exists (select 1 from ${files} where ${files.id} = ${glyphs.apkFileId} and ${files.apkReport} -> 'devices' @> ${JSON.stringify([device])}::jsonb)`;
}
/**
 * Issue 50 `without` filter: glyphs whose APK report was derived with anti-features and has none of
 * `features`. An APK not analysed that far yet is left out: its absence cannot be vouched for.
 */
export function withoutAntiFeatures(features: readonly AntiFeature[]) {
  const none = sql.join(features.map((feature) => sql`not (${files.apkReport} -> 'antiFeatures' @> ${JSON.stringify([feature])}::jsonb)`), sql` and `);
  return sql`exists (select 1 from ${files} where ${files.id} = ${glyphs.apkFileId} and ${files.apkReport} -> 'antiFeatures' is not null and ${none})`;
}
/** Only live glyphs (DESIGN §4.3: deleted glyphs never appear in lists, search or likes). */
export const isLive = sql`${glyphs.deletedAt} is null`;
