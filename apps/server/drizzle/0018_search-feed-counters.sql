-- Issue 20 (write cost of the search feed, decision 0043): a like or a counted download no longer
-- appends two search_changes rows. They change popularity: glyph_search_sync rewrites
-- glyph_search.popularity and that row's own trigger logs the change, so the glyph row's trigger
-- skips updates that name only likes or downloads. A counted view (glyphs.views) still logs one row:
-- re-reading view counts by age instead cost more per search than the row costs per view (0043's
-- measurements). Every other column keeps the feed: the trigger fires for updates naming any of them
-- (a new glyph column must be added here; search-feed.test.ts fails until it is).
DROP TRIGGER IF EXISTS glyph_card_log_change ON glyphs;--> statement-breakpoint
CREATE TRIGGER glyph_card_log_change
  AFTER UPDATE OF id, creator_id, title, description, images, apk_url, apk_file_id, github_url, instructions,
    views, created_at, updated_at, deleted_at, search_vector, title_vector, hidden_at, comments_enabled, animation_file_id, tags
  ON glyphs
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION glyph_card_log_change();--> statement-breakpoint
-- file_card_log_change (an APK report written) finds the glyphs of the file; so does the files FK's
-- `on delete set null`. Partial: glyphs without an APK (most) add nothing to their updates.
CREATE INDEX "glyphs_apk_file_idx" ON "glyphs" USING btree ("apk_file_id") WHERE "glyphs"."apk_file_id" IS NOT NULL;
