-- Issue 20 (decision 0046): a like toggles in one round trip instead of six. The statements are
-- those of the transaction this replaces (discovery.repository.ts#toggleLike): lock the live glyph
-- row, remove the caller's like or add one, and move glyphs.likes with it, so concurrent toggles of
-- one glyph still queue on its row lock and likes always equals the number of like rows (SECURITY
-- I1, R4). A VOLATILE plpgsql function takes a new snapshot for each statement under READ COMMITTED,
-- so after waiting for the lock it sees what the previous holder committed, as the separate
-- statements did. No row: the glyph is unknown or deleted.
CREATE OR REPLACE FUNCTION toggle_like(p_user_id text, p_glyph_id uuid)
RETURNS TABLE (out_liked boolean, out_likes integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_removed integer;
BEGIN
  PERFORM 1 FROM glyphs WHERE glyphs.id = p_glyph_id AND glyphs.deleted_at IS NULL FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  DELETE FROM glyph_likes WHERE glyph_likes.user_id = p_user_id AND glyph_likes.glyph_id = p_glyph_id;
  GET DIAGNOSTICS v_removed = ROW_COUNT;
  IF v_removed = 0 THEN
    INSERT INTO glyph_likes (user_id, glyph_id) VALUES (p_user_id, p_glyph_id);
    RETURN QUERY UPDATE glyphs SET likes = glyphs.likes + 1 WHERE glyphs.id = p_glyph_id RETURNING true, glyphs.likes;
  ELSE
    RETURN QUERY UPDATE glyphs SET likes = greatest(glyphs.likes - 1, 0) WHERE glyphs.id = p_glyph_id RETURNING false, glyphs.likes;
  END IF;
END
$$;
