-- Issue 17 glyph tags are searchable: the tags join both search vectors with the creator's weight (B),
-- so a glyph tagged 'music' is found by "music" in the "Best match" first tier. The tag words join
-- the typo lexicon too ('musc' → music).
CREATE OR REPLACE FUNCTION glyph_tags_vector(p_tags jsonb) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, coalesce((SELECT string_agg(t, ' ') FROM jsonb_array_elements_text(coalesce(p_tags, '[]'::jsonb)) AS t), '')), 'B')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION glyphs_search_vector_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_username text;
  v_name text;
BEGIN
  SELECT u.username, u.name INTO v_username, v_name FROM users u WHERE u.id = NEW.creator_id;
  NEW.search_vector := glyph_search_vector(NEW.title, NEW.description, v_username, v_name) || glyph_tags_vector(NEW.tags);
  NEW.title_vector := glyph_title_vector(NEW.title, v_username, v_name) || glyph_tags_vector(NEW.tags);
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title OR NEW.creator_id IS DISTINCT FROM OLD.creator_id THEN
    PERFORM search_words_add(NEW.title || ' ' || coalesce(v_username, '') || ' ' || coalesce(v_name, ''));
  END IF;
  IF TG_OP = 'INSERT' OR NEW.tags IS DISTINCT FROM OLD.tags THEN
    PERFORM search_words_add((SELECT string_agg(t, ' ') FROM jsonb_array_elements_text(NEW.tags) AS t));
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_glyph_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE glyphs
     SET search_vector = glyph_search_vector(title, description, NEW.username, NEW.name) || glyph_tags_vector(tags),
         title_vector = glyph_title_vector(title, NEW.username, NEW.name) || glyph_tags_vector(tags)
   WHERE creator_id = NEW.id;
  IF FOUND THEN
    PERFORM search_words_add(NEW.username || ' ' || NEW.name);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS glyphs_search_vector_refresh ON glyphs;--> statement-breakpoint
CREATE TRIGGER glyphs_search_vector_refresh
  BEFORE INSERT OR UPDATE OF title, description, creator_id, tags ON glyphs
  FOR EACH ROW EXECUTE FUNCTION glyphs_search_vector_refresh();
