CREATE TYPE "public"."price_mode" AS ENUM('subscription', 'payment', 'metered');--> statement-breakpoint
CREATE TABLE "metered_usage" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"recording_id" uuid,
	"seconds" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subscription_prices" ADD COLUMN "mode" "price_mode" DEFAULT 'subscription' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "current_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "revenue_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "metered_usage" ADD CONSTRAINT "metered_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metered_usage" ADD CONSTRAINT "metered_usage_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metered_usage_user_id_created_at_idx" ON "metered_usage" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "metered_usage_recording_id_idx" ON "metered_usage" USING btree ("recording_id");--> statement-breakpoint
-- One-time prices (the credit packs, which have no interval) are paid once.
UPDATE "subscription_prices" SET "mode" = 'payment' WHERE "interval" IS NULL;--> statement-breakpoint
-- A trial's start, from its grant in the ledger (else three days before its end), so a promo can extend it.
UPDATE "subscriptions" s SET "trial_started_at" = coalesce(
	(SELECT min(l."created_at") FROM "credit_ledger" l WHERE l."user_id" = s."user_id" AND l."reason" = 'trial'),
	s."trial_ends_at" - interval '3 days'
) WHERE s."trial_ends_at" IS NOT NULL;
