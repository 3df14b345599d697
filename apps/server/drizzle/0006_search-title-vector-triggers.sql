-- Issue 5 search (decision 0005): glyphs.title_vector = title (A) + creator username and display name (B),
-- the part of search_vector that "Best match" ranks first. Kept by the same triggers as search_vector.
CREATE OR REPLACE FUNCTION glyph_title_vector(p_title text, p_username text, p_display_name text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(p_title, '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, coalesce(p_username, '') || ' ' || coalesce(p_display_name, '')), 'B')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION glyphs_search_vector_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_username text;
  v_name text;
BEGIN
  SELECT u.username, u.name INTO v_username, v_name FROM users u WHERE u.id = NEW.creator_id;
  NEW.search_vector := glyph_search_vector(NEW.title, NEW.description, v_username, v_name);
  NEW.title_vector := glyph_title_vector(NEW.title, v_username, v_name);
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title OR NEW.creator_id IS DISTINCT FROM OLD.creator_id THEN
    PERFORM search_words_add(NEW.title || ' ' || coalesce(v_username, '') || ' ' || coalesce(v_name, ''));
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_glyph_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE glyphs
     SET search_vector = glyph_search_vector(title, description, NEW.username, NEW.name),
         title_vector = glyph_title_vector(title, NEW.username, NEW.name)
   WHERE creator_id = NEW.id;
  IF FOUND THEN
    PERFORM search_words_add(NEW.username || ' ' || NEW.name);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE glyphs g
   SET title_vector = glyph_title_vector(g.title, u.username, u.name)
  FROM users u
 WHERE u.id = g.creator_id;
