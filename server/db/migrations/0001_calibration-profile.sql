ALTER TABLE "calibrations" ADD COLUMN "profile" jsonb;--> statement-breakpoint
ALTER TABLE "calibrations" ADD COLUMN "source_recording_ids" uuid[];