CREATE TABLE "creator_daily_stats" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"follows" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_daily_stats_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "glyph_daily_stats" (
	"glyph_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"downloads_button" integer DEFAULT 0 NOT NULL,
	"downloads_latest" integer DEFAULT 0 NOT NULL,
	"downloads_repository" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "glyph_daily_stats_glyph_id_day_pk" PRIMARY KEY("glyph_id","day")
);
--> statement-breakpoint
CREATE TABLE "platform_daily_stats" (
	"day" date PRIMARY KEY NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"uploads" integer DEFAULT 0 NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_daily_stats" (
	"release_id" uuid NOT NULL,
	"day" date NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "release_daily_stats_release_id_day_pk" PRIMARY KEY("release_id","day")
);
--> statement-breakpoint
ALTER TABLE "glyph_downloads" ADD COLUMN "source" text DEFAULT 'button' NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_daily_stats" ADD CONSTRAINT "creator_daily_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glyph_daily_stats" ADD CONSTRAINT "glyph_daily_stats_glyph_id_glyphs_id_fk" FOREIGN KEY ("glyph_id") REFERENCES "public"."glyphs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_daily_stats" ADD CONSTRAINT "release_daily_stats_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "glyph_daily_stats_day_idx" ON "glyph_daily_stats" USING btree ("day");--> statement-breakpoint
-- Issue 51: the daily roll-ups follow their raw events inside the same transaction. Row triggers see
-- every insert and delete, including those cascaded from deleting a glyph, a release or an account, so a
-- roll-up always equals the count of its raw rows (invariant R2). A delete only lowers an existing row:
-- when the cascade has already removed the roll-up row there is nothing left to lower.
CREATE FUNCTION stats_utc_day(ts timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$ SELECT (ts AT TIME ZONE 'UTC')::date $$;
--> statement-breakpoint
CREATE FUNCTION stats_glyph_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_delta integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
  v_row record := CASE WHEN TG_OP = 'INSERT' THEN NEW ELSE OLD END;
  v_views integer := 0;
  v_button integer := 0;
  v_latest integer := 0;
  v_repository integer := 0;
  v_likes integer := 0;
BEGIN
  IF TG_TABLE_NAME = 'glyph_views' THEN
    v_views := v_delta;
  ELSIF TG_TABLE_NAME = 'glyph_likes' THEN
    v_likes := v_delta;
  ELSIF v_row.source = 'latest' THEN
    v_latest := v_delta;
  ELSIF v_row.source = 'repository' THEN
    v_repository := v_delta;
  ELSE
    v_button := v_delta;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO glyph_daily_stats AS s (glyph_id, day, views, downloads_button, downloads_latest, downloads_repository, likes)
    VALUES (v_row.glyph_id, stats_utc_day(v_row.created_at), v_views, v_button, v_latest, v_repository, v_likes)
    ON CONFLICT (glyph_id, day) DO UPDATE SET
      views = s.views + v_views,
      downloads_button = s.downloads_button + v_button,
      downloads_latest = s.downloads_latest + v_latest,
      downloads_repository = s.downloads_repository + v_repository,
      likes = s.likes + v_likes;
  ELSE
    UPDATE glyph_daily_stats SET
      views = views + v_views,
      downloads_button = downloads_button + v_button,
      downloads_latest = downloads_latest + v_latest,
      downloads_repository = downloads_repository + v_repository,
      likes = likes + v_likes
    WHERE glyph_id = v_row.glyph_id AND day = stats_utc_day(v_row.created_at);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER glyph_views_stats AFTER INSERT OR DELETE ON glyph_views FOR EACH ROW EXECUTE FUNCTION stats_glyph_event();
--> statement-breakpoint
CREATE TRIGGER glyph_downloads_stats AFTER INSERT OR DELETE ON glyph_downloads FOR EACH ROW EXECUTE FUNCTION stats_glyph_event();
--> statement-breakpoint
CREATE TRIGGER glyph_likes_stats AFTER INSERT OR DELETE ON glyph_likes FOR EACH ROW EXECUTE FUNCTION stats_glyph_event();
--> statement-breakpoint
CREATE FUNCTION stats_release_download() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO release_daily_stats AS s (release_id, day, downloads) VALUES (NEW.release_id, stats_utc_day(NEW.created_at), 1)
    ON CONFLICT (release_id, day) DO UPDATE SET downloads = s.downloads + 1;
  ELSE
    UPDATE release_daily_stats SET downloads = downloads - 1 WHERE release_id = OLD.release_id AND day = stats_utc_day(OLD.created_at);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER release_downloads_stats AFTER INSERT OR DELETE ON release_downloads FOR EACH ROW EXECUTE FUNCTION stats_release_download();
--> statement-breakpoint
CREATE FUNCTION stats_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO creator_daily_stats AS s (user_id, day, follows) VALUES (NEW.followee_id, stats_utc_day(NEW.created_at), 1)
    ON CONFLICT (user_id, day) DO UPDATE SET follows = s.follows + 1;
  ELSE
    UPDATE creator_daily_stats SET follows = follows - 1 WHERE user_id = OLD.followee_id AND day = stats_utc_day(OLD.created_at);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER follows_stats AFTER INSERT OR DELETE ON follows FOR EACH ROW EXECUTE FUNCTION stats_follow();
--> statement-breakpoint
CREATE FUNCTION stats_platform_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_delta integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
  v_row record := CASE WHEN TG_OP = 'INSERT' THEN NEW ELSE OLD END;
  v_signups integer := CASE WHEN TG_TABLE_NAME = 'users' THEN v_delta ELSE 0 END;
  v_uploads integer := CASE WHEN TG_TABLE_NAME = 'glyphs' THEN v_delta ELSE 0 END;
  v_reports integer := CASE WHEN TG_TABLE_NAME = 'reports' THEN v_delta ELSE 0 END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO platform_daily_stats AS s (day, signups, uploads, reports) VALUES (stats_utc_day(v_row.created_at), v_signups, v_uploads, v_reports)
    ON CONFLICT (day) DO UPDATE SET signups = s.signups + v_signups, uploads = s.uploads + v_uploads, reports = s.reports + v_reports;
  ELSE
    UPDATE platform_daily_stats SET signups = signups + v_signups, uploads = uploads + v_uploads, reports = reports + v_reports
    WHERE day = stats_utc_day(v_row.created_at);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_stats AFTER INSERT OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION stats_platform_event();
--> statement-breakpoint
CREATE TRIGGER glyphs_stats AFTER INSERT OR DELETE ON glyphs FOR EACH ROW EXECUTE FUNCTION stats_platform_event();
--> statement-breakpoint
CREATE TRIGGER reports_stats AFTER INSERT OR DELETE ON reports FOR EACH ROW EXECUTE FUNCTION stats_platform_event();
--> statement-breakpoint
-- Rebuilds every roll-up from the raw events: the backfill below, and bulk loads (the demo seed) that
-- write events with the row triggers off.
CREATE FUNCTION stats_rebuild_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM glyph_daily_stats;
  DELETE FROM release_daily_stats;
  DELETE FROM creator_daily_stats;
  DELETE FROM platform_daily_stats;
  INSERT INTO glyph_daily_stats (glyph_id, day, views, downloads_button, downloads_latest, downloads_repository, likes)
  SELECT glyph_id, day, sum(views), sum(button), sum(latest), sum(repository), sum(likes) FROM (
    SELECT glyph_id, stats_utc_day(created_at) AS day, 1 AS views, 0 AS button, 0 AS latest, 0 AS repository, 0 AS likes FROM glyph_views
    UNION ALL
    SELECT glyph_id, stats_utc_day(created_at), 0, (source NOT IN ('latest', 'repository'))::int, (source = 'latest')::int, (source = 'repository')::int, 0 FROM glyph_downloads
    UNION ALL
    SELECT glyph_id, stats_utc_day(created_at), 0, 0, 0, 0, 1 FROM glyph_likes
  ) e GROUP BY glyph_id, day;
  INSERT INTO release_daily_stats (release_id, day, downloads)
  SELECT release_id, stats_utc_day(created_at), count(*) FROM release_downloads GROUP BY 1, 2;
  INSERT INTO creator_daily_stats (user_id, day, follows)
  SELECT followee_id, stats_utc_day(created_at), count(*) FROM follows GROUP BY 1, 2;
  INSERT INTO platform_daily_stats (day, signups, uploads, reports)
  SELECT day, sum(signups), sum(uploads), sum(reports) FROM (
    SELECT stats_utc_day(created_at) AS day, 1 AS signups, 0 AS uploads, 0 AS reports FROM users
    UNION ALL
    SELECT stats_utc_day(created_at), 0, 1, 0 FROM glyphs
    UNION ALL
    SELECT stats_utc_day(created_at), 0, 0, 1 FROM reports
  ) e GROUP BY day;
END
$$;
--> statement-breakpoint
SELECT stats_rebuild_rollups();
