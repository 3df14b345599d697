import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { files, glyphs } from '../../db/schema/index.ts';
import { storedFileUrlSql } from '../files/file-urls.ts';

/** What a glyph row says about the stored files it uses. */
export interface GlyphFileRefs {
  creatorId: string;
  apkFileId: string | null;
  animationFileId: string | null;
  images: string[];
  apkUrl: string | null;
}

/** The glyph columns `moveGlyphFiles` needs: `returning(glyphFileRefColumns)` from the update that changes the glyph. */
export const glyphFileRefColumns = {
  creatorId: glyphs.creatorId,
  apkFileId: glyphs.apkFileId,
  animationFileId: glyphs.animationFileId,
  images: glyphs.images,
  apkUrl: glyphs.apkUrl,
};

/**
 * Moves the creator's files a glyph uses — its APK, animation, images and the APK's toy previews
 * (issues 15, 16) — from status `from` to `to`, in the caller's transaction. The one place that knows
 * which files belong to a glyph: deletion ('ready' → 'deleted'), moderation hiding ('ready' → 'hidden'),
 * restoring ('hidden' → 'ready') and removing a hidden glyph ('hidden' → 'deleted') all go through it.
 * Taking a file out of service ('ready' → …) skips files that something live still uses: another live
 * glyph (as its APK, animation, image or toy preview) or a profile picture or banner (issue 21).
 */
export async function moveGlyphFiles(
  tx: Tx,
  glyph: GlyphFileRefs,
  from: 'ready' | 'hidden',
  to: 'ready' | 'hidden' | 'deleted',
): Promise<void> {
  const [apkFile] = glyph.apkFileId
    ? await tx.select({ report: files.apkReport }).from(files).where(eq(files.id, glyph.apkFileId))
    : [];
  const previewUrls = (apkFile?.report?.toys ?? []).map((toy) => toy.imageUrl).filter((url): url is string => url !== null);
  const urls = JSON.stringify([...glyph.images, ...(glyph.apkUrl ? [glyph.apkUrl] : []), ...previewUrls]);
  const fileUrl = storedFileUrlSql('f');
  const stillUsed =
    from === 'ready'
      ? sql`and not exists (
              select 1 from glyphs g
              where g.deleted_at is null
                and (g.apk_file_id = f.id or g.animation_file_id = f.id or g.images @> jsonb_build_array(${fileUrl})
                  or exists (
                    select 1 from files a
                    where a.id = g.apk_file_id
                      and a.apk_report -> 'toys' @> jsonb_build_array(jsonb_build_object('imageUrl', ${fileUrl}))
                  ))
            )
            and not exists (
              select 1 from users u
              where u.image = ${fileUrl}
                 or u.banner_image = ${fileUrl}
            )`
      : sql``;
  await tx.execute(sql`
    update files f set status = ${to}
    where f.owner_id = ${glyph.creatorId}
      and f.status = ${from}
      and (f.id = ${glyph.apkFileId} or f.id = ${glyph.animationFileId} or ${urls}::jsonb @> jsonb_build_array(${fileUrl}))
      ${stillUsed}`);
}
