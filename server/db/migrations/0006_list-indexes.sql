CREATE TABLE "project_counts" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"live" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "folders_project_id_updated_at_idx";--> statement-breakpoint
DROP INDEX "projects_owner_id_updated_at_idx";--> statement-breakpoint
ALTER TABLE "project_counts" ADD CONSTRAINT "project_counts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "folders_live_updated_at_idx" ON "folders" USING btree ("project_id","updated_at","id") WHERE "folders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "folders_live_created_at_idx" ON "folders" USING btree ("project_id","created_at","id") WHERE "folders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "folders_live_name_idx" ON "folders" USING btree ("project_id",lower("name"),"id") WHERE "folders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_live_updated_at_idx" ON "projects" USING btree ("owner_id","updated_at","id") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_live_created_at_idx" ON "projects" USING btree ("owner_id","created_at","id") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_live_last_recording_at_idx" ON "projects" USING btree ("owner_id","last_recording_at" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_live_name_idx" ON "projects" USING btree ("owner_id",lower("name"),"id","name") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "recordings_live_originals_created_at_idx" ON "recordings" USING btree ("parent_folder_id","created_at","id") WHERE "recordings"."type" = 'original' and "recordings"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "recordings_live_originals_updated_at_idx" ON "recordings" USING btree ("parent_folder_id","updated_at","id") WHERE "recordings"."type" = 'original' and "recordings"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "recordings_live_originals_label_idx" ON "recordings" USING btree ("parent_folder_id",lower("label"),"id") WHERE "recordings"."type" = 'original' and "recordings"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "recordings_live_conversions_updated_at_idx" ON "recordings" USING btree ("original_id","updated_at","id") WHERE "recordings"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "recordings_live_project_stats_idx" ON "recordings" USING btree ("project_id","type","duration","size","owner_id") WHERE "recordings"."deleted_at" is null;--> statement-breakpoint
-- project_counts is kept by these triggers (hand-written: drizzle-kit does not model triggers). New and
-- removed rows are counted per statement from transition tables (a bulk insert is one upsert per owner);
-- an update moves a row between live and deleted only when deleted_at (or the owner) changes.
CREATE FUNCTION "project_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "project_counts" ("owner_id", "live", "deleted")
  SELECT "owner_id", count(*) FILTER (WHERE "deleted_at" IS NULL), count(*) FILTER (WHERE "deleted_at" IS NOT NULL)
  FROM "inserted_rows" GROUP BY "owner_id"
  ON CONFLICT ("owner_id") DO UPDATE
    SET "live" = "project_counts"."live" + excluded."live", "deleted" = "project_counts"."deleted" + excluded."deleted";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "project_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "project_counts" c SET "live" = c."live" - d."live", "deleted" = c."deleted" - d."deleted"
  FROM (
    SELECT "owner_id", count(*) FILTER (WHERE "deleted_at" IS NULL) AS "live",
      count(*) FILTER (WHERE "deleted_at" IS NOT NULL) AS "deleted"
    FROM "deleted_rows" GROUP BY "owner_id"
  ) d
  WHERE c."owner_id" = d."owner_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "project_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "project_counts" SET
    "live" = "live" - (OLD."deleted_at" IS NULL)::int,
    "deleted" = "deleted" - (OLD."deleted_at" IS NOT NULL)::int
  WHERE "owner_id" = OLD."owner_id";
  INSERT INTO "project_counts" ("owner_id", "live", "deleted")
  VALUES (NEW."owner_id", (NEW."deleted_at" IS NULL)::int, (NEW."deleted_at" IS NOT NULL)::int)
  ON CONFLICT ("owner_id") DO UPDATE
    SET "live" = "project_counts"."live" + excluded."live", "deleted" = "project_counts"."deleted" + excluded."deleted";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "projects_counted_on_insert" AFTER INSERT ON "projects"
  REFERENCING NEW TABLE AS "inserted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "project_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "projects_counted_on_delete" AFTER DELETE ON "projects"
  REFERENCING OLD TABLE AS "deleted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "project_counts_deleted"();--> statement-breakpoint
CREATE TRIGGER "projects_counted_on_update" AFTER UPDATE OF "deleted_at", "owner_id" ON "projects"
  FOR EACH ROW
  WHEN ((OLD."deleted_at" IS NULL) IS DISTINCT FROM (NEW."deleted_at" IS NULL) OR OLD."owner_id" IS DISTINCT FROM NEW."owner_id")
  EXECUTE FUNCTION "project_counts_updated"();--> statement-breakpoint
INSERT INTO "project_counts" ("owner_id", "live", "deleted")
SELECT "owner_id", count(*) FILTER (WHERE "deleted_at" IS NULL), count(*) FILTER (WHERE "deleted_at" IS NOT NULL)
FROM "projects" GROUP BY "owner_id";
