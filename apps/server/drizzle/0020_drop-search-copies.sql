-- PostgreSQL's full-text search on glyphs is the one search store: the in-process index, its change feed
-- (search_changes and the triggers that wrote it on every like, view, download and edit) and the side table
-- glyph_search (kept by a trigger on glyphs) go. drizzle-kit does not track triggers, functions or
-- sequences, so those statements are written by hand.
DROP TRIGGER IF EXISTS glyph_card_log_change ON glyphs;--> statement-breakpoint
DROP TRIGGER IF EXISTS file_card_log_change ON files;--> statement-breakpoint
DROP TRIGGER IF EXISTS glyph_search_sync ON glyphs;--> statement-breakpoint
DROP TABLE "glyph_search" CASCADE;--> statement-breakpoint
DROP TABLE "search_changes" CASCADE;--> statement-breakpoint
DROP INDEX "search_words_rev_idx";--> statement-breakpoint
DROP INDEX "search_words_xid_idx";--> statement-breakpoint
ALTER TABLE "search_words" DROP COLUMN "rev";--> statement-breakpoint
ALTER TABLE "search_words" DROP COLUMN "xid";--> statement-breakpoint
DROP FUNCTION IF EXISTS glyph_card_log_change();--> statement-breakpoint
DROP FUNCTION IF EXISTS file_card_log_change();--> statement-breakpoint
DROP FUNCTION IF EXISTS glyph_search_log_change();--> statement-breakpoint
DROP FUNCTION IF EXISTS glyph_search_sync();--> statement-breakpoint
DROP FUNCTION IF EXISTS glyph_search_band(integer);--> statement-breakpoint
DROP SEQUENCE IF EXISTS search_change_rev;
