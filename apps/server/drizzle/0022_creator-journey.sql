ALTER TABLE "glyph_requests" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "glyphs" ADD COLUMN "license" text;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "decision_note" text;