ALTER TABLE "glyphs" ADD COLUMN "title_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "glyphs_title_search_idx" ON "glyphs" USING gin ("title_vector") WHERE "glyphs"."deleted_at" IS NULL;