DROP INDEX "folders_project_id_updated_at_idx";--> statement-breakpoint
DROP INDEX "projects_owner_id_updated_at_idx";--> statement-breakpoint
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
CREATE INDEX "recordings_live_project_stats_idx" ON "recordings" USING btree ("project_id","type","duration","size","owner_id") WHERE "recordings"."deleted_at" is null;