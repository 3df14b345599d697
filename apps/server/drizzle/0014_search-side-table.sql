CREATE TABLE "glyph_search" (
	"glyph_id" uuid PRIMARY KEY NOT NULL,
	"popularity" integer NOT NULL,
	"band" smallint NOT NULL,
	"title_vector" "tsvector" NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "glyph_search" ADD CONSTRAINT "glyph_search_glyph_id_glyphs_id_fk" FOREIGN KEY ("glyph_id") REFERENCES "public"."glyphs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "glyph_search_title_3_idx" ON "glyph_search" USING gin ("title_vector") WHERE band = 3;--> statement-breakpoint
CREATE INDEX "glyph_search_search_3_idx" ON "glyph_search" USING gin ("search_vector") WHERE band = 3;--> statement-breakpoint
CREATE INDEX "glyph_search_title_2_idx" ON "glyph_search" USING gin ("title_vector") WHERE band = 2;--> statement-breakpoint
CREATE INDEX "glyph_search_search_2_idx" ON "glyph_search" USING gin ("search_vector") WHERE band = 2;--> statement-breakpoint
CREATE INDEX "glyph_search_title_1_idx" ON "glyph_search" USING gin ("title_vector") WHERE band = 1;--> statement-breakpoint
CREATE INDEX "glyph_search_search_1_idx" ON "glyph_search" USING gin ("search_vector") WHERE band = 1;--> statement-breakpoint
CREATE INDEX "glyph_search_title_0_idx" ON "glyph_search" USING gin ("title_vector") WHERE band = 0;--> statement-breakpoint
CREATE INDEX "glyph_search_search_0_idx" ON "glyph_search" USING gin ("search_vector") WHERE band = 0;