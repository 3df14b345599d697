-- Decision 0034: the in-process search index follows glyph_search and search_words through one
-- sequence. Every write to glyph_search (a new or edited glyph, a popularity change, a removal by
-- deletion, hiding or an account's cascade) appends a search_changes row; new lexicon words carry
-- their own rev. xid lets a reader also take rows whose transaction committed after it read a later rev.
CREATE SEQUENCE IF NOT EXISTS "search_change_rev";--> statement-breakpoint
CREATE TABLE "search_changes" (
	"rev" bigint PRIMARY KEY DEFAULT nextval('search_change_rev') NOT NULL,
	"glyph_id" uuid NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_words" ADD COLUMN "rev" bigint DEFAULT nextval('search_change_rev') NOT NULL;--> statement-breakpoint
ALTER TABLE "search_words" ADD COLUMN "xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "search_changes_xid_idx" ON "search_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "search_changes_changed_at_idx" ON "search_changes" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "search_words_rev_idx" ON "search_words" USING btree ("rev");--> statement-breakpoint
CREATE INDEX "search_words_xid_idx" ON "search_words" USING btree ("xid");;--> statement-breakpoint
CREATE OR REPLACE FUNCTION glyph_search_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (glyph_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.glyph_id ELSE NEW.glyph_id END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER glyph_search_log_change
  AFTER INSERT OR UPDATE OR DELETE ON glyph_search
  FOR EACH ROW EXECUTE FUNCTION glyph_search_log_change();--> statement-breakpoint
-- The result cards of index searches are cached until their glyph changes (search.cards.ts), so
-- every change a card shows is in the feed too: any glyph column (counters, images, links, the
-- APK or animation it points to; a creator rename rewrites the vectors) and the APK analysis report
-- (the devices verdict), which is written on the file row later.
CREATE OR REPLACE FUNCTION glyph_card_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (glyph_id) VALUES (NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER glyph_card_log_change
  AFTER UPDATE ON glyphs
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION glyph_card_log_change();--> statement-breakpoint
CREATE OR REPLACE FUNCTION file_card_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (glyph_id) SELECT id FROM glyphs WHERE apk_file_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER file_card_log_change
  AFTER UPDATE OF apk_report, sha256, size ON files
  FOR EACH ROW WHEN (NEW.type = 'apks') EXECUTE FUNCTION file_card_log_change();--> statement-breakpoint
ANALYZE search_words;
