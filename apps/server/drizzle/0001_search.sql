ALTER TABLE "glyphs" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "glyphs_search_idx" ON "glyphs" USING gin ("search_vector") WHERE "glyphs"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "glyphs_title_trgm_idx" ON "glyphs" USING gin (lower(title) gin_trgm_ops) WHERE "glyphs"."deleted_at" IS NULL;