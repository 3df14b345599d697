import type { Glyph, GlyphAnimationInfo } from '@glyphary/shared';
import { imageThumbnailUrl, storedFileUrl } from '../files/file-urls.ts';
import type { GlyphRow } from './glyphs.read-model.ts';

/**
 * The thumbnail of an uploaded image (`<uuid>.webp` → `<uuid>-thumb.webp`, the files module's names).
 * External images have none (null).
 */
export function thumbnailOf(imageUrl: string): string | null {
  return imageThumbnailUrl(imageUrl);
}

/** Issue 16: the glyph's animation (null when none); its files are served from the 'animations' folder. */
export function animationOf(row: GlyphRow): GlyphAnimationInfo | null {
  if (row.animationFilename === null || row.animationPoster === null || row.animationSize === null) return null;
  return {
    width: row.animationSize,
    height: row.animationSize,
    frameCount: row.animationFrameCount ?? 0,
    durationMs: row.animationDurationMs ?? 0,
    flashing: row.animationFlashing ?? false,
    url: storedFileUrl('animations', row.animationFilename),
    posterUrl: storedFileUrl('animations', row.animationPoster),
  };
}

/** The animated Open Graph preview of a glyph's animation, or null (none, or it flashes). */
export function animationPreviewOf(row: GlyphRow): string | null {
  return row.animationPreview ? storedFileUrl('animations', row.animationPreview) : null;
}

/**
 * spec §3 Glyph as the API returns it. A deleted glyph keeps its identity but its content is
 * nulled (SECURITY matrix: `{id, deleted:true}` with apkUrl, githubUrl, images and instructions nulled).
 */
export function toGlyph(row: GlyphRow): Glyph {
  const deleted = row.deletedAt !== null;
  const images = deleted ? [] : row.images;
  return {
    id: row.id,
    title: row.title,
    description: deleted ? '' : row.description,
    images,
    thumbnails: images.map(thumbnailOf),
    apkUrl: deleted ? null : row.apkUrl,
    githubUrl: deleted ? null : row.githubUrl,
    instructions: deleted ? null : row.instructions,
    license: deleted ? null : row.license,
    creatorId: row.creatorId,
    creatorUsername: row.creatorUsername,
    creatorDisplayName: row.creatorDisplayName,
    downloads: row.downloads,
    views: row.views,
    likes: row.likes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deleted,
    apkSha256: deleted ? null : row.apkSha256,
    apkSize: deleted ? null : row.apkSize === null ? null : Number(row.apkSize),
    tags: deleted ? [] : row.tags,
    animation: deleted ? null : animationOf(row),
    apkDevices: deleted ? [] : (row.apkDevices ?? []),
    ...(row.apkReport === undefined ? {} : { apk: deleted ? null : row.apkReport }),
  };
}
