CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"username" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"banner_image" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"glyphs_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"type" text NOT NULL,
	"filename" text NOT NULL,
	"thumbnail" text,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"width" integer,
	"height" integer,
	"status" text DEFAULT 'ready' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_filename_unique" UNIQUE("filename")
);
--> statement-breakpoint
CREATE TABLE "glyph_downloads" (
	"glyph_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "glyph_downloads_glyph_id_actor_pk" PRIMARY KEY("glyph_id","actor")
);
--> statement-breakpoint
CREATE TABLE "glyph_likes" (
	"user_id" text NOT NULL,
	"glyph_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "glyph_likes_user_id_glyph_id_pk" PRIMARY KEY("user_id","glyph_id")
);
--> statement-breakpoint
CREATE TABLE "glyph_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reference_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reference_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"user_id" text NOT NULL,
	"assigned_to" text,
	"completed_glyph_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "glyph_views" (
	"glyph_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "glyph_views_glyph_id_actor_pk" PRIMARY KEY("glyph_id","actor")
);
--> statement-breakpoint
CREATE TABLE "glyphs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"apk_url" text,
	"apk_file_id" uuid,
	"github_url" text,
	"instructions" text,
	"downloads" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sync_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"last_run" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"last_updated" integer DEFAULT 0 NOT NULL,
	"last_message" text
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glyph_downloads" ADD CONSTRAINT "glyph_downloads_glyph_id_glyphs_id_fk" FOREIGN KEY ("glyph_id") REFERENCES "public"."glyphs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glyph_downloads" ADD CONSTRAINT "glyph_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glyph_likes" ADD CONSTRAINT "glyph_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glyph_likes" ADD CONSTRAINT "glyph_likes_glyph_id_glyphs_id_fk" FOREIGN KEY ("glyph_id") REFERENCES "public"."glyphs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glyph_requests" ADD CONSTRAINT "glyph_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glyph_requests" ADD CONSTRAINT "glyph_requests_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glyph_requests" ADD CONSTRAINT "glyph_requests_completed_glyph_id_glyphs_id_fk" FOREIGN KEY ("completed_glyph_id") REFERENCES "public"."glyphs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glyph_views" ADD CONSTRAINT "glyph_views_glyph_id_glyphs_id_fk" FOREIGN KEY ("glyph_id") REFERENCES "public"."glyphs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glyph_views" ADD CONSTRAINT "glyph_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glyphs" ADD CONSTRAINT "glyphs_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glyphs" ADD CONSTRAINT "glyphs_apk_file_id_files_id_fk" FOREIGN KEY ("apk_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "glyph_downloads_actor_idx" ON "glyph_downloads" USING btree ("actor");--> statement-breakpoint
CREATE INDEX "glyph_downloads_user_idx" ON "glyph_downloads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "glyph_likes_glyph_idx" ON "glyph_likes" USING btree ("glyph_id");--> statement-breakpoint
CREATE INDEX "glyph_requests_created_idx" ON "glyph_requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "glyph_requests_user_idx" ON "glyph_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "glyph_requests_assigned_idx" ON "glyph_requests" USING btree ("assigned_to");--> statement-breakpoint
CREATE INDEX "glyph_requests_status_idx" ON "glyph_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "glyph_views_actor_idx" ON "glyph_views" USING btree ("actor");--> statement-breakpoint
CREATE INDEX "glyph_views_user_idx" ON "glyph_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "glyphs_latest_idx" ON "glyphs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "glyphs"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "glyphs_popular_idx" ON "glyphs" USING btree ("downloads" DESC NULLS LAST,"likes" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "glyphs"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "glyphs_liked_idx" ON "glyphs" USING btree ("likes" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "glyphs"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "glyphs_viewed_idx" ON "glyphs" USING btree ("views" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "glyphs"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "glyphs_creator_idx" ON "glyphs" USING btree ("creator_id","created_at" DESC NULLS LAST);