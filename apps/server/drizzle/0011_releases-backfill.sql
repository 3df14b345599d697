-- Issue 18 (decision 0021): every glyph that ships an APK becomes release 1 of itself, with the
-- version facts of its APK report (issue 15) when the file has one, else nulls. The glyph's download
-- events become release 1's, so release 1 counts what the glyph counted (SECURITY I2).
-- Idempotent: a glyph that already has a release is skipped.
INSERT INTO releases (glyph_id, file_id, apk_url, size, sha256, package_name, version_name, version_code, signer_sha256, state, created_at, published_at)
SELECT g.id, f.id, g.apk_url, f.size, f.sha256,
       f.apk_report ->> 'packageName',
       f.apk_report ->> 'versionName',
       (f.apk_report ->> 'versionCode')::bigint,
       CASE WHEN f.apk_report IS NULL THEN NULL ELSE coalesce(
         (SELECT string_agg(DISTINCT lower(s ->> 'sha256'), ',' ORDER BY lower(s ->> 'sha256'))
            FROM jsonb_array_elements(f.apk_report -> 'signers') s), '') END,
       'published', g.created_at, g.created_at
  FROM glyphs g
  JOIN files f ON f.id = g.apk_file_id
 WHERE g.apk_url IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM releases r WHERE r.glyph_id = g.id);
--> statement-breakpoint
INSERT INTO release_downloads (release_id, actor, user_id, created_at)
SELECT r.id, d.actor, d.user_id, d.created_at
  FROM releases r
  JOIN glyph_downloads d ON d.glyph_id = r.glyph_id
 WHERE NOT EXISTS (SELECT 1 FROM release_downloads x WHERE x.release_id = r.id)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE releases r
   SET downloads = (SELECT count(*)::int FROM release_downloads x WHERE x.release_id = r.id)
 WHERE downloads <> (SELECT count(*)::int FROM release_downloads x WHERE x.release_id = r.id);
