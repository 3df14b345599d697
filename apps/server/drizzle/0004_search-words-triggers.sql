-- Issue 5 search (decision 0005): typo tolerance through a lexicon of title and creator-name words.
-- "C" collation: byte order, so the primary key also answers "words starting with …" ranges.
ALTER TABLE search_words ALTER COLUMN word TYPE text COLLATE "C";--> statement-breakpoint
-- The words of one glyph's title and its creator's names, as the full-text parser splits them.
-- Sorted, so concurrent writers take the same word rows in the same order.
CREATE OR REPLACE FUNCTION search_words_add(p_text text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w
    FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, coalesce(p_text, '')))) AS w
   WHERE length(w) BETWEEN 3 AND 40
   ORDER BY w
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION glyphs_search_vector_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_username text;
  v_name text;
BEGIN
  SELECT u.username, u.name INTO v_username, v_name FROM users u WHERE u.id = NEW.creator_id;
  NEW.search_vector := glyph_search_vector(NEW.title, NEW.description, v_username, v_name);
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title OR NEW.creator_id IS DISTINCT FROM OLD.creator_id THEN
    PERFORM search_words_add(NEW.title || ' ' || coalesce(v_username, '') || ' ' || coalesce(v_name, ''));
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_glyph_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE glyphs
     SET search_vector = glyph_search_vector(title, description, NEW.username, NEW.name)
   WHERE creator_id = NEW.id;
  IF FOUND THEN
    PERFORM search_words_add(NEW.username || ' ' || NEW.name);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w
  FROM glyphs g
  JOIN users u ON u.id = g.creator_id,
       unnest(tsvector_to_array(to_tsvector('simple'::regconfig, g.title || ' ' || u.username || ' ' || u.name))) AS w
 WHERE length(w) BETWEEN 3 AND 40
ON CONFLICT DO NOTHING;--> statement-breakpoint
ANALYZE search_words;
