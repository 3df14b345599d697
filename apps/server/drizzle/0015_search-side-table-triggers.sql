-- Issue 20 cold search (decision 0032): glyph_search holds one narrow row per live glyph — the two
-- search vectors, 1 + downloads + likes and its popularity band — so "Best match" reads candidates
-- from ~0.5 KB rows instead of ~1.1 KB glyph rows, and each band has its own partial GIN indexes
-- (migration 0014): a search takes the matches of the most popular band first, then the next, and
-- stops at its candidate cap, for the index work of one scan of the whole table.
--
-- An AFTER trigger on glyphs keeps the table: it runs after the BEFORE trigger that computes the
-- vectors (and after the users trigger's UPDATE that rewrites them on a rename), writes the row while
-- the glyph is live and removes it when the glyph is deleted or hidden. A counter update that stays
-- in its band rewrites only the popularity (no indexed column: a HOT update, no GIN work).
CREATE OR REPLACE FUNCTION glyph_search_band(p_popularity integer) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT least(3, greatest(0, floor(ln(greatest(p_popularity, 1)))::int - 1))::smallint
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION glyph_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_popularity integer := 1 + NEW.downloads + NEW.likes;
BEGIN
  IF NEW.deleted_at IS NOT NULL OR NEW.search_vector IS NULL OR NEW.title_vector IS NULL THEN
    IF TG_OP = 'UPDATE' THEN
      DELETE FROM glyph_search WHERE glyph_id = NEW.id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE'
     AND OLD.deleted_at IS NULL
     AND OLD.search_vector IS NOT DISTINCT FROM NEW.search_vector
     AND OLD.title_vector IS NOT DISTINCT FROM NEW.title_vector
     AND glyph_search_band(1 + OLD.downloads + OLD.likes) = glyph_search_band(v_popularity) THEN
    IF OLD.downloads IS DISTINCT FROM NEW.downloads OR OLD.likes IS DISTINCT FROM NEW.likes THEN
      UPDATE glyph_search SET popularity = v_popularity WHERE glyph_id = NEW.id;
    END IF;
    RETURN NULL;
  END IF;
  INSERT INTO glyph_search (glyph_id, popularity, band, title_vector, search_vector)
  VALUES (NEW.id, v_popularity, glyph_search_band(v_popularity), NEW.title_vector, NEW.search_vector)
  ON CONFLICT (glyph_id) DO UPDATE
    SET popularity = EXCLUDED.popularity, band = EXCLUDED.band,
        title_vector = EXCLUDED.title_vector, search_vector = EXCLUDED.search_vector;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER glyph_search_sync
  AFTER INSERT OR UPDATE OF title, description, creator_id, tags, search_vector, title_vector, downloads, likes, deleted_at ON glyphs
  FOR EACH ROW EXECUTE FUNCTION glyph_search_sync();--> statement-breakpoint
-- Room on each page for the popularity updates to stay HOT.
ALTER TABLE glyph_search SET (fillfactor = 90);--> statement-breakpoint
-- Backfill, then build the GIN indexes once (row-by-row GIN inserts of a big catalogue are slow).
DROP INDEX "glyph_search_title_3_idx";--> statement-breakpoint
DROP INDEX "glyph_search_search_3_idx";--> statement-breakpoint
DROP INDEX "glyph_search_title_2_idx";--> statement-breakpoint
DROP INDEX "glyph_search_search_2_idx";--> statement-breakpoint
DROP INDEX "glyph_search_title_1_idx";--> statement-breakpoint
DROP INDEX "glyph_search_search_1_idx";--> statement-breakpoint
DROP INDEX "glyph_search_title_0_idx";--> statement-breakpoint
DROP INDEX "glyph_search_search_0_idx";--> statement-breakpoint
INSERT INTO glyph_search (glyph_id, popularity, band, title_vector, search_vector)
SELECT id, 1 + downloads + likes, glyph_search_band(1 + downloads + likes), title_vector, search_vector
  FROM glyphs
 WHERE deleted_at IS NULL AND search_vector IS NOT NULL AND title_vector IS NOT NULL;--> statement-breakpoint
CREATE INDEX "glyph_search_title_3_idx" ON "glyph_search" USING gin ("title_vector") WHERE band = 3;--> statement-breakpoint
CREATE INDEX "glyph_search_search_3_idx" ON "glyph_search" USING gin ("search_vector") WHERE band = 3;--> statement-breakpoint
CREATE INDEX "glyph_search_title_2_idx" ON "glyph_search" USING gin ("title_vector") WHERE band = 2;--> statement-breakpoint
CREATE INDEX "glyph_search_search_2_idx" ON "glyph_search" USING gin ("search_vector") WHERE band = 2;--> statement-breakpoint
CREATE INDEX "glyph_search_title_1_idx" ON "glyph_search" USING gin ("title_vector") WHERE band = 1;--> statement-breakpoint
CREATE INDEX "glyph_search_search_1_idx" ON "glyph_search" USING gin ("search_vector") WHERE band = 1;--> statement-breakpoint
CREATE INDEX "glyph_search_title_0_idx" ON "glyph_search" USING gin ("title_vector") WHERE band = 0;--> statement-breakpoint
CREATE INDEX "glyph_search_search_0_idx" ON "glyph_search" USING gin ("search_vector") WHERE band = 0;--> statement-breakpoint
ANALYZE glyph_search;
--> statement-breakpoint
-- The typo lookup (`word % token` over search_words) ran as a sequential scan computing the trigram
-- similarity of every lexicon word: the planner counts the similarity operator as cheap as `=`. At its
-- real cost the trigram GIN index wins (half the backend CPU of the lookup on 100,000 glyphs,
-- decision 0032). A planner cost only: no result changes. pg_dump does not carry it (an extension's
-- function), so a restore from a SQL dump falls back to the sequential scan until this is re-run.
ALTER FUNCTION similarity_op(text, text) COST 100;
