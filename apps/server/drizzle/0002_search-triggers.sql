-- Issue 5 search (decision 0005): glyphs.search_vector = title (A) + creator username and display
-- name (B) + description (C). The creator's names live in users, so a generated column cannot hold
-- them: a trigger on glyphs fills the vector on insert/update, and a trigger on users refreshes every
-- glyph of a creator whose username or display name changes (DESIGN §4.4: renames keep search right).
CREATE OR REPLACE FUNCTION glyph_search_vector(p_title text, p_description text, p_username text, p_display_name text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(p_title, '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, coalesce(p_username, '') || ' ' || coalesce(p_display_name, '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(p_description, '')), 'C')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION glyphs_search_vector_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT glyph_search_vector(NEW.title, NEW.description, u.username, u.name)
    INTO NEW.search_vector
    FROM users u
   WHERE u.id = NEW.creator_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER glyphs_search_vector_refresh
  BEFORE INSERT OR UPDATE OF title, description, creator_id ON glyphs
  FOR EACH ROW EXECUTE FUNCTION glyphs_search_vector_refresh();--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_glyph_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE glyphs
     SET search_vector = glyph_search_vector(title, description, NEW.username, NEW.name)
   WHERE creator_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_glyph_search_refresh
  AFTER UPDATE OF username, name ON users
  FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION users_glyph_search_refresh();--> statement-breakpoint
UPDATE glyphs g
   SET search_vector = glyph_search_vector(g.title, g.description, u.username, u.name)
  FROM users u
 WHERE u.id = g.creator_id;
