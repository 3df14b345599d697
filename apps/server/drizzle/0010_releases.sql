CREATE TABLE "release_downloads" (
	"release_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_downloads_release_id_actor_pk" PRIMARY KEY("release_id","actor")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"glyph_id" uuid NOT NULL,
	"file_id" uuid,
	"apk_url" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"package_name" text,
	"version_name" text,
	"version_code" bigint,
	"signer_sha256" text,
	"signer_changed" boolean DEFAULT false NOT NULL,
	"changelog" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'published' NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
ALTER TABLE "release_downloads" ADD CONSTRAINT "release_downloads_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_downloads" ADD CONSTRAINT "release_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_glyph_id_glyphs_id_fk" FOREIGN KEY ("glyph_id") REFERENCES "public"."glyphs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_downloads_user_idx" ON "release_downloads" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "releases_glyph_version_code_uq" ON "releases" USING btree ("glyph_id","version_code") WHERE "releases"."state" <> 'rejected';--> statement-breakpoint
CREATE INDEX "releases_glyph_idx" ON "releases" USING btree ("glyph_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "releases_published_idx" ON "releases" USING btree ("published_at" DESC NULLS LAST) WHERE "releases"."state" = 'published';--> statement-breakpoint
CREATE INDEX "releases_pending_idx" ON "releases" USING btree ("created_at") WHERE "releases"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "glyphs_updated_idx" ON "glyphs" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "glyphs"."deleted_at" IS NULL;