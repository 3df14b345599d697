CREATE TABLE "animations" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"filename" text NOT NULL,
	"poster" text NOT NULL,
	"preview" text,
	"matrix_size" integer NOT NULL,
	"frame_count" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"flashing" boolean NOT NULL,
	"flash_at_ms" integer
);
--> statement-breakpoint
ALTER TABLE "glyphs" ADD COLUMN "animation_file_id" uuid;--> statement-breakpoint
ALTER TABLE "animations" ADD CONSTRAINT "animations_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glyphs" ADD CONSTRAINT "glyphs_animation_file_id_files_id_fk" FOREIGN KEY ("animation_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;